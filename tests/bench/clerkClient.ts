/**
 * The lunch peak's clerks, in a process of their own: each signed-in clerk works the console for
 * the given seconds — finds a pupil in 卡余额 by name, opens the account's 账户流水, tops it up at the
 * counter (a real posting, on accounts the terminals are paying from), looks at today's 消费记录 — with
 * a short pause between steps; the first clerk also opens today's 日报 every ten seconds. Prints one
 * JSON line: each kind of request's latencies (ms), what failed, and the recharges posted.
 * Its load comes as JSON on standard input: {"base","tokens","pupils":[{"accountId","name"}],"seconds","today"}
 *   node --import tsx clerkClient.ts < load.json
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

interface ClerkLoad {
  base: string;
  tokens: string[];
  pupils: { accountId: string; name: string }[];
  seconds: number;
  today: string;
}

const load = JSON.parse(fs.readFileSync(0, 'utf8')) as ClerkLoad;
const latencies: Record<string, number[]> = {};
const failures: string[] = [];
let recharges = 0;
let rechargedCents = 0;
const RECHARGE = '20.00';
const until = Date.now() + load.seconds * 1000;

async function call(kind: string, token: string, method: 'GET' | 'POST', url: string, body?: object): Promise<boolean> {
  const started = performance.now();
  try {
    const response = await fetch(`${load.base}${url}`, {
      method,
      headers: { 'X-Access-Token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await response.json()) as { success?: boolean; message?: string };
    (latencies[kind] ??= []).push(performance.now() - started);
    if (response.status !== 200 || answer.success === false) {
      failures.push(`${kind}: HTTP ${response.status} ${answer.message ?? ''}`);
      return false;
    }
    return true;
  } catch (error) {
    failures.push(`${kind}: ${(error as Error).message}`);
    return false;
  }
}

await Promise.all(
  load.tokens.map(async (token, clerk) => {
    let reportAt = Date.now();
    while (Date.now() < until) {
      const pupil = load.pupils[Math.floor(Math.random() * load.pupils.length)]!;
      await call('卡余额 by 姓名', token, 'GET', `/memb/balance/list?pageNo=1&pageSize=10&realName=${encodeURIComponent(pupil.name)}`);
      await sleep(300);
      await call('账户流水', token, 'GET', `/memb/account/statement?accountId=${pupil.accountId}&pageNo=1&pageSize=20`);
      await sleep(300);
      if (await call('充值', token, 'POST', '/memb/account/recharge', { idempotencyKey: randomUUID(), accountId: pupil.accountId, amount: RECHARGE, channel: 'cash' })) {
        recharges += 1;
        rechargedCents += Math.round(Number(RECHARGE) * 100);
      }
      await sleep(300);
      await call('消费记录 today', token, 'GET', '/pay/consumption/list?pageNo=1&pageSize=10');
      await sleep(300);
      if (clerk === 0 && Date.now() >= reportAt) {
        reportAt = Date.now() + 10_000;
        await call('日报 today', token, 'GET', `/report/daily?date=${load.today}`);
      }
    }
  }),
);
process.stdout.write(`${JSON.stringify({ latencies, failures, recharges, rechargedCents })}\n`);
