import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createAppContext } from '../wiring/appContext';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { createSessionStore } from '../modules/auth/sessions';
import { createMemoryBus } from '../realtime/bus';
import type { SmsSender } from '../sms/sender';
import { ApiError } from '../http/envelope';
import type { SimulatedClock } from '../clock/simulatedClock';
import '../wiring/outboxHandlers';

const quiet = () => {};
/** The sample weeks say what they do in their progress lines, not in a log. */
const silent: FastifyBaseLogger = { level: 'silent', fatal: quiet, error: quiet, warn: quiet, info: quiet, debug: quiet, trace: quiet, silent: quiet, child: () => silent };

/** The sample weeks' context, and the numbers its text gateway answers 空号 for (a parent who changed numbers). */
export type SampleContext = AppContext & { unreachable: Set<string> };

/** How long the text gateway takes to answer a text, on the simulated clock. */
const GATEWAY_MS = 240;

/**
 * The context the sample weeks run the school's jobs and queued effects in, as the server would:
 * its own event bus and sessions (no console is open yet). Texts reach no phone: the gateway only
 * takes its moment on the simulated clock, and 短信通知 lists each as sent — or as failed, for a
 * number named unreachable.
 */
export function sampleContext(db: Database, clock: SimulatedClock): SampleContext {
  const bus = createMemoryBus();
  const context = createAppContext(
    {
      config: { basePath: '/ccu-boot', tokenTtlMinutes: 120, webRoot: '', uploadDir: path.join(os.tmpdir(), 'ccu-sample-school') },
      db,
      sessions: createSessionStore(db, 120, bus),
      bus,
    },
    silent,
    { paused: false },
  );
  const unreachable = new Set<string>();
  const gateway: SmsSender = {
    async send(mobile) {
      clock.set(clock.now().getTime() + GATEWAY_MS);
      if (unreachable.has(mobile)) throw new ApiError(502, '短信发送失败：空号');
    },
  };
  return { ...context, sms: gateway, unreachable };
}
