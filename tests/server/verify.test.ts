import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@server/db/rows';
import { JOB_HANDLERS } from '@server/jobs/handlers';
import { createInstallation, npmRun, signInOver, startServer, type Installation } from '../support/serverProcess';
import { createTestApp } from '../support/testApp';

/** `npm run verify` as the operator runs it: its exit code and what it printed. */
const verify = (env: Record<string, string>) => npmRun('verify', [], env);

/** Statements as the database's owner, behind the application's back (its guards switched off, as an intruder with the password would). */
async function byHand(installation: Installation, statements: string[]): Promise<Record<string, unknown>[]> {
  if (installation.databaseUrl) {
    const client = new pg.Client({ connectionString: installation.databaseUrl });
    await client.connect();
    try {
      let last: Record<string, unknown>[] = [];
      for (const text of statements) last = (await client.query(text)).rows as Record<string, unknown>[];
      return last;
    } finally {
      await client.end();
    }
  }
  const client = await PGlite.create(path.join(installation.dataDir, 'db'));
  try {
    let last: Record<string, unknown>[] = [];
    for (const text of statements) last = (await client.query(text)).rows as Record<string, unknown>[];
    return last;
  } finally {
    await client.close();
  }
}

describe('npm run verify', () => {
  let installation: Installation;

  beforeAll(async () => {
    installation = await createInstallation();
  }, 300_000);

  afterAll(async () => installation?.remove());

  it('passes a whole database (asking the running server when it holds PGlite), and fails one with a posting changed by hand, naming the posting and its sealed day', async () => {
    const server = await startServer(installation);
    // 日终结算 by hand: the sample school's past days closed, and sealed.
    const token = await signInOver(server.api);
    const closed = (await (await fetch(`${server.api}/report/close`, { method: 'POST', headers: { 'X-Access-Token': token } })).json()) as { success: boolean; message: string };
    expect(closed.message).toMatch(/^已日结 /);
    const whole = await verify(installation.env);
    expect(await server.stop()).toBe(0);
    expect(whole.output).toMatch(/✔ 日结封印链完整 \(the sealed days chain\): [1-9][\d,]* checked; last seal \d{4}-\d{2}-\d{2} /);
    expect(whole.output).toContain('✔ Every check holds');
    expect(whole.code).toBe(0);

    // One line of one payment of a sealed day, changed by a fen.
    const [posting] = (await byHand(installation, [
      `select t.id, t.txn_no, to_char(t.acc_date, 'YYYY-MM-DD') as day from fin_txn t join rpt_day_seal s on s.tenant_id = t.tenant_id and s.report_date = t.acc_date
        where t.txn_type = 'CONSUME' and t.amount_cents > 0 order by t.acc_date, t.id limit 1`,
    ])) as { id: string; txn_no: string; day: string }[];
    expect(posting).toBeTruthy();
    await byHand(installation, [
      'alter table fin_entry disable trigger fin_entry_append_only',
      `update fin_entry set amount_cents = amount_cents + 1 where txn_id = '${posting!.id}' and seq = (select min(seq) from fin_entry where txn_id = '${posting!.id}')`,
      'alter table fin_entry enable trigger fin_entry_append_only',
    ]);
    const changed = await verify(installation.env);
    expect(changed.code).toBe(1);
    expect(changed.output).toContain(`✘ 每笔交易借贷平衡`);
    expect(changed.output).toContain(`posting ${posting!.txn_no}`);
    expect(changed.output).toContain(`day ${posting!.day} no longer matches its seal`);
    expect(changed.output).toContain('check(s) do not hold');
  }, 600_000);

  it('runs as the 数据完整性校验 job too: it passes, and once a posting is changed by hand the run fails naming it', async () => {
    // The books are changed below: the usual check at close would fail, as it should.
    const t = await createTestApp({ ledgerChecks: false });
    try {
      expect(await JOB_HANDLERS.integrityCheck!(t.app.appContext, null)).toMatch(/^1 所学校 6 项校验全部通过$/);
      const [posting] = await rowsOf<{ id: string; txn_no: string }>(t.db, sql`select id, txn_no from fin_txn where txn_type = 'CONSUME' and amount_cents > 0 order by id limit 1`);
      await t.db.transaction(async (tx) => {
        // As the database's owner, the append-only guard switched off: behind the application's back.
        await tx.execute(sql`reset role`);
        await tx.execute(sql`alter table fin_entry disable trigger fin_entry_append_only`);
        await tx.execute(sql`update fin_entry set amount_cents = amount_cents + 1 where txn_id = ${posting!.id} and seq = (select min(seq) from fin_entry where txn_id = ${posting!.id})`);
        await tx.execute(sql`alter table fin_entry enable trigger fin_entry_append_only`);
      });
      await expect(JOB_HANDLERS.integrityCheck!(t.app.appContext, null)).rejects.toThrow(`posting ${posting!.txn_no}`);
    } finally {
      await t.close();
    }
  });
});
