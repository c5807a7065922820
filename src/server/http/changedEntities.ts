import type { FastifyInstance } from 'fastify';
import { CHANGED_ENTITIES_HEADER } from '@shared/constants';
import { recordingWrites, type WriteRecord } from '../db/writes';

const CHANGING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

declare module 'fastify' {
  interface FastifyRequest {
    writes: WriteRecord | null;
  }
}

/**
 * A console's changing request answers which lists it changed (X-Changed-Entities: `members.card,users`):
 * its handler runs recording the tables its statements write, and `kindsOf` names their lists. The
 * console reloads those; a refused request answers none.
 */
export function installChangedEntities(api: FastifyInstance, kindsOf: (record: WriteRecord) => Promise<string[]>): void {
  api.decorateRequest('writes', null);
  api.addHook('preHandler', (request, _reply, done) => {
    // Terminals and the parents' app list nothing: only a signed-in console asks.
    if (!CHANGING.has(request.method) || !request.headers['x-access-token']) return done();
    const record: WriteRecord = { tables: new Set(), kinds: new Set() };
    request.writes = record;
    // The rest of the request (later hooks, the handler, what it awaits) runs inside the record.
    recordingWrites(record, () => done());
  });
  api.addHook('onSend', async (request, reply, payload) => {
    if (!request.writes || reply.statusCode >= 400) return payload;
    const kinds = await kindsOf(request.writes);
    if (kinds.length) void reply.header(CHANGED_ENTITIES_HEADER, kinds.join(','));
    return payload;
  });
}
