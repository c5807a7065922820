import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { BuildAppOptions } from '../app';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { createSessionStore } from '../modules/auth/sessions';
import { createMemoryBus } from '../realtime/bus';
import type { SmsSender } from '../sms/sender';
import { ApiError } from '../http/envelope';
import type { SimulatedClock } from '../clock/simulatedClock';

/** How the server is built: the sample's clerks work in the same server (passed in: the sample school sits below the server's entry). */
export type ServerBuilder = (options: BuildAppOptions) => Promise<FastifyInstance>;

/** The sample weeks' context, and the numbers its text gateway answers 空号 for (a parent who changed numbers). */
export type SampleContext = AppContext & { unreachable: Set<string> };

/** A clerk's request, as the console sends it. */
export interface ConsoleRequest {
  by: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: Record<string, unknown>;
}

/**
 * The sample weeks' server: the school's jobs and queued effects run in its context, and the
 * clerks' work of the weeks goes through its routes (`send`), as the console's requests do.
 */
export interface SampleConsole {
  context: SampleContext;
  /** Signed in as `by` for this request and signed out after; a refusal stops the sample (it is written to be allowed). */
  send<T = unknown>(request: ConsoleRequest): Promise<T>;
  close(): Promise<void>;
}

/** How long the text gateway takes to answer a text, on the simulated clock. */
const GATEWAY_MS = 240;

/**
 * The server the sample weeks run in, as it would run: its own event bus and sessions (no console
 * is open yet), no scheduler (the weeks run each job at its time) and no outbox worker (each
 * event's effects are delivered after it). Texts reach no phone: the gateway only takes its moment
 * on the simulated clock, and 短信通知 lists each as sent — or as failed, for a number named unreachable.
 */
export async function sampleConsole(db: Database, clock: SimulatedClock, buildApp: ServerBuilder): Promise<SampleConsole> {
  const bus = createMemoryBus();
  const sessions = createSessionStore(db, 120, bus);
  const unreachable = new Set<string>();
  const gateway: SmsSender = {
    async send(mobile) {
      clock.set(clock.now().getTime() + GATEWAY_MS);
      if (unreachable.has(mobile)) throw new ApiError(502, '短信发送失败：空号');
    },
  };
  const app = await buildApp({
    config: { basePath: '/ccu-boot', tokenTtlMinutes: 120, webRoot: '', uploadDir: path.join(os.tmpdir(), 'ccu-sample-school') },
    db,
    sessions,
    bus,
    sms: gateway,
  });
  await app.ready();
  const context: SampleContext = Object.assign(app.appContext, { unreachable });
  const clerks = new Map<string, { id: string; tenantId: number }>();
  return {
    context,
    async send<T>({ by, method = 'POST', url, body }: ConsoleRequest): Promise<T> {
      let clerk = clerks.get(by);
      if (!clerk) {
        const [found] = await db
          .select({ id: users.id, tenantId: users.tenantId })
          .from(users)
          .where(and(eq(users.username, by), eq(users.delFlag, 0)));
        if (!found) throw new Error(`sample school: no user ${by}`);
        clerks.set(by, (clerk = found));
      }
      const token = await sessions.create(clerk.id, clerk.tenantId, { ip: '10.0.0.8', userAgent: 'sample school' });
      try {
        const response = await app.inject({
          method,
          url: `/ccu-boot${url}`,
          headers: { 'x-access-token': token },
          ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(body ?? {}).map(([key, value]) => [key, String(value)])) } : { payload: body ?? {} }),
        });
        const answer = response.json() as { success?: boolean; message?: string; result?: T };
        if (!answer.success) throw new Error(`sample school: ${by} ${method} ${url} refused (${response.statusCode}): ${answer.message}`);
        return answer.result as T;
      } finally {
        await sessions.revoke(token);
      }
    },
    close: () => app.close(),
  };
}
