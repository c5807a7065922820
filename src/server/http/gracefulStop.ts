import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { handBackClaims } from '../outbox/deliver';

/** How long a stop waits for the requests under way before it cuts them (STOP_GRACE_MS). */
export const DEFAULT_STOP_GRACE_MS = 15_000;

/** How long a stop reads its open connections, answering with `Connection: close`, before it lets the idle ones go. */
const ANNOUNCE_MS = 500;

/** What a stop did, for its log line. */
export interface StopOutcome {
  /** Every request under way finished within the grace. */
  drained: boolean;
  /** Requests still under way when the grace ran out, cut with their connections. */
  cut: number;
  /** Queued effects this instance had claimed and gave back to the outbox. */
  handedBack: number;
  ms: number;
}

/**
 * Counts the requests under way, and, once the instance is stopping, closes each connection after
 * its answer: a kept-alive client (a terminal, a load balancer's pool) opens its next request
 * elsewhere instead of on a socket about to close. Registered by `buildApp`.
 */
export function trackRequestsUnderWay(app: FastifyInstance): { readonly underWay: number } {
  let underWay = 0;
  const stopping = () => app.appContext.lifecycle.stopping;
  app.addHook('onRequest', async () => {
    underWay += 1;
  });
  app.addHook('onResponse', async () => {
    underWay -= 1;
  });
  app.addHook('onRequestAbort', async (_request) => {
    underWay -= 1;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (stopping()) reply.header('connection', 'close');
  });
  return {
    get underWay() {
      return underWay;
    },
  };
}

/**
 * A stop asked for (SIGTERM from an orchestrator, a load balancer's drain): readiness answers 503
 * at once and the listener closes (new connections go to another instance); answers close their
 * connections, and half a second later the idle kept-alive ones are let go; the requests under way
 * finish — for at most `graceMs`, then what is left is cut — the background loops end after their
 * current step, and effects still claimed are handed back to the outbox. The database is the
 * caller's to close after.
 */
export async function stopGracefully(app: FastifyInstance, requests: { readonly underWay: number }, graceMs: number): Promise<StopOutcome> {
  const started = Date.now();
  app.appContext.lifecycle.stopping = true;
  // The listener alone closes first (a new connection is refused: the client knows it was never
  // taken). For a moment the open connections are still read — a request sent just now, still unread
  // while the event loop was busy, is taken and answered — and each answer closes its connection.
  // Only then does the close let go of the connections left idle.
  net.Server.prototype.close.call(app.server);
  await new Promise((resolve) => setTimeout(resolve, Math.min(ANNOUNCE_MS, graceMs)));
  let timer: NodeJS.Timeout | undefined;
  const closed = app.close().then(() => true);
  const drained = await Promise.race([closed, new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)))]);
  clearTimeout(timer);
  let cut = 0;
  if (!drained) {
    cut = requests.underWay;
    app.server.closeAllConnections();
    // The loops' onClose hooks still run once the server has closed; they are not waited for past a second.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000))]);
  }
  const handedBack = await handBackClaims(app.appContext).catch(() => 0);
  return { drained, cut, handedBack, ms: Date.now() - started };
}
