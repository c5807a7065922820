/**
 * 补助管理 through its routes, on PGlite and on PostgreSQL: a batch's people added by class and
 * imported from a workbook (every bad row named, nothing imported), changed only as a draft,
 * audited by another person, issued in the background with its progress — one posting per person
 * even when two runs overlap or a stopped run resumes — cleared FIFO by expiry (spent subsidy is
 * never cleared), 纠错 of one person, 作废, and every balance equal to its ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as t from '@server/db/schema';
import { ledgerService } from '@server/modules/ledger/service';
import { subsidyService } from '@server/modules/members/subsidies';
import { entityCodes } from '@shared/engine/derive';
import { subsidy } from '@shared/entities/members/subsidy';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { apiOf } from '../support/api';
import { multipartBody } from '../support/multipart';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
let clerk: string;
const { call, get, roleWithUser } = apiOf(() => t0);
const today = () => dayIn(DEFAULT_TIME_ZONE);
/** A class whose pupils have open accounts: the batches' people. */
let classId: string;
let pupils: { id: string; memberNo: string; accountId: string }[];

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  clerk = (
    await roleWithUser(admin, 'subsidy_clerk', [
      entityCodes(subsidy).read,
      'subsidy:add',
      'subsidy:edit',
      'subsidy:addMembers',
      'subsidy:pickMembers',
      'subsidy:submit',
      'subsidy:audit',
      'subsidy:importItems',
      'subsidyItem:edit',
    ])
  ).token;
  const rows = await t0.db
    .select({ id: t.members.id, memberNo: t.members.memberNo, accountId: t.accounts.id, deptId: t.members.deptId })
    .from(t.members)
    .innerJoin(t.accounts, and(eq(t.accounts.memberId, t.members.id), eq(t.accounts.accountStatus, '1')))
    .innerJoin(t.memberDepartments, eq(t.memberDepartments.id, t.members.deptId))
    .where(and(eq(t.members.memberStatus, '1'), eq(t.memberDepartments.level, 3)))
    .orderBy(sql`${t.members.memberNo} desc`);
  classId = rows[0]!.deptId;
  pupils = rows.filter((row) => row.deptId === classId);
});
afterAll(async () => t0?.close());

const newBatch = async (token: string, extra: Record<string, unknown> = {}) => {
  const made = await call(token, 'POST', '/memb/subsidy/add', { name: '困难补助', subsidyType: '2', fundSource: '2', startDate: today(), clearMode: '0', ...extra });
  expect(made.body.success, made.body.message).toBe(true);
  return made.body.result.id as string;
};
const batchOf = async (id: string) => (await get(admin, `/memb/subsidy/queryById?id=${id}`)).body.result;
const wallet = async (accountId: string) => (await t0.db.select().from(t.accounts).where(eq(t.accounts.id, accountId)))[0]!;
const itemsOf = (batchId: string) => t0.db.select().from(t.subsidyItems).where(eq(t.subsidyItems.batchId, batchId));

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('补助名单');
  sheet.addRow(['学/工号', '金额']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
async function importPeople(token: string, batchId: string, rows: (string | number)[][]) {
  const { payload, contentType } = multipartBody({}, [{ name: 'file', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: await workbook(rows) }]);
  const response = await t0.app.inject({ method: 'POST', url: `${BASE}/memb/subsidy/importItems?batchId=${batchId}`, headers: { 'X-Access-Token': token, 'content-type': contentType }, payload });
  return { status: response.statusCode, body: response.json() };
}
/** Issues a batch and waits for the background run to finish. */
async function issueAndWait(id: string) {
  const started = await call(admin, 'POST', '/memb/subsidy/issue', { id });
  expect(started.body.success, started.body.message).toBe(true);
  await expect.poll(async () => (await batchOf(id)).issueStatus, { timeout: 30_000 }).not.toBe('4');
  return started;
}
/** A batch made, filled, submitted by the clerk and audited by the administrator. */
async function auditedBatch(people: readonly { memberNo: string }[], amount: string, extra: Record<string, unknown> = {}) {
  const id = await newBatch(clerk, extra);
  expect(
    (
      await importPeople(
        clerk,
        id,
        people.map((person) => [person.memberNo, amount]),
      )
    ).body.success,
  ).toBe(true);
  expect((await call(clerk, 'POST', '/memb/subsidy/submit', { id })).body.success).toBe(true);
  expect((await call(admin, 'POST', '/memb/subsidy/audit', { id })).body.success).toBe(true);
  return id;
}

describe('补助管理', () => {
  it('adds a class’s people, imports a workbook all or nothing with each bad row named, and changes people only while a draft', async () => {
    const id = await newBatch(clerk, { name: '冬季伙食补助', subsidyType: '1', subsidyMonth: today().slice(0, 7), clearMode: '2' });
    const batch = await batchOf(id);
    expect(batch.billNo).toMatch(/^BZ\d{12}$/);
    const added = await call(clerk, 'POST', '/memb/subsidy/addMembers', { id, deptId: classId, amount: '50' });
    expect(added.body.success, added.body.message).toBe(true);
    expect(await batchOf(id)).toMatchObject({ persons: pupils.length, total: pupils.length * 50 });
    // The same class again: nobody twice.
    expect((await call(clerk, 'POST', '/memb/subsidy/addMembers', { id, deptId: classId, amount: '50' })).body.message).toBe(`已添加 0 人（已在批次中的 ${pupils.length} 人未重复添加）`);

    const bad = await importPeople(clerk, id, [
      ['NOSUCH01', '10'],
      [pupils[0]!.memberNo, 'abc'],
      ['', '5'],
      [pupils[1]!.memberNo, '10'],
      [pupils[1]!.memberNo, '10'],
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      `未导入任何人员：第 2 行 学/工号 NOSUCH01 不存在；第 3 行 金额「abc」无效（0.01–10000 元，最多两位小数）；第 4 行 学/工号为空；第 6 行 ${pupils[1]!.memberNo} 与第 5 行重复`,
    );
    expect(await batchOf(id)).toMatchObject({ persons: pupils.length });

    // A line's amount changes the total; once submitted nothing changes.
    const [line] = await itemsOf(id);
    expect((await call(clerk, 'PUT', '/memb/subsidyItem/edit', { id: line!.id, amount: '80' })).body.success).toBe(true);
    expect(await batchOf(id)).toMatchObject({ total: pupils.length * 50 + 30 });
    expect((await call(clerk, 'POST', '/memb/subsidy/submit', { id })).body.success).toBe(true);
    const refused = await call(clerk, 'PUT', '/memb/subsidyItem/edit', { id: line!.id, amount: '90' });
    expect(refused.body.message).toBe(`补助批次 ${batch.billNo} 已提交，不能修改人员和金额`);
    expect((await importPeople(clerk, id, [[pupils[0]!.memberNo, '5']])).body.message).toBe(`补助批次 ${batch.billNo} 已提交，不能导入名单`);
    // The maker does not audit it; an empty batch is not submitted.
    expect((await call(clerk, 'POST', '/memb/subsidy/audit', { id })).status).toBe(400);
    const empty = await newBatch(clerk);
    expect((await call(clerk, 'POST', '/memb/subsidy/submit', { id: empty })).body.message).toBe('请先添加补助人员');
    expect((await call(admin, 'POST', '/memb/subsidy/void', { id: empty })).body.success).toBe(true);
    expect(await batchOf(empty)).toMatchObject({ auditStatus: '4', issueStatus: '3' });
  });

  it('adds the people chosen in the member picker (选择补助人员): each once, those without an open account left out', async () => {
    const id = await newBatch(clerk);
    // The picker reads the shipped 选择人员 report, which the batch's clerk may read (补助管理 shows its people).
    const columns = await get(clerk, '/online/cgreport/api/getRpColumns/member_pick');
    expect(columns.body.success, columns.body.message).toBe(true);
    const found = await get(clerk, `/online/cgreport/api/getData/${columns.body.result.cgRpConfigId}?memberNo=${pupils[0]!.memberNo}`);
    expect(found.body.result.records.map((row: { id: string }) => row.id)).toEqual([pupils[0]!.id]);
    const [closed] = await t0.db
      .select({ id: t.members.id })
      .from(t.members)
      .leftJoin(t.accounts, and(eq(t.accounts.memberId, t.members.id), eq(t.accounts.accountStatus, '1')))
      .where(and(eq(t.members.tenantId, 0), sql`${t.accounts.id} is null`))
      .limit(1);
    const chosen = [pupils[0]!.id, pupils[1]!.id, closed!.id];
    const picked = await call(clerk, 'POST', '/memb/subsidy/pickMembers', { id, members: '甲,乙,丙', memberIds: chosen.join(','), amount: '20' });
    expect(picked.body.message).toBe('已添加 2 人（已在批次中的 0 人未重复添加，没有有效账户的 1 人未添加）');
    expect(await batchOf(id)).toMatchObject({ persons: 2, total: 40 });
    const again = await call(clerk, 'POST', '/memb/subsidy/pickMembers', { id, members: '甲', memberIds: pupils[0]!.id, amount: '20' });
    expect(again.body.message).toBe('已添加 0 人（已在批次中的 1 人未重复添加）');
    // Another school's member is nobody here.
    expect((await call(clerk, 'POST', '/memb/subsidy/pickMembers', { id, members: '甲', memberIds: 'not-a-member', amount: '20' })).body.message).toBe('所选人员都没有在校的有效账户');
  });

  it('issues one posting per person into the subsidy wallet, in the background with its progress, even when two runs overlap', async () => {
    const people = pupils.slice(0, 8);
    const id = await auditedBatch(people, '25.50');
    const before = await Promise.all(people.map((person) => wallet(person.accountId)));
    // Twice at once: the second runs over the first's people and pays nobody again.
    const [first, second] = await Promise.all([call(admin, 'POST', '/memb/subsidy/issue', { id }), call(admin, 'POST', '/memb/subsidy/issue', { id })]);
    expect(first.body.success, first.body.message).toBe(true);
    expect(first.body.message).toBe(`已开始发放：共 ${people.length} 人`);
    expect(second.status).toBeLessThan(500);
    await expect.poll(async () => (await batchOf(id)).issueStatus, { timeout: 30_000 }).toBe('1');
    expect(await batchOf(id)).toMatchObject({ issued: people.length, failed: 0, issueBy: 'admin' });
    for (const [index, person] of people.entries()) expect((await wallet(person.accountId)).subsidy).toBe(before[index]!.subsidy + 2550);
    const postings = await t0.db
      .select()
      .from(t.ledgerTransactions)
      .where(and(eq(t.ledgerTransactions.txnType, 'SUBSIDY_ISSUE'), sql`${t.ledgerTransactions.summary} like ${`补助发放 ${(await batchOf(id)).billNo}%`}`));
    expect(postings).toHaveLength(people.length);
    expect(new Set((await itemsOf(id)).map((item) => item.status))).toEqual(new Set(['2']));
    // Issued: not again.
    expect((await call(admin, 'POST', '/memb/subsidy/issue', { id })).status).toBe(400);
  });

  it('resumes a run that stopped half way: the issued are skipped, the rest paid once, a closed account failing alone', async () => {
    const people = pupils.slice(8, 14);
    const id = await auditedBatch(people, '10');
    // Half of it issued before a crash: three lines paid, the batch left 发放中.
    await t0.db.update(t.subsidyBatches).set({ issueStatus: '4' }).where(eq(t.subsidyBatches.id, id));
    const items = await itemsOf(id);
    const service = subsidyService(t0);
    const half = items.slice(0, 3).map((item) => item.id);
    await t0.db
      .update(t.subsidyItems)
      .set({ status: '9' })
      .where(
        and(
          eq(t.subsidyItems.batchId, id),
          sql`${t.subsidyItems.id} not in (${sql.join(
            half.map((one) => sql`${one}`),
            sql`, `,
          )})`,
        ),
      );
    await service.issue({ tenantId: 0, username: 'admin' }, id);
    await t0.db
      .update(t.subsidyItems)
      .set({ status: '1' })
      .where(and(eq(t.subsidyItems.batchId, id), eq(t.subsidyItems.status, '9')));
    // The crash came before the run's end: the batch is still 发放中.
    await t0.db.update(t.subsidyBatches).set({ issueStatus: '4' }).where(eq(t.subsidyBatches.id, id));
    const frozen = items.find((item) => !half.includes(item.id))!;
    await t0.db.update(t.accounts).set({ accountStatus: '2' }).where(eq(t.accounts.id, frozen.accountId!));
    // The nightly job resumes it.
    const ran = await get(admin, '/sys/quartzJob/execute?jobClassName=subsidyClear');
    expect(ran.body.success, ran.body.message).toBe(true);
    const batch = await batchOf(id);
    expect(batch).toMatchObject({ issueStatus: '4', issued: people.length - 1, failed: 1 });
    const [failed] = await t0.db.select().from(t.subsidyItems).where(eq(t.subsidyItems.id, frozen.id));
    expect(failed).toMatchObject({ status: '1', errMsg: '账户已冻结，不能办理该业务' });
    // Unfrozen, 发放 again pays the one left.
    await t0.db.update(t.accounts).set({ accountStatus: '1' }).where(eq(t.accounts.id, frozen.accountId!));
    await issueAndWait(id);
    expect(await batchOf(id)).toMatchObject({ issueStatus: '1', issued: people.length, failed: 0 });
    const [posted] = await t0.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.ledgerTransactions)
      .where(and(eq(t.ledgerTransactions.txnType, 'SUBSIDY_ISSUE'), sql`${t.ledgerTransactions.summary} like ${`补助发放 ${batch.billNo}%`}`));
    expect(posted!.n).toBe(people.length);
  });

  it('clears what is left of a batch first in, first out by expiry: spent subsidy is never cleared', async () => {
    const person = pupils[14]!;
    const start = await wallet(person.accountId);
    // Whatever subsidy the pupil held before is spent first, with the two batches' money.
    const early = await auditedBatch([person], '30', { clearMode: '1', expireDate: addDays(today(), 10) });
    await issueAndWait(early);
    const late = await auditedBatch([person], '20', { clearMode: '1', expireDate: addDays(today(), 40) });
    await issueAndWait(late);
    // ¥35 spent at the counter: all the earlier batch and ¥5 of the later one.
    const spend = start.subsidy + 3500;
    const [card] = await t0.db
      .select({ cardNo: t.cards.cardNo })
      .from(t.cards)
      .where(and(eq(t.cards.accountId, person.accountId), eq(t.cards.cardStatus, '1')));
    const paid = await call(admin, 'POST', '/pay/consume', { idempotencyKey: `subsidy-spend-${person.id}`.slice(0, 64), cardNo: card!.cardNo, amount: (spend / 100).toFixed(2) });
    expect(paid.body.success, paid.body.message).toBe(true);
    expect((await wallet(person.accountId)).subsidy).toBe(1500);

    expect((await call(admin, 'POST', '/memb/subsidy/clear', { id: early })).body.message).toBe('已清零 0 人，共 0.00 元');
    expect((await itemsOf(early))[0]).toMatchObject({ status: '3', cleared: 0 });
    expect((await call(admin, 'POST', '/memb/subsidy/clear', { id: late })).body.message).toBe('已清零 1 人，共 15.00 元');
    expect((await itemsOf(late))[0]).toMatchObject({ status: '4', cleared: 1500 });
    expect((await wallet(person.accountId)).subsidy).toBe(0);
    expect(await batchOf(late)).toMatchObject({ issueStatus: '2', cleared: 15 });
  });

  it('takes one person’s subsidy back by 纠错, only while the wallet holds it', async () => {
    const [one, two] = [pupils[15]!, pupils[16]!];
    const id = await auditedBatch([one, two], '12');
    await issueAndWait(id);
    const items = await itemsOf(id);
    const lineOf = (memberNo: string) => items.find((item) => item.memberId === pupils.find((pupil) => pupil.memberNo === memberNo)!.id)!;
    const before = await wallet(one.accountId);
    const taken = await call(admin, 'POST', '/memb/subsidyItem/reverse', { id: lineOf(one.memberNo).id, errMsg: '重复发放' });
    expect(taken.body.success, taken.body.message).toBe(true);
    expect((await wallet(one.accountId)).subsidy).toBe(before.subsidy - 1200);
    expect(
      (
        await t0.db
          .select()
          .from(t.subsidyItems)
          .where(eq(t.subsidyItems.id, lineOf(one.memberNo).id))
      )[0],
    ).toMatchObject({ status: '5', errMsg: '重复发放' });
    expect((await call(admin, 'POST', '/memb/subsidyItem/reverse', { id: lineOf(one.memberNo).id, errMsg: '再来' })).status).toBe(400);
    // Spent: nothing to take back.
    const spent = await wallet(two.accountId);
    const [card] = await t0.db
      .select({ cardNo: t.cards.cardNo })
      .from(t.cards)
      .where(and(eq(t.cards.accountId, two.accountId), eq(t.cards.cardStatus, '1')));
    expect((await call(admin, 'POST', '/pay/consume', { idempotencyKey: `subsidy-spend-${two.id}`.slice(0, 64), cardNo: card!.cardNo, amount: (spent.subsidy / 100).toFixed(2) })).body.success).toBe(
      true,
    );
    const refused = await call(admin, 'POST', '/memb/subsidyItem/reverse', { id: lineOf(two.memberNo).id, errMsg: '发错了' });
    expect(refused.body.message).toBe('补助余额 0.00 元不足，已使用的补助不能纠错');

    const report = await ledgerService(t0.db).reconcile(0);
    expect(report.drift).toEqual([]);
    expect(report.unbalanced).toEqual([]);
  });
});
