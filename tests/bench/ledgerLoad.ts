/**
 * The ledger under load on PostgreSQL: 50 clients × 1,000 random recharges, payments, refunds and
 * reversals each over HTTP, a fifth sent twice at the same moment, on six accounts. Prints the
 * operations per second, p50/p99 and what the ledger looks like afterwards: acknowledged
 * operations found once, drift, unbalanced transactions, wallets below zero (all must be 0).
 * Run alone it runs itself on a throwaway PostgreSQL:
 *   node --import tsx tests/bench/ledgerLoad.ts      (BENCH_LEDGER_OPS=200 for a shorter run)
 * Numbers are printed, never asserted.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq, inArray } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { newId } from '@server/db/ids';
import { hashPassword } from '@server/modules/auth/passwords';
import { runLedgerLoad, type LoadAnswer } from '../support/ledgerLoad';
import { BASE, createTestApp, signIn } from '../support/testApp';
import { summarise } from './stats';

const CLIENTS = 50;
const OPERATIONS_EACH = Number(process.env.BENCH_LEDGER_OPS ?? 1000);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function measure(): Promise<void> {
  const app = await createTestApp();
  try {
    const admin = await signIn(app.app, 'admin');
    // A second operator with the administrator's role: reversals are someone else's.
    const [adminRole] = await app.db.select({ roleId: t.userRoles.roleId }).from(t.userRoles).innerJoin(t.users, eq(t.users.id, t.userRoles.userId)).where(eq(t.users.username, 'admin'));
    const clerkId = newId();
    await app.db.insert(t.users).values({ id: clerkId, tenantId: 0, username: 'benchclerk', realname: '夜班出纳', passwordHash: await hashPassword('Bench-pass1') });
    await app.db.insert(t.userRoles).values({ userId: clerkId, roleId: adminRole!.roleId });
    const clerk = await signIn(app.app, 'benchclerk', 'Bench-pass1');
    const cards = await app.db.select({ cardNo: t.cards.cardNo, accountId: t.cards.accountId }).from(t.cards).where(eq(t.cards.cardStatus, '1')).orderBy(t.cards.cardNo).limit(6);
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${BASE}`;
    const send = async (token: string, url: string, body: Record<string, unknown>): Promise<LoadAnswer> => {
      const response = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Access-Token': token }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as LoadAnswer['body'] };
    };

    const started = performance.now();
    const result = await runLedgerLoad({ clients: CLIENTS, operationsEach: OPERATIONS_EACH, cards, tokens: [admin, clerk], send });
    const seconds = (performance.now() - started) / 1000;
    const stats = summarise(result.latencies);

    const keys = [...result.acknowledged.keys()];
    let foundOnce = 0;
    for (let at = 0; at < keys.length; at += 1000) {
      const stored = await app.db
        .select({ key: t.ledgerTransactions.idempotencyKey, id: t.ledgerTransactions.id })
        .from(t.ledgerTransactions)
        .where(inArray(t.ledgerTransactions.idempotencyKey, keys.slice(at, at + 1000)));
      foundOnce += stored.filter((row) => row.id === result.acknowledged.get(row.key)).length;
    }
    const report = (await (await fetch(`${base}/memb/account/reconcile`, { headers: { 'X-Access-Token': admin } })).json()) as { result: { drift: unknown[]; unbalanced: unknown[] } };
    const accounts = await app.db
      .select()
      .from(t.accounts)
      .where(
        inArray(
          t.accounts.id,
          cards.map((card) => card.accountId),
        ),
      );
    const negative = accounts.filter((account) => account.subsidy < 0 || account.gift < 0 || account.deposit < 0 || account.cash < 0).length;

    console.log(`ledger under load on ${onPostgres ? 'PostgreSQL' : 'PGlite (in memory)'}: ${CLIENTS} clients × ${OPERATIONS_EACH} operations, a fifth sent twice at once`);
    console.log(
      `  ${result.latencies.length} requests in ${seconds.toFixed(1)} s: ${(result.latencies.length / seconds).toFixed(0)} requests/s, p50 ${stats.median.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms`,
    );
    console.log(`  ${keys.length} operations acknowledged, ${foundOnce} found once as answered (must be all)`);
    console.log(
      `  drift ${report.result.drift.length}, unbalanced ${report.result.unbalanced.length}, wallets below zero ${negative}, pairs answered differently ${result.mismatched}, unexpected answers ${result.unexpected.length} (all must be 0)`,
    );
    for (const line of result.unexpected.slice(0, 5)) console.log(`    ${line}`);
  } finally {
    await app.close();
  }
}

if (onPostgres || process.argv[1] !== fileURLToPath(import.meta.url)) await measure();
else {
  // Alone: on a throwaway PostgreSQL, where the load means something (PGlite has one connection).
  const withPostgres = fileURLToPath(new URL('../support/withPostgres.ts', import.meta.url));
  spawnSync('node', ['--import', 'tsx', withPostgres, 'node', '--import', 'tsx', fileURLToPath(import.meta.url)], { stdio: 'inherit' });
}
