import type { FastifyRequest } from 'fastify';
import { lt } from 'drizzle-orm';
import { NONCE_HEADER, NONCE_PATTERN } from '@shared/deviceTakes';
import { TERMINAL_CLOCK_SKEW_MS } from '@shared/terminal';
import type { Executor } from '../../db/client';
import { deviceNonces } from '../../db/schema';
import { ApiError } from '../../http/envelope';

/**
 * A nonce is remembered as long as a signature carrying it could still be accepted: its timestamp
 * may be up to the clock window ahead and is accepted up to the window after, so twice it, and more.
 */
const REMEMBERED_MS = 3 * TERMINAL_CLOCK_SKEW_MS;
const PRUNE_EVERY_MS = 60_000;
let prunedAt = 0;

/** The request's nonce (the `X-Nonce` header), or the refusal: a take request without a good one is not signed. */
export function nonceOf(request: FastifyRequest): string {
  const nonce = String(request.headers[NONCE_HEADER] ?? '');
  if (!NONCE_PATTERN.test(nonce)) throw new ApiError(401, '设备请求缺少有效的随机数（X-Nonce）', 'The device request carries no valid nonce (X-Nonce)');
  return nonce;
}

/**
 * Spends a nonce a device signed for a route, once on every instance sharing the database; one seen
 * already is a replayed request (401). Called after the signature is checked, so no one else can
 * spend a device's nonces.
 */
export async function spendNonce(db: Executor, route: string, serial: string, nonce: string): Promise<void> {
  if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
    prunedAt = Date.now();
    await db.delete(deviceNonces).where(lt(deviceNonces.seenAt, new Date(Date.now() - REMEMBERED_MS)));
  }
  const fresh = await db
    .insert(deviceNonces)
    .values({ key: `${route}|${serial}|${nonce}` })
    .onConflictDoNothing()
    .returning({ key: deviceNonces.key });
  if (!fresh.length) throw new ApiError(401, '该请求已处理过（重放），请重新签名后再发送', 'This request was received before (a replay); sign a new one');
}
