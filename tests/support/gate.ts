/**
 * A simulated school gate: signs and posts passes through the gate API exactly as a controller
 * does (tests, benchmarks and the by-hand script simulateGate.ts use it).
 */
import { createHmac } from 'node:crypto';
import { gateSigningText, type GateRecord } from '@shared/gate';

export interface GateKey {
  serial: string;
  secret: string;
}

/** The signed headers of a request carrying these records (none: a request for grants). */
export function gateHeaders(key: GateKey, records: readonly GateRecord[] | null, timestamp = String(Date.now())): Record<string, string> {
  const text = records ? gateSigningText(key.serial, timestamp, records) : `${key.serial}|${timestamp}`;
  return {
    'content-type': 'application/json',
    'x-terminal-serial': key.serial,
    'x-timestamp': timestamp,
    'x-signature': createHmac('sha256', key.secret).update(text).digest('hex'),
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
