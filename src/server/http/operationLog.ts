import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { operationLogs } from '../db/schema';

const CHANGING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** What names the record a request acted on, in the order looked for (never a body's other fields). */
const TARGET_KEYS = ['id', 'ids', 'username', 'roleCode', 'dictCode', 'billNo', 'cardNo', 'cardId', 'accountId', 'memberId', 'txnId', 'anntId', 'departId', 'roleId', 'userId'] as const;
const MAX_TARGET = 200;
/** Answers longer than this are not read for their message (exports, lists). */
const MAX_READ_PAYLOAD = 64 * 1024;

/** operate_type of a route: JeecgBoot's numbers by the route's last word, 7 for a named business operation. */
export function operateTypeOf(route: string): string {
  const last = route.split('/').pop() ?? '';
  if (/^(add|save|register)/i.test(last)) return '2';
  if (/^(edit|update)/i.test(last)) return '3';
  if (/^delete/i.test(last)) return '4';
  if (/^import/i.test(last)) return '5';
  if (/^export/i.test(last)) return '6';
  return '7';
}

/** Text as PostgreSQL keeps it: a NUL (which it refuses) written as `\0`, so a refused write with one is logged too. */
const storable = (text: string) => text.replaceAll('\u0000', '\\0');

/** `id=…, ids=…`: the identifying values the request carried (query first, then body), cut to 200 characters. */
function targetOf(request: FastifyRequest, answerId: unknown): string | null {
  const sources = [request.query, request.body].filter((source): source is Record<string, unknown> => typeof source === 'object' && source !== null && !Array.isArray(source));
  const parts: string[] = [];
  for (const key of TARGET_KEYS) {
    const value = sources.map((source) => source[key]).find((candidate) => typeof candidate === 'string' || typeof candidate === 'number');
    if (value !== undefined && value !== '') parts.push(`${key}=${String(value)}`);
  }
  if (!parts.length && (typeof answerId === 'string' || typeof answerId === 'number')) parts.push(`id=${String(answerId)}`);
  const text = storable(parts.join(', '));
  return text ? (text.length > MAX_TARGET ? `${text.slice(0, MAX_TARGET - 1)}…` : text) : null;
}

interface Answer {
  message: string | null;
  id: unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    loggedAnswer: Answer | null;
  }
}

/**
 * 操作日志: every changing request of a signed-in user is written down once its answer has gone
 * out — allowed or refused, with the envelope's message. Writing never delays or fails the
 * request; a failed write goes to the server log.
 */
export function installOperationLog(api: FastifyInstance, db: Database): void {
  api.decorateRequest('loggedAnswer', null);
  api.addHook('onSend', async (request, _reply, payload) => {
    if (!CHANGING.has(request.method) || typeof payload !== 'string' || payload.length > MAX_READ_PAYLOAD) return payload;
    try {
      const envelope = JSON.parse(payload) as { message?: unknown; result?: { id?: unknown } | null };
      request.loggedAnswer = { message: typeof envelope.message === 'string' ? envelope.message : null, id: envelope.result?.id };
    } catch {
      // Not an envelope: nothing to read.
    }
    return payload;
  });
  api.addHook('onResponse', async (request, reply) => {
    const caller = request.auth ?? request.caller;
    if (!CHANGING.has(request.method) || !caller || !request.routeOptions.url || request.routeOptions.config.notLogged) return;
    // Named as the API knows them, without the base path (/ccu-boot).
    const relative = (url: string) => (url.startsWith(api.prefix) ? url.slice(api.prefix.length) : url);
    const route = relative(request.routeOptions.url);
    const path = relative(request.url.split('?')[0]!);
    try {
      await db.insert(operationLogs).values({
        tenantId: caller.tenantId,
        userId: caller.userId,
        username: caller.username,
        operateType: operateTypeOf(route),
        requestMethod: request.method,
        route,
        requestUrl: storable(path.length > 500 ? path.slice(0, 500) : path),
        permission: request.routeOptions.config.permission ?? null,
        target: targetOf(request, request.loggedAnswer?.id),
        ip: request.ip,
        costMs: Math.round(reply.elapsedTime),
        status: reply.statusCode,
        success: reply.statusCode < 400,
        message: request.loggedAnswer?.message ? storable(request.loggedAnswer.message.slice(0, 500)) : null,
      });
    } catch (error) {
      request.log.warn({ err: error }, 'operation log not written');
    }
  });
}
