import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionState, splitActions } from '@shared/permissions';
import type { MessageLocale } from '@shared/validation';
import type { GrantCache, Holder } from '../modules/auth/grants';
import type { SessionStore, SessionUser } from '../modules/auth/sessions';
import type { Database } from '../db/client';
import { schoolZone } from '../modules/schools/settings';
import { badRequest, forbidden, MESSAGES, unauthorized } from './envelope';
import { localeOf } from './language';
import { setRequestZone } from './schoolClock';

/** Who is calling: set on every non-public API request before its handler runs. */
export interface AuthContext extends SessionUser, Holder {
  token: string;
  /** The tenant the request acts in. */
  tenantId: number;
  /** The console's language (its Accept-Language): dictionary texts and messages follow it. */
  locale: MessageLocale;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, translations). */
    public?: boolean;
    /** Permission code(s) the caller must hold, any of a comma list. */
    permission?: string;
    /**
     * Open to every signed-in user because it acts only on the caller's own things (their
     * password, departments, permissions, dictionaries, uploads).
     */
    self?: boolean;
    /**
     * Shows the school's own things to any of its users (its announcements, its sign-in counts,
     * uploads): refused to an account that holds nothing yet (a self-registered one waiting for an
     * administrator's grant).
     */
    schoolWide?: boolean;
    /** Signed in by the file cookie too (the stored-file route, for <img> and links). */
    fileCookie?: boolean;
    /** A user's own bookkeeping (the palette's ranking), not an operation: kept out of 操作日志. */
    notLogged?: boolean;
    /**
     * A request without any token goes on unauthenticated (`request.auth` stays null) and the
     * handler decides what little it gets (the notice socket of JeecgBoot's client); a token that
     * is there must still be valid.
     */
    tokenOptional?: boolean;
    /**
     * Changes something every tenant shares (the menu tree and its data rules): only the
     * platform tenant (0, the installation's own) may, whatever permissions a school holds.
     */
    platform?: boolean;
    /**
     * A successful call changes who holds what (roles, grants, the menu tree, memberships): every
     * instance forgets the holdings it keeps, before the answer leaves.
     */
    changesAccess?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Who a signed-in request came from, set before the permission check: a refusal is logged with its name too. */
    caller: { userId: string; username: string; tenantId: number } | null;
  }
}

/** The tenant that runs the installation: the only one that may change what all tenants share. */
export const PLATFORM_TENANT = 0;

/** Permission codes of the routes marked `platform` (collected as routes are declared). */
export const platformOnlyCodes = new Set<string>();

/** The cookie that carries the session to the stored-file route only (<img> and links cannot send headers). */
export const FILE_COOKIE = 'ccu_files';

/**
 * The token from `X-Access-Token`. A WebSocket (browsers cannot set its headers) may carry it as
 * its Sec-WebSocket-Protocol (as JeecgBoot's later clients do; 2.4's header socket sends none) or
 * the `token` query parameter; the
 * stored-file route takes it from its own path-scoped cookie. Any other request with the token in
 * its URL is not signed in: URLs end up in logs, history and Referer headers.
 */
export function tokenOf(request: FastifyRequest, options: { fileCookie?: boolean } = {}): string | undefined {
  const header = request.headers['x-access-token'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value) return value;
  if (request.headers.upgrade?.toLowerCase() === 'websocket') {
    const query = request.query as Record<string, unknown> | undefined;
    if (typeof query?.token === 'string' && query.token) return query.token;
    const protocol = request.headers['sec-websocket-protocol'];
    return typeof protocol === 'string' && protocol ? protocol.split(',')[0]!.trim() : undefined;
  }
  if (options.fileCookie) {
    const cookie = new RegExp(`(?:^|;\\s*)${FILE_COOKIE}=([^;]+)`).exec(request.headers.cookie ?? '')?.[1];
    if (cookie) return decodeURIComponent(cookie);
  }
  return undefined;
}

/** The tenant header (`tenant_id` or `tenant-id`), 0 when absent. */
export function tenantHeaderOf(request: FastifyRequest): number {
  const raw = request.headers['tenant_id'] ?? request.headers['tenant-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return 0;
  if (!/^\d{1,9}$/.test(value)) throw badRequest(MESSAGES.badTenant);
  return Number(value);
}

/**
 * Every API route needs a live session unless it is marked public; a route that declares a
 * permission also needs the caller to hold it. Runs before the body is parsed.
 */
export function installAuthGuard(api: FastifyInstance, deps: { sessions: SessionStore; grants: GrantCache; db: Database }): void {
  api.decorateRequest('auth', null);
  api.decorateRequest('caller', null);
  // Every route says who may call it: a route that forgot stops the server at start.
  api.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { public?: boolean; self?: boolean; permission?: string; platform?: boolean };
    if (!config.public && !config.self && !config.permission?.trim()) {
      throw new Error(`Route ${[route.method].flat().join('|')} ${route.url} declares no permission (config.permission, self or public)`);
    }
    if (config.platform) for (const code of splitActions(config.permission)) platformOnlyCodes.add(code);
  });
  api.addHook('onRequest', async (request) => {
    // Unknown paths fall through to the 404 envelope.
    if (!request.routeOptions.url) return;
    const config = request.routeOptions.config;
    if (config.public) return;

    const token = tokenOf(request, { fileCookie: config.fileCookie });
    if (!token && config.tokenOptional) return;
    if (!token) throw unauthorized();
    const session = await deps.sessions.resolve(token);
    if (!session || session.delFlag !== 0 || session.status !== 1) throw unauthorized();
    request.caller = { userId: session.userId, username: session.username, tenantId: session.tenantId };
    // Times in the answer, and times typed in the request, are the school's.
    setRequestZone(await schoolZone(deps.db, session.tenantId));

    const requestedTenant = tenantHeaderOf(request);
    if (requestedTenant !== 0 && requestedTenant !== session.tenantId) throw forbidden(MESSAGES.tenantForbidden);

    if (config.platform && session.tenantId !== PLATFORM_TENANT) throw forbidden(request.method === 'GET' ? MESSAGES.platformOnlyRead : MESSAGES.platformOnly);
    // The same rule as the buttons and the palette: a disabled (status '0') button is refused too.
    const held = await deps.grants.holderOf(session.userId);
    if (config.schoolWide && !held.isAdmin && held.codes.size === 0) throw forbidden(MESSAGES.notGranted);
    if (actionState(config.permission, held) !== 'shown') throw forbidden();
    request.auth = { ...session, token, ...held, locale: localeOf(request) };
  });
  api.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.changesAccess && reply.statusCode < 400) await deps.grants.changed();
    return payload;
  });
}

/** The caller of a non-public route; a handler on a public route must not call it. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
