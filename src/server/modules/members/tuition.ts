import type { FastifyInstance } from 'fastify';
import type { EntitySpec } from '@shared/engine/spec';
import { feeStandard } from '@shared/entities/members/feeStandard';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { yuanToCents } from '@shared/engine/schemas';
import { tuitionBill } from '@shared/entities/members/tuitionBill';
import { payItemOfFee } from '@shared/payments';
import type { AppContext } from '../../context';
import type { FlowEffect } from '../../crud/flowActions';
import { readSheet, templateOf, uploadedWorkbook } from '../../crud/imports';
import type { Database, Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { feeStandards, members, parents, schoolTerms, tuitionBills } from '../../db/schema';
import { inSchool, unscoped, Work, type NewRowOf, type RowOf } from '../../db/work';
import { authOf } from '../../http/auth';
import { badRequest, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { nextBillNo } from '../bills/billNo';
import type { Caller } from '../ledger/core';
import { billLedger, payAtCounter, type BillBook } from '../payments/billLedger';
import { peopleInService } from './subsidies';
import { extendDue } from '../payments/extendDue';
import { billLedgerRoutes } from '../payments/billRoutes';
import { remindEffect, waiveEffects } from '../payments/billEffects';
import { lateOrNot } from '../payments/overdue';

/**
 * 学费管理's work (DOMAIN.md 2.10, §15 缴费支付): bills made from a fee standard, and every change of
 * what a bill holds — waived, paid at the counter, paid from the card, refunded — recomputing its
 * 欠费 and 缴费状态 in the same transaction, under the bill's lock. Card money moves only as ledger
 * postings (BILL_PAY: the card's cash → 1122 应收费用; BILL_REFUND back), answered once per key.
 */

type BillRow = typeof tuitionBills.$inferSelect;
type StandardRow = RowOf<typeof feeStandards>;

const yuan = (cents: number) => (cents / 100).toFixed(2);

/** 欠费 and 缴费状态 from the bill's amounts. */
export function billState(bill: Pick<BillRow, 'due' | 'waive' | 'paid' | 'refunded'>): { owed: number; payStatus: string } {
  const net = bill.paid - bill.refunded;
  const owed = bill.due - bill.waive - net;
  const payStatus = bill.waive >= bill.due ? '4' : owed <= 0 ? '2' : net > 0 ? '1' : bill.refunded > 0 ? '3' : '0';
  return { owed, payStatus };
}

/** The school's live bill, locked (the bill book's lock: on the executor it is given). */
async function lockBill(tx: Executor, tenantId: number, id: string): Promise<BillRow> {
  const [bill] = await new Work(tx, tenantId, '').lock(tuitionBills, id);
  if (!bill) throw notFound('未找到对应实体');
  return bill;
}

/** The bill's new amounts and what follows from them. */
export async function saveBill(tx: Executor, caller: Caller, bill: BillRow, change: Partial<BillRow>): Promise<BillRow> {
  const next = { ...bill, ...change };
  const state = await lateOrNot(tx, caller.tenantId, billState(next), next.dueDate);
  await tx
    .update(tuitionBills)
    .set({ ...change, ...state, updateBy: caller.username, updatedAt: new Date() })
    .where(eq(tuitionBills.id, bill.id));
  return { ...next, ...state };
}

/**
 * What a payment of a tuition bill says of it: its item, number, fee and pupil. 教材费 or 校服费 is 其他
 * among 缴费记录's items, so the fee's own name leads what it is for.
 */
export async function paymentOf(tx: Executor, bill: BillRow) {
  const [pupil] = await tx.select({ name: members.realName, no: members.memberNo }).from(members).where(eq(members.id, bill.memberId));
  const [fee] = await tx.select({ name: feeStandards.name }).from(feeStandards).where(eq(feeStandards.id, bill.feeItemId));
  const target = [fee?.name ?? '', pupil ? `${pupil.name}（${pupil.no}）` : ''].filter(Boolean).join(' ');
  return { itemType: payItemOfFee(bill.feeType), billType: 'tuition' as const, billId: bill.id, billNo: bill.billNo, target, memberId: bill.memberId };
}

/** 生成账单 of a standard (locked by its flow): one bill per pupil in service of its grade or class (boarders or day pupils when it says) who has none. */
export async function generateBills(work: Work, standard: StandardRow): Promise<{ made: number; had: number }> {
  const pupils = await peopleInService(work, standard.deptId, { boardingType: standard.boardingType });
  if (!pupils.length) throw badRequest('该年级/班级没有符合条件的在校学生', 'No pupil in service of that grade or class fits');
  const billed = new Set(
    (
      await work.tx
        .select({ memberId: tuitionBills.memberId })
        .from(tuitionBills)
        .where(and(work.school(tuitionBills), eq(tuitionBills.feeItemId, standard.id)))
    ).map((row) => row.memberId),
  );
  const fresh = pupils.filter((pupil) => !billed.has(pupil.id));
  const rows: NewRowOf<typeof tuitionBills>[] = [];
  for (const pupil of fresh)
    rows.push({
      id: newId(),
      billNo: await nextBillNo(work.tx, work.tenantId, 'XF'),
      termId: standard.termId,
      feeItemId: standard.id,
      feeType: standard.feeType,
      memberId: pupil.id,
      deptId: pupil.deptId,
      due: standard.amount,
      owed: standard.amount,
      dueDate: standard.dueDate,
    });
  for (let at = 0; at < rows.length; at += 500) await work.insert(tuitionBills, rows.slice(at, at + 500));
  const bills = billed.size + rows.length;
  await work.update(feeStandards, { bills, total: bills * standard.amount }, eq(feeStandards.id, standard.id));
  return { made: rows.length, had: pupils.length - rows.length };
}

/** The fee standard's 生成账单, and the bill's waivers, counter payments and reminders (declared in tuitionBill.ts). */
export const tuitionActions: Readonly<Record<string, FlowEffect>> = {
  extend: extendDue,
  async generate({ work, row }) {
    const { made, had } = await generateBills(work, row as StandardRow);
    return {
      note: `生成 ${made} 张`,
      done: { 'zh-CN': `已生成 ${made} 张账单（已有账单的 ${had} 人未重复生成）`, en: `${made} bills made (${had} pupils had one already)` },
    };
  },
  // TUITION_BOOK is declared further down: read when each action runs.
  requestWaive: (context) => waiveEffects(TUITION_BOOK).requestWaive(context),
  approveWaive: (context) => waiveEffects(TUITION_BOOK).approveWaive(context),
  payOffline: (context) => payAtCounter(TUITION_BOOK)(context),
  remind: (context) =>
    remindEffect(TUITION_BOOK, async (work, bill, school, payBy) => {
      const [pupil] = await work.tx.select({ name: members.realName }).from(members).where(eq(members.id, bill.memberId));
      const [term] = await work.tx.select({ name: schoolTerms.name }).from(schoolTerms).where(eq(schoolTerms.id, bill.termId));
      const to = await work.rows(parents, and(eq(parents.studentId, bill.memberId), eq(parents.status, '1'), eq(parents.receiveNotice, true)));
      return {
        mobiles: to.map((parent) => parent.mobile),
        text: `【${school}】家长您好，${pupil?.name ?? ''}的${term?.name ?? ''}费用（账单 ${bill.billNo}）尚欠 ${yuan(bill.owed)} 元，${payBy}。`,
        nobody: '无可通知的家长',
        event: { code: 'BILL_DUE', memberId: bill.memberId, values: { name: pupil?.name, item: `${term?.name ?? ''}学费`, billNo: bill.billNo, amount: yuan(bill.owed), due: bill.dueDate } },
      };
    })(context),
};

/** 学费's card payments and refunds: the bills' ledger (BILL_PAY, BILL_REFUND) over the tuition table. */
export const TUITION_BOOK: BillBook<BillRow> = {
  billType: 'tuition',
  entity: () => tuitionBill.id,
  label: () => `学费`,
  lock: lockBill,
  save: saveBill,
  payment: paymentOf,
};

export const tuitionLedger = (db: Database) => billLedger(db, TUITION_BOOK);

/** The workbook of a standard's waivers (the wizard's 减免名单): 学/工号, 减免金额 and 减免原因, a pupil a row. */
const WAIVER_SHEET: EntitySpec = {
  ...feeStandard,
  title: { 'zh-CN': '减免名单', en: 'Waivers' },
  fields: [
    { key: 'memberNo', type: 'text', title: { 'zh-CN': '学/工号', en: 'Member no.' }, required: true, max: 30 },
    { key: 'amount', type: 'money', title: { 'zh-CN': '减免金额', en: 'Amount to waive' }, required: true, max: 100000 },
    { key: 'reason', type: 'text', title: { 'zh-CN': '减免原因', en: 'Why' }, required: true, max: 200 },
  ],
};

/** At most this many row errors are named in the answer. */
const ERRORS_SHOWN = 20;

/**
 * 导入减免名单: each row asks a waiver on the pupil's bill of the standard (待审核, audited per bill by
 * another person) — the bill exists, owes at least that much and has no waiver waiting; all rows or none.
 */
async function importWaivers(work: Work, standardId: string, rows: { line: number; values: Record<string, unknown> }[]): Promise<number> {
  const standard = await work.one(feeStandards, standardId);
  if (!standard) throw notFound('收费标准不存在');
  if (standard.status !== '1') throw badRequest('请先生成账单，再导入减免名单', 'Make the bills first, then import the waivers');
  const bills = await work.tx
    .select({ bill: tuitionBills, memberNo: members.memberNo })
    .from(tuitionBills)
    .innerJoin(members, eq(members.id, tuitionBills.memberId))
    .where(and(work.school(tuitionBills), eq(tuitionBills.feeItemId, standard.id)))
    .for('update', { of: tuitionBills });
  const byNo = new Map(bills.map((row) => [row.memberNo, row.bill]));
  const seen = new Map<string, number>();
  const errors: { zh: string; en: string }[] = [];
  const asked: { id: string; amount: number; reason: string }[] = [];
  for (const { line, values } of rows) {
    const fail = (zh: string, en: string) => errors.push({ zh: `第 ${line} 行 ${zh}`, en: `Row ${line}: ${en}` });
    const no = String(values.memberNo ?? '').trim();
    const reason = String(values.reason ?? '').trim();
    const cents = yuanToCents(values.amount as string | number);
    const bill = byNo.get(no);
    if (!no) fail('学/工号为空', 'the member number is empty');
    else if (!bill) fail(`${no} 没有本项账单`, `${no} has no bill of this standard`);
    else if (seen.has(no)) fail(`${no} 与第 ${seen.get(no)} 行重复`, `${no} repeats row ${seen.get(no)}`);
    else if (cents === null || cents <= 0) fail(`减免金额「${String(values.amount ?? '')}」无效`, `the amount "${String(values.amount ?? '')}" is not valid`);
    else if (cents > bill.owed) fail(`${no} 的减免金额超过欠费 ${yuan(bill.owed)} 元`, `${no}: more than the ${yuan(bill.owed)} owed`);
    else if (bill.waiveStatus === '1') fail(`${no} 已有待审核的减免`, `${no} has a waiver waiting already`);
    else if (!reason) fail(`${no} 的减免原因为空`, `${no}: the reason is empty`);
    else asked.push({ id: bill.id, amount: cents, reason: reason.slice(0, 200) });
    if (no && !seen.has(no)) seen.set(no, line);
  }
  if (errors.length) {
    const shown = errors.slice(0, ERRORS_SHOWN);
    throw badRequest(
      `未导入任何减免：${shown.map((error) => error.zh).join('；')}${errors.length > ERRORS_SHOWN ? ` 等 ${errors.length} 处` : ''}`,
      `No waiver was imported: ${shown.map((error) => error.en).join('; ')}${errors.length > ERRORS_SHOWN ? ` and ${errors.length - ERRORS_SHOWN} more` : ''}`,
    );
  }
  const now = new Date();
  for (const waiver of asked)
    await work.update(tuitionBills, { waiveRequest: waiver.amount, waiveReason: waiver.reason, waiveStatus: '1', waiveBy: work.username, waiveTime: now }, eq(tuitionBills.id, waiver.id));
  await work.history(
    asked.map((waiver) => ({
      entity: tuitionBill.id,
      recordId: waiver.id,
      action: 'requestWaive',
      fromState: { waiveStatus: '0' },
      toState: { waiveStatus: '1' },
      inputs: { waiveRequest: yuan(waiver.amount), waiveReason: waiver.reason },
      note: '导入减免名单',
    })),
  );
  return asked.length;
}

/** The card's routes of 学费管理 (the flow's ledger actions) and the waivers' workbook. */
export function tuitionRoutes(api: FastifyInstance, context: AppContext): void {
  api.get('/pay/feeItem/waiversTemplate', { config: { permission: 'feeItem:importWaivers' } }, async (_request, reply) => {
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent('减免名单导入模板.xlsx')}`);
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await templateOf(WAIVER_SHEET));
  });
  api.post('/pay/feeItem/importWaivers', { config: { permission: 'feeItem:importWaivers' } }, async (request) => {
    const caller = authOf(request);
    const { feeItemId } = parseInput(z.object({ feeItemId: z.string().trim().min(1).max(64) }), request.query);
    const { rows } = await readSheet(WAIVER_SHEET, await uploadedWorkbook(request));
    if (!rows.length) throw badRequest('Excel 文件中没有数据行（file）', 'The workbook has no data rows (file)');
    const imported = await inSchool(context.db, caller, (work) => importWaivers(work, feeItemId, rows));
    return ok({ imported, already: 0 }, caller.locale === 'en' ? `${imported} waivers imported, awaiting audit` : `导入减免 ${imported} 条，等待审核`);
  });
  billLedgerRoutes(api, tuitionLedger(unscoped(context.db, 'ledger: a posting opens its own transaction, bound to the caller’s school')), { base: '/pay/tuition', prefix: 'tuition' });
}
