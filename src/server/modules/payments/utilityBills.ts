import type { FastifyInstance } from 'fastify';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { electricBill, UTILITY_WORDS, waterBill } from '@shared/entities/payments/utilityBill';
import { tiersText, tiersTextInEnglish, utilityAmount, type PriceTier } from '@shared/utilityPrices';
import type { AppContext } from '../../context';
import type { EntityHooks } from '../../crud/registerEntity';
import type { GenerateInput } from '@shared/entities/payments/utilityBill';
import type { FlowEffect, FlowEffectContext } from '../../crud/flowActions';
import type { Database, Executor } from '../../db/client';
import { members, utilityBills } from '../../db/schema';
import { schoolReads, unscoped, Work } from '../../db/work';
import { authOf } from '../../http/auth';
import { badRequest, notFound } from '../../http/envelope';
import { nextBillNo } from '../bills/billNo';
import type { Caller } from '../ledger/core';
import { billLedger, payAtCounter, type BillBook } from './billLedger';
import { extendDue } from './extendDue';
import { billLedgerRoutes } from './billRoutes';
import { lateFeeEffect, remindEffect, waiveEffects } from './billEffects';
import { lateOrNot } from './overdue';

/**
 * 水费缴纳 and 电费缴纳's work (DOMAIN.md §7): readings saved with their usage (the last month's
 * reading when none is given), bills priced from them, counter and card payments, late fees and
 * reminders — 欠费 and 缴费状态 recomputed under the bill's lock with every change of its money.
 */

type UtilityRow = typeof utilityBills.$inferSelect;
type Kind = 'water' | 'electric';

const TYPE_OF: Record<Kind, string> = { water: '1', electric: '2' };
const SPEC_OF = { water: waterBill, electric: electricBill } as const;
const NOUN: Record<Kind, string> = { water: UTILITY_WORDS.water.noun['zh-CN'], electric: UTILITY_WORDS.electric.noun['zh-CN'] };
const UNIT: Record<Kind, string> = { water: UTILITY_WORDS.water.unit['zh-CN'], electric: UTILITY_WORDS.electric.unit['zh-CN'] };
const UNIT_WORDS = Object.values(UTILITY_WORDS).map((words) => [words.unit['zh-CN'], words.unit.en] as const);

const yuan = (cents: number) => (cents / 100).toFixed(2);

/** 欠费 and 缴费状态 from a bill's amounts (a bill not yet made owes nothing; one waived whole is 已减免). */
export function utilityState(bill: Pick<UtilityRow, 'due' | 'waive' | 'paid' | 'refunded' | 'billStatus'>): { owed: number; payStatus: string } {
  const net = bill.paid - bill.refunded;
  const owed = bill.billStatus === '1' ? bill.due - bill.waive - net : 0;
  if (bill.billStatus !== '1') return { owed, payStatus: '0' };
  return { owed, payStatus: bill.due > 0 && bill.waive >= bill.due ? '4' : owed <= 0 ? '2' : net > 0 ? '1' : bill.refunded > 0 ? '3' : '0' };
}

/** The school's live bill, locked (the bill book's lock: on the executor it is given). */
async function lockUtility(tx: Executor, tenantId: number, id: string): Promise<UtilityRow> {
  const [bill] = await new Work(tx, tenantId, '').lock(utilityBills, id);
  if (!bill) throw notFound('未找到对应实体');
  return bill;
}

async function saveUtility(tx: Executor, caller: Caller, bill: UtilityRow, change: Partial<UtilityRow>): Promise<UtilityRow> {
  const next = { ...bill, ...change };
  const state = await lateOrNot(tx, caller.tenantId, utilityState(next), next.dueDate);
  await tx
    .update(utilityBills)
    .set({ ...change, ...state, updateBy: caller.username, updatedAt: new Date() })
    .where(eq(utilityBills.id, bill.id));
  return { ...next, ...state };
}

const kindOf = (bill: UtilityRow): Kind => (bill.utilityType === '2' ? 'electric' : 'water');

async function paymentOf(tx: Executor, bill: UtilityRow) {
  const [payer] = await tx.select({ name: members.realName }).from(members).where(eq(members.id, bill.memberId));
  return {
    itemType: bill.utilityType === '2' ? '3' : '2',
    billType: 'utility' as const,
    billId: bill.id,
    billNo: bill.billNo,
    target: `${bill.building} ${bill.room}（${bill.period}${payer ? ` ${payer.name}` : ''}）`,
    memberId: bill.memberId,
  };
}

export const UTILITY_BOOK: BillBook<UtilityRow> = {
  billType: 'utility',
  entity: (bill) => SPEC_OF[kindOf(bill)].id,
  label: (bill) => NOUN[kindOf(bill)],
  lock: lockUtility,
  save: saveUtility,
  payment: paymentOf,
};

/** A reading as saved: its kind, its number (on add), last month's reading when none is given, the usage. */
function utilityHooks(kind: Kind): EntityHooks<UtilityRow> {
  const type = TYPE_OF[kind];
  return {
    scope: () => sql`${utilityBills.utilityType} = ${type}`,
    // The price note is kept in the words it was billed in; an English console reads it in English.
    shapeRecord(record, _view, caller) {
      if (caller.locale === 'en' && typeof record.priceNote === 'string') record.priceNote = tiersTextInEnglish(record.priceNote, UNIT_WORDS);
    },
    async beforeSave({ work, values, before }) {
      const pick = <T>(key: keyof UtilityRow) => (values[key] ?? before?.[key]) as T;
      values.utilityType = type;
      if (!before) values.billNo = await nextBillNo(work.tx, work.tenantId, kind === 'water' ? 'SF' : 'DF');
      const building = String(pick('building'));
      const room = String(pick('room'));
      const period = String(pick('period'));
      if (values.prevReading === undefined || values.prevReading === null) {
        const [last] = await work.rows(
          utilityBills,
          and(eq(utilityBills.utilityType, type), eq(utilityBills.building, building), eq(utilityBills.room, room), sql`${utilityBills.period} < ${period}`),
          { orderBy: desc(utilityBills.period), limit: 1 },
        );
        values.prevReading = before ? before.prevReading : (last?.currReading ?? 0);
      }
      const prev = Number(values.prevReading);
      const curr = Number(pick('currReading'));
      if (curr < prev) throw badRequest(`本期读数不能小于上期读数 ${prev / 1000}`, `The reading cannot be below the last one (${prev / 1000})`);
      values.usage = curr - prev;
      values.readBy = work.username;
      values.readTime = new Date();
      const [taken] = await work.rows(
        utilityBills,
        and(eq(utilityBills.utilityType, type), eq(utilityBills.building, building), eq(utilityBills.room, room), eq(utilityBills.period, period), before ? ne(utilityBills.id, before.id) : undefined),
        { limit: 1 },
      );
      if (taken) throw badRequest(`${building} ${room} ${period} 的${NOUN[kind]}抄表已存在`, `${building} ${room} has a reading for ${period} already`);
    },
  };
}

/** 生成账单, 减免 asked and audited, 线下收款登记, 加收滞纳金 and 催缴 (declared in utilityBill.ts). */
function utilityActions(kind: Kind): Readonly<Record<string, FlowEffect<UtilityRow>>> {
  return {
    extend: extendDue,
    // The reading as the flow locked it.
    async generate({ work, caller, row: bill, input }: FlowEffectContext<UtilityRow, GenerateInput>) {
      const tiers: PriceTier[] = [{ from: 0, price: input.price1 }];
      for (const [from, price] of [
        [input.from2, input.price2],
        [input.from3, input.price3],
      ] as const)
        if (from !== undefined && from !== null && price !== undefined && price !== null) tiers.push({ from, price });
      if (tiers.some((tier, index) => index > 0 && tier.from <= tiers[index - 1]!.from)) throw badRequest('各档起点应逐档增大', 'Each tier must start above the one before');
      const amount = utilityAmount(bill.usage, tiers);
      const saved = await saveUtility(work.tx, caller, bill, { billStatus: '1', amount, due: amount + bill.lateFee, dueDate: input.dueDate, priceNote: tiersText(tiers, UNIT[kind]) });
      return { set: { billStatus: '1', owed: saved.owed, payStatus: saved.payStatus }, note: `${NOUN[kind]} ${yuan(amount)} 元` };
    },
    ...waiveEffects(UTILITY_BOOK),
    payOffline: payAtCounter(UTILITY_BOOK),
    lateFee: lateFeeEffect(UTILITY_BOOK),
    remind: remindEffect(UTILITY_BOOK, async (work, bill, school, payBy) => {
      const [payer] = await work.tx.select({ name: members.realName, mobile: members.mobile }).from(members).where(eq(members.id, bill.memberId));
      return {
        mobiles: payer?.mobile ? [payer.mobile] : [],
        text: `【${school}】${payer?.name ?? ''}您好，${bill.building} ${bill.room} ${bill.period} ${NOUN[kind]}（账单 ${bill.billNo}）尚欠 ${yuan(bill.owed)} 元，${payBy}。`,
        nobody: '缴费人无手机号',
        event: {
          code: 'BILL_DUE',
          memberId: bill.memberId,
          values: { name: payer?.name, item: `${bill.building} ${bill.room} ${bill.period} ${NOUN[kind]}`, billNo: bill.billNo, amount: yuan(bill.owed), due: bill.dueDate },
        },
      };
    }),
  };
}

export const WATER_HOOKS: EntityHooks = { ...utilityHooks('water'), actions: utilityActions('water') };
export const ELECTRIC_HOOKS: EntityHooks = { ...utilityHooks('electric'), actions: utilityActions('electric') };

export const utilityLedger = (db: Database) => billLedger(db, UTILITY_BOOK);

/** The ledger's doors of both screens: 卡余额缴费 and 退费 of a water or electricity bill. */
export function utilityRoutes(api: FastifyInstance, context: AppContext): void {
  const ledger = utilityLedger(unscoped(context.db, 'ledger: a posting opens its own transaction, bound to the caller’s school'));
  for (const kind of ['water', 'electric'] as const)
    billLedgerRoutes(api, ledger, {
      base: `/pay/${kind}`,
      prefix: SPEC_OF[kind].permissionPrefix,
      // A bill of the other kind is not found through this screen's routes.
      async check(request, id) {
        const [bill] = await schoolReads(context.db, authOf(request)).rows(utilityBills, and(eq(utilityBills.id, id), eq(utilityBills.utilityType, TYPE_OF[kind])), { limit: 1 });
        if (!bill) throw notFound('未找到对应实体');
      },
    });
}
