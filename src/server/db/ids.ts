import { randomUUID } from 'node:crypto';

/** A 32-character hex id, the shape JeecgBoot clients expect. */
export function newId(): string {
  return randomUUID().replaceAll('-', '');
}

/**
 * A 32-character hex id in time order (microseconds since 1970, then random): a ledger posting's,
 * so its header and lines enter their indexes at the right edge, as fin_consume's do. Its head is the
 * time: a number made from it takes its random tail.
 */
export function timeOrderedId(now = Date.now()): string {
  return (BigInt(now) * 1000n).toString(16).padStart(14, '0') + randomUUID().replaceAll('-', '').slice(0, 18);
}
