/**
 * 补助发放 of a batch of 10,000 people: people per second (each one posting into their subsidy
 * wallet, in its own transaction that locks the account and the line), printed beside single
 * counter recharges per second from one client in the same run — on PGlite, and on PostgreSQL with
 * fsync, synchronous_commit and full_page_writes on (said in the output). Run alone it also runs
 * itself on a throwaway PostgreSQL:
 *   node --import tsx tests/bench/subsidyIssue.ts
 * Numbers are printed, never asserted.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { newId } from '@server/db/ids';
import { ledgerService } from '@server/modules/ledger/service';
import { subsidyService } from '@server/modules/members/subsidies';
import { createTestApp } from '../support/testApp';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 10_000);
const RECHARGE_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The cluster's durability settings, said beside every figure. */
function durability(url: string): string {
  const value = (setting: string) => execFileSync('psql', [url, '-tAc', `show ${setting}`], { encoding: 'utf8' }).trim();
  return `fsync=${value('fsync')}, synchronous_commit=${value('synchronous_commit')}, full_page_writes=${value('full_page_writes')}`;
}

const app = await createTestApp();
try {
  const caller = { tenantId: 0, username: 'admin' };
  const [type] = await app.db
    .select({ id: t.memberTypes.id })
    .from(t.memberTypes)
    .where(and(eq(t.memberTypes.tenantId, 0), eq(t.memberTypes.code, 'STUDENT')));
  const [klass] = await app.db
    .select({ id: t.memberDepartments.id })
    .from(t.memberDepartments)
    .where(and(eq(t.memberDepartments.tenantId, 0), eq(t.memberDepartments.level, 3)));
  // 10,000 pupils with open, empty accounts (no posting needed: their balances are their ledger's, zero).
  const batchId = newId();
  await app.db.insert(t.subsidyBatches).values({
    id: batchId,
    tenantId: 0,
    billNo: 'BZBENCH00001',
    name: '基准补助',
    subsidyType: '1',
    startDate: '2026-01-01',
    auditStatus: '2',
    issueStatus: '4',
    persons: PEOPLE,
    total: PEOPLE * 1000,
  });
  for (let at = 0; at < PEOPLE; at += 1000) {
    const people = Array.from({ length: Math.min(1000, PEOPLE - at) }, (_, index) => ({ member: newId(), account: newId(), no: `B${String(at + index).padStart(7, '0')}` }));
    await app.db.insert(t.members).values(people.map((person) => ({ id: person.member, tenantId: 0, memberNo: person.no, realName: '基准', memberTypeId: type!.id, deptId: klass!.id })));
    await app.db
      .insert(t.accounts)
      .values(people.map((person) => ({ id: person.account, tenantId: 0, accountNo: `A${person.no}`, memberId: person.member, openDate: '2026-01-01', expireDate: '2030-01-01' })));
    await app.db.insert(t.subsidyItems).values(people.map((person) => ({ id: newId(), tenantId: 0, batchId, memberId: person.member, accountId: person.account, amount: 1000 })));
  }

  const where = onPostgres ? `PostgreSQL (${durability(app.databaseUrl!)})` : 'PGlite (in memory)';
  console.log(`subsidy issue on ${where}: ${PEOPLE} people, one client`);
  const started = performance.now();
  const done = await subsidyService(app).issue(caller, batchId);
  const seconds = (performance.now() - started) / 1000;
  const [posted] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.ledgerTransactions)
    .where(and(eq(t.ledgerTransactions.txnType, 'SUBSIDY_ISSUE'), sql`${t.ledgerTransactions.summary} like '补助发放 BZBENCH00001%'`));
  console.log(`  ${(done.issued / seconds).toFixed(0)} people/s (${done.issued} issued in ${seconds.toFixed(1)} s, ${done.failed} failed, ${posted!.n} postings)`);

  // Single recharges from one client, back to back, for comparison.
  const ledger = ledgerService(app.db);
  const accounts = (
    await app.db
      .select({ id: t.accounts.id })
      .from(t.accounts)
      .where(sql`${t.accounts.accountNo} like 'AB%'`)
      .limit(500)
  ).map((row) => row.id);
  let recharges = 0;
  const until = performance.now() + RECHARGE_SECONDS * 1000;
  const from = performance.now();
  while (performance.now() < until) {
    await ledger.recharge(caller, { key: `bench-recharge-${recharges}`, accountId: accounts[recharges % accounts.length]!, amountCents: 100, channel: 'cash' });
    recharges += 1;
  }
  const rechargeRate = recharges / ((performance.now() - from) / 1000);
  console.log(`  single recharges, one client: ${rechargeRate.toFixed(0)}/s — the issue runs at ${(done.issued / seconds / rechargeRate).toFixed(2)}× of it`);
} finally {
  await app.close();
}

if (!onPostgres && process.argv[1] === fileURLToPath(import.meta.url)) {
  const self = fileURLToPath(import.meta.url);
  const withPostgres = fileURLToPath(new URL('../support/withPostgres.ts', import.meta.url));
  // As production runs it: fsync, synchronous_commit and full_page_writes on.
  spawnSync('node', ['--import', 'tsx', withPostgres, 'node', '--import', 'tsx', self], { stdio: 'inherit', env: { ...process.env, PG_DURABLE: '1' } });
}
export {};
