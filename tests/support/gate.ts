/**
 * A simulated school gate: signs and posts passes through the gate API exactly as a controller
 * does (tests and benchmarks use it), and, run by hand, posts a school morning's traffic to a
 * running console:
 *
 *   npx tsx tests/support/gate.ts http://localhost:8080 admin <password> [南大门]
 *
 * It signs in, issues the door a key (生成密钥), then sends every pupil in service through the gate
 * between 07:10 and 07:55 today (school time), a few of them late.
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

async function main() {
  const [origin = 'http://localhost:8080', username = 'admin', password = process.env.ADMIN_PASSWORD ?? '', doorName = '南大门'] = process.argv.slice(2);
  const base = `${origin.replace(/\/$/, '')}/${process.env.BASE_PATH?.replace(/^\//, '') ?? 'ccu-boot'}`;
  const call = async (method: string, path: string, token: string | null, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'X-Access-Token': token } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await response.json()) as { success: boolean; message: string; result: never };
  };
  const signedIn = await call('POST', '/sys/login', null, { username, password });
  if (!signedIn.success) throw new Error(`sign-in failed: ${signedIn.message}`);
  const token = (signedIn.result as { token: string }).token;
  const door = ((await call('GET', `/acs/door/list?name=${encodeURIComponent(doorName)}`, token)).result as { records: { id: string; serialNo: string }[] }).records[0];
  if (!door) throw new Error(`no door named ${doorName}`);
  const issued = await call('POST', '/acs/door/issueKey', token, { id: door.id });
  const key = { serial: door.serialNo, secret: (issued.result as { secret: string }).secret };
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const cards = ((await call('GET', '/memb/card/list?cardStatus=1&pageSize=1000', token)).result as { records: { cardNo: string }[] }).records;
  const records: GateRecord[] = cards.map((card, index) => {
    // 07:10 on, a pupil every 20 s; the last tenth come after 07:40.
    const seconds = 7 * 3600 + 10 * 60 + Math.round((index / Math.max(1, cards.length)) * 45 * 60);
    const clock = `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
    return { serialNo: `M${day.replaceAll('-', '')}${index}`, cardNo: card.cardNo, direction: '1', method: '1', deviceTime: schoolClock(day, clock) };
  });
  let passed = 0;
  let refused = 0;
  for (let at = 0; at < records.length; at += 200) {
    const answer = await postPasses(base, key, records.slice(at, at + 200));
    for (const one of answer.body.result ?? [])
      if (one.allowed) passed += 1;
      else refused += 1;
  }
  console.log(`${doorName}: ${records.length} passes posted, ${passed} let through, ${refused} refused`);
}

if (process.argv[1]?.endsWith('gate.ts')) await main();
