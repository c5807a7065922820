import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';

/** One answered request as 请求追踪 lists it: no bodies, no query strings (tokens travel there), no headers. */
export interface TracedRequest {
  time: number;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  user: string | null;
}

/** How many requests the trace keeps, and how many seconds the rates look back. */
const TRACE_SIZE = 500;
const WINDOW_SECONDS = 60;

/**
 * This instance's requests: the last few hundred for 请求追踪, and per-second counts of the last
 * minute for the rates of 服务器信息. Kept in memory, never written anywhere.
 */
export function createRequestStats() {
  const trace: TracedRequest[] = [];
  let next = 0;
  // Per second of the last minute: [second, requests, errors].
  const seconds = new Array<[number, number, number]>(WINDOW_SECONDS).fill([0, 0, 0]);
  let total = 0;

  function record(entry: TracedRequest): void {
    total += 1;
    if (trace.length < TRACE_SIZE) trace.push(entry);
    else trace[next] = entry;
    next = (next + 1) % TRACE_SIZE;
    const second = Math.floor(entry.time / 1000);
    const slot = second % WINDOW_SECONDS;
    const [at, requests, errors] = seconds[slot]!;
    seconds[slot] = at === second ? [second, requests + 1, errors + (entry.status >= 500 ? 1 : 0)] : [second, 1, entry.status >= 500 ? 1 : 0];
  }

  return {
    /** This server among the instances sharing the database (a process may run several in tests). */
    instanceId: `${hostname()}#${process.pid}#${randomBytes(3).toString('hex')}`,
    record,
    /** The newest first. */
    recent(limit: number): TracedRequest[] {
      const ordered = trace.length < TRACE_SIZE ? [...trace] : [...trace.slice(next), ...trace.slice(0, next)];
      return ordered.reverse().slice(0, limit);
    },
    /** Requests and server errors of the last minute, and every request since the start. */
    lastMinute(now = Date.now()): { requests: number; errors: number; total: number } {
      const from = Math.floor(now / 1000) - WINDOW_SECONDS;
      let requests = 0;
      let errors = 0;
      for (const [second, count, failed] of seconds)
        if (second > from) {
          requests += count;
          errors += failed;
        }
      return { requests, errors, total };
    },
    /** Records every answered request of the API (the web app's static files are not API requests). */
    install(api: FastifyInstance): void {
      api.addHook('onResponse', async (request, reply) => {
        const caller = request.auth ?? request.caller;
        record({
          time: Date.now(),
          method: request.method,
          path: (request.url.split('?')[0] ?? '').slice(0, 300),
          status: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
          user: caller?.username ?? null,
        });
      });
    },
  };
}
export type RequestStats = ReturnType<typeof createRequestStats>;
