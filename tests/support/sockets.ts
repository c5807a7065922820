import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

export interface TestSocket {
  ws: WebSocket;
  received: unknown[];
  /** The next message, or a failure after `ms` (3 s). */
  next(ms?: number): Promise<unknown>;
  /** The close code, once the socket closes (listened for from the start: an early close is not missed). */
  closed: Promise<number>;
}

/** Opens a socket on the server (injected, no port) and collects what it receives, in order. */
export async function openSocket(app: FastifyInstance, path: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const received: unknown[] = [];
  const waiters: ((value: unknown) => void)[] = [];
  const ws = (await app.injectWS(path, { headers })) as unknown as WebSocket;
  const closed = new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));
  ws.on('message', (data) => {
    const value = JSON.parse(String(data));
    const waiter = waiters.shift();
    if (waiter) waiter(value);
    else received.push(value);
  });
  return {
    ws,
    received,
    closed,
    next: (ms = 3000) =>
      received.length
        ? Promise.resolve(received.shift())
        : new Promise((resolve, reject) => {
            waiters.push(resolve);
            setTimeout(() => reject(new Error(`no message within ${ms} ms`)), ms);
          }),
  };
}
