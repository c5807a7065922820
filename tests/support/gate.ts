/**
 * A simulated school gate: signs and posts passes through the gate API exactly as a controller
 * does (tests, benchmarks and the by-hand script simulateGate.ts use it).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { NONCE_HEADER, takeSigningText } from '@shared/deviceTakes';
import { gateSigningText, type GateRecord } from '@areas/access/shared/gate';

export interface GateKey {
  serial: string;
  secret: string;
}

/** The signed headers of a request carrying these records. */
export function gateHeaders(key: GateKey, records: readonly GateRecord[], timestamp = String(Date.now())): Record<string, string> {
  const text = gateSigningText(key.serial, timestamp, records);
  return {
    'content-type': 'application/json',
    'x-terminal-serial': key.serial,
    'x-timestamp': timestamp,
    'x-signature': createHmac('sha256', key.secret).update(text).digest('hex'),
  };
}

/**
 * The signed headers of a device's take request (a door's grants or plates, a terminal's task items, a
 * phone's numbers): its route (after the API's base) and a new nonce, unless one is given.
 */
export function takeHeaders(key: GateKey, route: string, nonce = randomBytes(12).toString('hex'), timestamp = String(Date.now())): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-terminal-serial': key.serial,
    'x-timestamp': timestamp,
    [NONCE_HEADER]: nonce,
    'x-signature': createHmac('sha256', key.secret)
      .update(takeSigningText(key.serial, timestamp, nonce, route))
      .digest('hex'),
  };
}

/** `YYYY-MM-DD HH:mm:ss` of a school-time clock reading today. */
export const schoolClock = (day: string, clock: string) => `${day} ${clock.length === 5 ? `${clock}:00` : clock}`;

/** Posts passes to `<base>/gate/access` (base ends with the API path, e.g. http://host:8080/ccu-boot). */
export async function postPasses(
  base: string,
  key: GateKey,
  records: readonly GateRecord[],
): Promise<{ status: number; body: { success: boolean; message: string; result: { serialNo: string; success: boolean; allowed?: boolean; reason?: string | null }[] } }> {
  const response = await fetch(`${base}/gate/access`, { method: 'POST', headers: gateHeaders(key, records), body: JSON.stringify({ records }) });
  return { status: response.status, body: (await response.json()) as never };
}
