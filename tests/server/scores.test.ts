/**
 * 学年学期 and 综合评分 through their routes, on PGlite and on PostgreSQL: one current term, moved by
 * 设为当前; scores recorded in the current term and the pupil's class, imported from a workbook by
 * 学号 (all rows or none), revoked with a reason and never edited; the class summary totals each
 * dimension on a base of 80, ranks the class and grades it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as t from '@server/db/schema';
import { apiOf } from '../support/api';
import { multipartBody } from '../support/multipart';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get } = apiOf(() => t0);
let current: { id: string; name: string };
/** A class nobody has scored yet, its pupils by 学号. */
let classId: string;
let pupils: { id: string; memberNo: string }[];

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  const [term] = await t0.db.select().from(t.schoolTerms).where(eq(t.schoolTerms.isCurrent, true));
  current = { id: term!.id, name: term!.name };
  const [chosen] = await t0.db.select().from(t.memberDepartments).where(eq(t.memberDepartments.name, '高二（2）班'));
  classId = chosen!.id;
  pupils = await t0.db
    .select({ id: t.members.id, memberNo: t.members.memberNo })
    .from(t.members)
    .where(and(eq(t.members.deptId, classId), eq(t.members.memberStatus, '1')))
    .orderBy(asc(t.members.memberNo));
});
afterAll(async () => t0?.close());

const summaryOf = async (memberNo: string, termId = current.id) =>
  (await get(admin, `/memb/scoreSummary/list?termId=${termId}&deptId=${classId}&pageSize=100`)).body.result.records.find((row: { memberNo: string }) => row.memberNo === memberNo);

async function upload(rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('评分记录');
  sheet.addRow(['学生', '维度', '加/扣', '分值', '事由']);
  for (const row of rows) sheet.addRow(row);
  const { payload, contentType } = multipartBody({}, [
    { name: 'file', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: Buffer.from(await book.xlsx.writeBuffer()) },
  ]);
  const response = await t0.app.inject({ method: 'POST', url: `${BASE}/memb/score/importExcel`, headers: { 'X-Access-Token': admin, 'content-type': contentType }, payload });
  return { status: response.statusCode, body: response.json() };
}

describe('学年学期', () => {
  it('names a term from its year and half, refuses years apart and an end before its start, and keeps one current term', async () => {
    const apart = await call(admin, 'POST', '/pay/term/add', { schoolYear: '2030-2032', term: '1', startDate: '2030-09-01', endDate: '2031-01-20' });
    expect(apart.status).toBe(400);
    expect(apart.body.message).toBe('学年的两个年份应相邻，如 2025-2026');
    const backwards = await call(admin, 'POST', '/pay/term/add', { schoolYear: '2030-2031', term: '1', startDate: '2030-09-01', endDate: '2030-08-01' });
    expect(backwards.body.message).toBe('结束日期不能早于开始日期');
    const made = await call(admin, 'POST', '/pay/term/add', { schoolYear: '2030-2031', term: '1', startDate: '2030-09-01', endDate: '2031-01-20', weeks: 20 });
    expect(made.body.success, made.body.message).toBe(true);
    const term = (await get(admin, `/pay/term/queryById?id=${made.body.result.id}`)).body.result;
    expect(term).toMatchObject({ name: '2030-2031 第一学期', isCurrent: false });
    // The same year and half twice is refused.
    expect((await call(admin, 'POST', '/pay/term/add', { schoolYear: '2030-2031', term: '1', startDate: '2030-09-01', endDate: '2031-01-20' })).status).toBe(400);

    expect((await call(admin, 'POST', '/pay/term/setCurrent', { id: term.id })).body.success).toBe(true);
    const currents = await t0.db.select().from(t.schoolTerms).where(eq(t.schoolTerms.isCurrent, true));
    expect(currents.map((row) => row.id)).toEqual([term.id]);
    // Back to the term under way, for the scores below; a current term is not made current again.
    expect((await call(admin, 'POST', '/pay/term/setCurrent', { id: current.id })).body.success).toBe(true);
    expect((await call(admin, 'POST', '/pay/term/setCurrent', { id: current.id })).status).toBe(400);
  });
});

describe('综合评分', () => {
  it('records in the current term and the pupil’s class, sums the class summary, ranks and grades it, and revokes with a reason', async () => {
    const [first, second] = pupils;
    const add = (memberId: string, dimension: string, sign: string, points: number, reason: string) => call(admin, 'POST', '/memb/score/add', { memberId, dimension, sign, points, reason });
    const made = await add(first!.id, '2', '1', 15, '数学竞赛省一等奖');
    expect(made.body.success, made.body.message).toBe(true);
    const record = (await get(admin, `/memb/score/queryById?id=${made.body.result.id}`)).body.result;
    expect(record).toMatchObject({ termId: current.id, termId_dictText: current.name, deptId: classId, recordBy: 'admin', status: '1', source: '1' });
    expect((await add(first!.id, '6', '2', 3, '午餐浪费')).body.success).toBe(true);
    expect((await add(second!.id, '1', '2', 25, '打架斗殴')).body.success).toBe(true);
    // Points are whole, 1 to 100; a reason is asked for.
    expect((await add(first!.id, '1', '1', 0, '零分')).status).toBe(400);
    expect((await call(admin, 'POST', '/memb/score/add', { memberId: first!.id, dimension: '1', sign: '1', points: 5 })).status).toBe(400);
    // Never edited: a mistake is revoked.
    expect((await call(admin, 'PUT', '/memb/score/edit', { id: record.id, points: 50 })).status).toBe(404);

    expect(await summaryOf(first!.memberNo)).toMatchObject({ academic: 15, dining: -3, morality: 0, total: 92, classRank: 1, grade: 'A' });
    expect(await summaryOf(second!.memberNo)).toMatchObject({ morality: -25, total: 55, grade: 'D', classRank: pupils.length });
    // Everyone else in the class is at the base, tied second.
    expect(await summaryOf(pupils[2]!.memberNo)).toMatchObject({ total: 80, grade: 'B', classRank: 2 });

    const revoked = await call(admin, 'POST', '/memb/score/revoke', { id: record.id, revokeReason: '录错学生' });
    expect(revoked.body.success, revoked.body.message).toBe(true);
    expect((await get(admin, `/memb/score/queryById?id=${record.id}`)).body.result).toMatchObject({ status: '0', revokeBy: 'admin', revokeReason: '录错学生' });
    expect(await summaryOf(first!.memberNo)).toMatchObject({ academic: 0, total: 77, grade: 'C' });
    expect((await call(admin, 'POST', '/memb/score/revoke', { id: record.id, revokeReason: '再撤' })).status).toBe(400);
  });

  it('imports a workbook by 学号 and dictionary texts, all rows or none, each bad row named', async () => {
    const [, , third, fourth] = pupils;
    const bad = await upload([
      [third!.memberNo, '艺术素养', '加分', 5, '书法比赛二等奖'],
      ['NOSUCH', '品德表现', '加分', 2, '好人好事'],
      [fourth!.memberNo, '跑步', '加分', 2, '晨跑'],
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('导入失败，未导入任何数据：第 3 行 学生：找不到「NOSUCH」；第 4 行 维度：「跑步」不是可选的值');
    expect(await summaryOf(third!.memberNo)).toMatchObject({ arts: 0 });

    const good = await upload([
      [third!.memberNo, '艺术素养', '加分', 5, '书法比赛二等奖'],
      [fourth!.memberNo, '社会实践', '扣分', 2, '研学活动迟到'],
    ]);
    expect(good.body.success, good.body.message).toBe(true);
    expect(await summaryOf(third!.memberNo)).toMatchObject({ arts: 5, total: 85 });
    expect(await summaryOf(fourth!.memberNo)).toMatchObject({ practice: -2, total: 78 });
    const [imported] = await t0.db.select().from(t.scoreRecords).where(eq(t.scoreRecords.memberId, third!.id));
    expect(imported).toMatchObject({ termId: current.id, deptId: classId, recordBy: 'admin' });
  });

  it('refuses a pupil who has left, and scores nobody without a current term', async () => {
    const [left] = await t0.db.select().from(t.members).where(eq(t.members.memberStatus, '3')).limit(1);
    const leaver =
      left ??
      (
        await t0.db
          .update(t.members)
          .set({ memberStatus: '4' })
          .where(eq(t.members.id, pupils.at(-1)!.id))
          .returning()
      )[0]!;
    const refused = await call(admin, 'POST', '/memb/score/add', { memberId: leaver.id, dimension: '1', sign: '1', points: 1, reason: '测试' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('该学生不在校，不能评分');
    await t0.db.update(t.schoolTerms).set({ isCurrent: false });
    const noTerm = await call(admin, 'POST', '/memb/score/add', { memberId: pupils[0]!.id, dimension: '1', sign: '1', points: 1, reason: '测试' });
    expect(noTerm.body.message).toBe('请先在学年学期中设置当前学期');
    await t0.db.update(t.schoolTerms).set({ isCurrent: true }).where(eq(t.schoolTerms.id, current.id));
  });
});
