/**
 * 学费管理 through its routes, on PGlite and on PostgreSQL: a fee standard billed to a class (once a
 * pupil, run again only for newcomers), a waiver asked by one person and audited by another, a
 * counter payment, a payment from the card's cash through the ledger (a retry answered with the
 * first posting, never more than owed, never subsidy), a refund to the card no larger than the card
 * paid, 催缴 texting the parents, the list's 合计 of 应收/实收/欠费 — and every balance equal to its ledger.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { ledgerService } from '@server/modules/ledger/service';
import { entityCodes } from '@shared/engine/derive';
import { tuitionBill } from '@shared/entities/members/tuitionBill';
import ExcelJS from 'exceljs';
import { addDays, dayIn } from '@shared/schoolTime';
import { schoolZone } from '@server/modules/schools/settings';
import { apiOf } from '../support/api';
import { multipartBody } from '../support/multipart';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
let bursar: string;
const { call, get, roleWithUser } = apiOf(() => t0);
let classId: string;
let termId: string;
let pupils: { id: string; accountId: string }[];
const outbox = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-sms-')), 'sms-outbox.log');

beforeAll(async () => {
  t0 = await createTestApp({ sms: { driver: 'log', outbox } });
  admin = await signIn(t0.app, 'admin');
  bursar = (
    await roleWithUser(admin, 'tuition_bursar', [
      entityCodes(tuitionBill).read,
      'tuition:requestWaive',
      'tuition:approveWaive',
      'tuition:payOffline',
      'tuition:payFromCard',
      'tuition:refund',
      'tuition:remind',
      'feeItem:importWaivers',
    ])
  ).token;
  const [term] = await t0.db.select().from(t.schoolTerms).where(eq(t.schoolTerms.isCurrent, true));
  termId = term!.id;
  // A class whose pupils hold accounts.
  const rows = await t0.db
    .select({ id: t.members.id, accountId: t.accounts.id, deptId: t.members.deptId })
    .from(t.members)
    .innerJoin(t.accounts, and(eq(t.accounts.memberId, t.members.id), eq(t.accounts.accountStatus, '1')))
    .innerJoin(t.memberDepartments, eq(t.memberDepartments.id, t.members.deptId))
    .where(and(eq(t.members.memberStatus, '1'), eq(t.memberDepartments.name, '高一（2）班')))
    .orderBy(asc(t.members.memberNo));
  classId = rows[0]!.deptId;
  pupils = rows;
});
afterAll(async () => t0?.close());

const billOf = async (memberId: string, feeItemId: string) =>
  (
    await t0.db
      .select()
      .from(t.tuitionBills)
      .where(and(eq(t.tuitionBills.memberId, memberId), eq(t.tuitionBills.feeItemId, feeItemId)))
  )[0]!;
const account = async (id: string) => (await t0.db.select().from(t.accounts).where(eq(t.accounts.id, id)))[0]!;

describe('学费管理', () => {
  it('bills a class once a pupil, waives only when another person audits, and takes counter and card payments within what is owed', async () => {
    const made = await call(admin, 'POST', '/pay/feeItem/add', { name: '住宿费', termId, feeType: '2', amount: '800', deptId: classId, dueDate: '2027-01-10' });
    expect(made.body.success, made.body.message).toBe(true);
    const standardId = made.body.result.id as string;
    const generated = await call(admin, 'POST', '/pay/feeItem/generate', { id: standardId });
    expect(generated.body.success, generated.body.message).toBe(true);
    const inClass = await t0.db
      .select()
      .from(t.members)
      .where(and(eq(t.members.deptId, classId), eq(t.members.memberStatus, '1')));
    expect(generated.body.message).toBe(`已生成 ${inClass.length} 张账单（已有账单的 0 人未重复生成）`);
    expect((await call(admin, 'POST', '/pay/feeItem/generate', { id: standardId })).body.message).toBe(`已生成 0 张账单（已有账单的 ${inClass.length} 人未重复生成）`);
    // Billed: the standard no longer changes.
    expect((await call(admin, 'PUT', '/pay/feeItem/edit', { id: standardId, name: '改名', termId, feeType: '2', amount: '900', deptId: classId, dueDate: '2027-01-10' })).status).toBe(400);

    const [first, second] = pupils;
    let bill = await billOf(first!.id, standardId);
    expect(bill).toMatchObject({ due: 80000, owed: 80000, payStatus: '0', termId, deptId: classId });
    expect(bill.billNo).toMatch(/^XF\d{12}$/);

    // 减免: asked by the bursar, not more than owed, audited by someone else.
    expect((await call(bursar, 'POST', '/pay/tuition/requestWaive', { id: bill.id, waiveRequest: '900', waiveReason: '困难家庭' })).body.message).toBe('减免金额不能超过欠费 800.00 元');
    const asked = await call(bursar, 'POST', '/pay/tuition/requestWaive', { id: bill.id, waiveRequest: '200', waiveReason: '困难家庭' });
    expect(asked.body.success, asked.body.message).toBe(true);
    expect((await call(bursar, 'POST', '/pay/tuition/approveWaive', { id: bill.id })).status).toBe(400);
    expect((await call(admin, 'POST', '/pay/tuition/approveWaive', { id: bill.id })).body.success).toBe(true);
    bill = await billOf(first!.id, standardId);
    expect(bill).toMatchObject({ waive: 20000, owed: 60000, waiveStatus: '2', waiveBy: 'tuition_bursar_user', waiveAuditBy: 'admin' });

    // 线下收款登记: a part, numbered, never more than owed.
    expect((await call(bursar, 'POST', '/pay/tuition/payOffline', { id: bill.id, amount: '700', payWay: '2' })).body.message).toBe('收款金额不能超过欠费 600.00 元');
    expect((await call(bursar, 'POST', '/pay/tuition/payOffline', { id: bill.id, amount: '100', payWay: '3', receiptNo: 'POS-778812' })).body.success).toBe(true);
    bill = await billOf(first!.id, standardId);
    expect(bill).toMatchObject({ paid: 10000, owed: 50000, payStatus: '1', lastPayWay: '3', receiptNo: 'POS-778812' });

    // 卡余额缴费: the card's cash only; a retry answers with the first posting.
    const ledger = ledgerService(t0.db);
    await ledger.recharge({ tenantId: 0, username: 'admin' }, { key: 'tuition-topup-1', accountId: first!.accountId, amountCents: 60000, channel: 'cash' });
    const before = await account(first!.accountId);
    const tooMuch = await call(bursar, 'POST', '/pay/tuition/payFromCard', { id: bill.id, amount: '600', idempotencyKey: 'tuition-pay-0001' });
    expect(tooMuch.body.message).toBe('缴费金额不能超过欠费 500.00 元');
    const paid = await call(bursar, 'POST', '/pay/tuition/payFromCard', { id: bill.id, amount: '500', idempotencyKey: 'tuition-pay-0002' });
    expect(paid.body.success, paid.body.message).toBe(true);
    expect(paid.body.message).toBe('缴费成功！');
    const again = await call(bursar, 'POST', '/pay/tuition/payFromCard', { id: bill.id, amount: '500', idempotencyKey: 'tuition-pay-0002' });
    expect(again.body).toMatchObject({ success: true, message: '该请求已办理', result: { txnNo: paid.body.result.txnNo } });
    expect((await account(first!.accountId)).cash).toBe(before.cash - 50000);
    bill = await billOf(first!.id, standardId);
    expect(bill).toMatchObject({ paid: 60000, cardPaid: 50000, owed: 0, payStatus: '2', lastPayWay: '1' });
    const [posting] = await t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.id, paid.body.result.id));
    expect(posting).toMatchObject({ txnType: 'BILL_PAY', amount: 50000 });
    // Paid in full: no more payments, no reminders.
    expect((await call(bursar, 'POST', '/pay/tuition/payFromCard', { id: bill.id, amount: '1', idempotencyKey: 'tuition-pay-0003' })).status).toBe(400);

    // 退费: back to the card, never more than the card paid.
    expect((await call(bursar, 'POST', '/pay/tuition/refund', { id: bill.id, amount: '501', reason: '退宿', idempotencyKey: 'tuition-ref-0001' })).body.message).toBe(
      '退费金额不能超过从卡余额缴纳的 500.00 元',
    );
    expect((await call(bursar, 'POST', '/pay/tuition/refund', { id: bill.id, amount: '300', reason: '退宿', idempotencyKey: 'tuition-ref-0002' })).body.success).toBe(true);
    bill = await billOf(first!.id, standardId);
    expect(bill).toMatchObject({ refunded: 30000, cardPaid: 20000, owed: 30000, payStatus: '1' });
    expect((await account(first!.accountId)).cash).toBe(before.cash - 20000);

    // 缴费记录: the counter payment and the card payment, the refund counted on the card one.
    const payments = (await get(admin, `/pay/payment/list?billNo=${bill.billNo}&pageSize=10`)).body.result.records as Record<string, unknown>[];
    expect(payments.map((row) => [row.itemType, row.channel, row.amount, row.refunded, row.status])).toEqual([
      // 住宿费 is its own item.
      ['7', '1', 500, 300, '1'],
      ['7', '4', 100, 0, '1'],
    ]);
    const card = payments[0]!;
    expect(card.txnNo).toBe(paid.body.result.txnNo);
    // 退款 of that payment from 缴费记录: what it still holds at most, a retry answered once, a counter payment refused.
    const refundOf = (id: unknown, amount: string, key: string) => call(admin, 'POST', '/pay/payment/refund', { id, amount, reason: '多缴', idempotencyKey: key });
    expect((await refundOf(card.id, '201', 'payment-ref-0001')).body.message).toBe('退款金额不能超过该笔缴费未退的 200.00 元');
    const refunded = await refundOf(card.id, '200', 'payment-ref-0002');
    expect(refunded.body.message, refunded.body.message).toBe('退款成功！');
    expect((await refundOf(card.id, '200', 'payment-ref-0002')).body).toMatchObject({ message: '该请求已办理', result: { txnNo: refunded.body.result.txnNo } });
    expect((await refundOf(payments[1]!.id, '50', 'payment-ref-0003')).body.message).toBe('只有卡余额缴费可在此退回卡内，线下缴费请在柜台退款');
    const [after] = (await get(admin, `/pay/payment/list?billNo=${bill.billNo}&channel=1`)).body.result.records as Record<string, unknown>[];
    expect(after).toMatchObject({ refunded: 500, status: '3', refundTxnNo: refunded.body.result.txnNo });
    expect(await billOf(first!.id, standardId)).toMatchObject({ refunded: 50000, cardPaid: 0, owed: 50000 });
    expect((await account(first!.accountId)).cash).toBe(before.cash);

    // A pupil short of card cash is refused and nothing moves.
    const poor = await account(second!.accountId);
    const short = await call(bursar, 'POST', '/pay/tuition/payFromCard', {
      id: (await billOf(second!.id, standardId)).id,
      amount: String((Math.max(0, poor.cash) + 100) / 100),
      idempotencyKey: 'tuition-pay-0004',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/^卡内现金余额 .* 元不足$/);
    expect((await account(second!.accountId)).cash).toBe(poor.cash);

    // The list's 合计 over the class's bills of this standard.
    const list = (await get(admin, `/pay/tuition/list?feeItemId=${standardId}&pageSize=200`)).body.result;
    const sum = (key: 'due' | 'paid' | 'owed') => list.records.reduce((total: number, row: Record<string, number>) => total + Math.round(row[key]! * 100), 0) / 100;
    expect(list.footer).toMatchObject({ due: sum('due'), paid: sum('paid'), owed: sum('owed') });
    expect(list.footer.owed).toBe(sum('due') - 200 - 600 + 500);

    const reconciled = await ledger.reconcile(0);
    expect(reconciled.drift).toEqual([]);
    expect(reconciled.unbalanced).toEqual([]);
  });

  it('imports a waiver list onto a standard’s bills, all rows or none, each waiting for another person’s audit', async () => {
    const made = await call(admin, 'POST', '/pay/feeItem/add', { name: '校服费', termId, feeType: '4', amount: '300', deptId: classId, dueDate: '2027-01-10' });
    const standardId = made.body.result.id as string;
    const members = await t0.db
      .select({ id: t.members.id, memberNo: t.members.memberNo })
      .from(t.members)
      .where(and(eq(t.members.deptId, classId), eq(t.members.memberStatus, '1')))
      .orderBy(asc(t.members.memberNo));
    const upload = async (rows: (string | number)[][]) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('减免名单');
      sheet.addRow(['学/工号', '减免金额', '减免原因']);
      for (const row of rows) sheet.addRow(row);
      const { payload, contentType } = multipartBody({}, [
        { name: 'file', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: Buffer.from(await book.xlsx.writeBuffer()) },
      ]);
      const response = await t0.app.inject({
        method: 'POST',
        url: `${BASE}/pay/feeItem/importWaivers?feeItemId=${standardId}`,
        headers: { 'X-Access-Token': bursar, 'content-type': contentType },
        payload,
      });
      return response.json() as { success: boolean; message: string };
    };
    expect((await upload([[members[0]!.memberNo, 100, '低保家庭']])).message).toBe('请先生成账单，再导入减免名单');
    expect((await call(admin, 'POST', '/pay/feeItem/generate', { id: standardId })).body.success).toBe(true);
    const bad = await upload([
      [members[0]!.memberNo, 100, '低保家庭'],
      ['NOSUCH', 50, '孤儿'],
      [members[1]!.memberNo, 301, '残疾'],
      [members[0]!.memberNo, 20, '重复'],
    ]);
    expect(bad.message).toBe(`未导入任何减免：第 3 行 NOSUCH 没有本项账单；第 4 行 ${members[1]!.memberNo} 的减免金额超过欠费 300.00 元；第 5 行 ${members[0]!.memberNo} 与第 2 行重复`);
    expect((await billOf(members[0]!.id, standardId)).waiveStatus).toBe('0');
    const good = await upload([
      [members[0]!.memberNo, 100, '低保家庭'],
      [members[1]!.memberNo, 300, '残疾'],
    ]);
    expect(good).toMatchObject({ success: true, message: '导入减免 2 条，等待审核' });
    expect(await billOf(members[0]!.id, standardId)).toMatchObject({ waiveStatus: '1', waiveRequest: 10000, waiveReason: '低保家庭', waiveBy: 'tuition_bursar_user', owed: 30000 });
    // Audited by someone else, a whole waiver makes the bill 已减免.
    expect((await call(admin, 'POST', '/pay/tuition/approveWaive', { id: (await billOf(members[1]!.id, standardId)).id })).body.success).toBe(true);
    expect(await billOf(members[1]!.id, standardId)).toMatchObject({ waive: 30000, owed: 0, payStatus: '4' });
  });

  it('calls a bill still owed after its due date 逾期: the daily job moves it, a part paid leaves it late, 延期 takes it back and 到期账单 shows it as it is', async () => {
    const today = dayIn(await schoolZone(t0.db, 0));
    const made = await call(admin, 'POST', '/pay/feeItem/add', { name: '校服费', termId, feeType: '5', amount: '300', deptId: classId, dueDate: addDays(today, -3) });
    expect(made.body.success, made.body.message).toBe(true);
    expect((await call(admin, 'POST', '/pay/feeItem/generate', { id: made.body.result.id })).body.success).toBe(true);
    const bill = await billOf(pupils[0]!.id, made.body.result.id as string);
    expect(bill.payStatus).toBe('0');
    // 到期处理 at the school's midnight, run here by hand.
    const run = await get(admin, '/sys/quartzJob/execute?jobClassName=dailyExpiry');
    expect(run.body.success, run.body.message).toBe(true);
    expect((await billOf(pupils[0]!.id, bill.feeItemId)).payStatus).toBe('5');
    const listed = async () => ((await get(admin, `/pay/tuition/list?payStatus=5&billNo=${bill.billNo}`)).body.result.records as { payStatus: string; payStatus_dictText: string }[])[0];
    expect(await listed()).toMatchObject({ payStatus: '5', payStatus_dictText: '逾期' });
    // Paid in part it is still late; the counter takes a late bill as any other.
    expect((await call(bursar, 'POST', '/pay/tuition/payOffline', { id: bill.id, amount: '100', payWay: '2' })).body.success).toBe(true);
    expect(await billOf(pupils[0]!.id, bill.feeItemId)).toMatchObject({ payStatus: '5', owed: 20000 });
    const due = (await get(admin, `/pay/expiring/list?billNo=${bill.billNo}`)).body.result.records as { payStatus: string; daysLeft: number }[];
    expect(due[0]).toMatchObject({ payStatus: '5', daysLeft: -3 });
    // 延期 past today: owed on time again, 部分缴费 since part is paid.
    const extended = await call(admin, 'POST', '/pay/tuition/extend', { id: bill.id, newDueDate: addDays(today, 7), extendReason: '家长申请分期' });
    expect(extended.body.success, extended.body.message).toBe(true);
    expect((await billOf(pupils[0]!.id, bill.feeItemId)).payStatus).toBe('1');
    // Paid off it is never late again, whatever its date.
    expect((await call(bursar, 'POST', '/pay/tuition/payOffline', { id: bill.id, amount: '200', payWay: '2' })).body.success).toBe(true);
    expect((await billOf(pupils[0]!.id, bill.feeItemId)).payStatus).toBe('2');
    // Another pupil's late bill paid in full at once leaves 逾期 for 已缴清.
    const other = await billOf(pupils[1]!.id, bill.feeItemId);
    expect(other.payStatus).toBe('5');
    expect((await call(bursar, 'POST', '/pay/tuition/payOffline', { id: other.id, amount: '300', payWay: '2' })).body.success).toBe(true);
    expect((await billOf(pupils[1]!.id, bill.feeItemId)).payStatus).toBe('2');
  });

  it('reminds the parents of what is owed, not twice within the hour', async () => {
    const [bill] = await t0.db.select().from(t.tuitionBills).where(eq(t.tuitionBills.payStatus, '0')).limit(1);
    const parentsBound = await t0.db
      .select()
      .from(t.parents)
      .where(and(eq(t.parents.studentId, bill!.memberId), eq(t.parents.delFlag, 0)));
    if (!parentsBound.length)
      expect((await call(admin, 'POST', '/memb/parent/add', { parentName: '李强', mobile: '13911112222', relation: '1', studentId: bill!.memberId, status: '1' })).body.success).toBe(true);
    const reminded = await call(bursar, 'POST', '/pay/tuition/remind', { id: bill!.id });
    expect(reminded.body.success, reminded.body.message).toBe(true);
    const sent = () => (fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8') : '');
    // Through the school's BILL_DUE template: kept in 消息管理 and texted to the parents.
    expect(reminded.body.message).toBe('催缴通知已发送');
    await expect.poll(sent).toContain(`账单${bill!.billNo}待缴${(bill!.owed / 100).toFixed(2)}元`);
    const [message] = await t0.db
      .select()
      .from(t.messages)
      .where(and(eq(t.messages.memberId, bill!.memberId), eq(t.messages.templateCode, 'BILL_DUE')));
    expect(message).toMatchObject({ scene: '6', status: '2' });
    expect((await billOf(bill!.memberId, bill!.feeItemId)).remindCount).toBe(1);
    expect((await call(bursar, 'POST', '/pay/tuition/remind', { id: bill!.id })).body.message).toBe(`账单 ${bill!.billNo} 一小时内已催缴过`);
  });
});
