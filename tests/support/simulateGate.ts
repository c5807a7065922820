/**
 * A school morning at a gate, by hand, against a running console:
 *
 *   npx tsx tests/support/simulateGate.ts http://localhost:8080 admin <password> [南大门]
 *
 * It signs in, issues the door a key (生成密钥: the door's old key stops working), then sends every
 * card in service through the gate between 07:10 and 07:55 today (school time), the last of them
 * late. Run it after 08:00 school time: a pass later than the server's clock is refused.
 */
import type { GateRecord } from '@areas/access/shared/gate';
import { postPasses, schoolClock } from './gate';

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

await main();
