import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, fail, MESSAGES } from './envelope';
import { localeOf, toEnglish } from './language';

/**
 * Maps every error to an envelope with the right status, in the request's language; never sends
 * a stack trace. Successful answers' messages are put in the request's language too.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const english = localeOf(request) === 'en';
    if (error instanceof ApiError) {
      const message = english ? (error.en ?? toEnglish(error.message)) : error.message;
      return reply.status(error.status).send(fail(error.status, message));
    }
    const { status, message } = describe(error);
    // The database is away: said once per request, briefly (its own log says why), and when to try again.
    if (status === 503) reply.header('Retry-After', '5');
    if (status === 503) request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(fail(status, english ? toEnglish(message) : message));
  });
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (localeOf(request) !== 'en' || !payload || typeof payload !== 'object') return payload;
    const envelope = payload as { message?: unknown };
    if (typeof envelope.message !== 'string') return payload;
    const message = toEnglish(envelope.message);
    return message === envelope.message ? payload : { ...envelope, message };
  });
}

/** The SQLSTATE of a database error, also when the driver or drizzle wrapped it. */
function sqlState(error: unknown): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 4; current = current.cause as typeof current, depth += 1) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
  }
  return undefined;
}

/** Network errors of a connection to the database that is gone or refused. */
const LOST_CONNECTION = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The database could not be reached or went away mid-request (a restart, a crash, a cut network):
 * not the request's fault, and worth trying again shortly. SQLSTATE class 08 (connection),
 * 57P01–57P03 (shut down, starting up) and 53300 (no connection left), or the driver's own words.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 4; current = current.cause as typeof current, depth += 1) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (LOST_CONNECTION.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (typeof current.message === 'string' && /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed/i.test(current.message)) return true;
  }
  return false;
}

function describe(error: FastifyError): { status: number; message: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // The spec asks for 400 on an oversized body: it is bad input like any other.
      return { status: 400, message: MESSAGES.bodyTooLarge };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: MESSAGES.badJson };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: MESSAGES.unsupportedMediaType };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: MESSAGES.bodyTooLarge };
  }
  // The body parser marks the JSON it could not read with status 400; any other SyntaxError is ours (a 500).
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) return { status: 400, message: MESSAGES.badJson };
  if (error instanceof URIError) return { status: 400, message: MESSAGES.badPath };
  if (isDatabaseUnavailable(error)) return { status: 503, message: MESSAGES.databaseUnavailable };
  // The database refused the data (a value out of range, too long for an index…): the input was
  // bad, and the transaction wrote nothing. Schemas should catch it first; this is the net.
  const state = sqlState(error);
  if (state === '23505') return { status: 409, message: MESSAGES.conflict };
  if (state && (state.startsWith('22') || state === '23502' || state === '23503' || state === '23514' || state === '54000')) return { status: 400, message: MESSAGES.badData };
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, message: MESSAGES.tooManyRequests };
  // Fastify's own messages are English and technical: name the kind of error instead.
  if (status >= 400 && status < 500) return { status, message: `请求无效（${error.code ?? status}）` };
  return { status: 500, message: MESSAGES.internal };
}
