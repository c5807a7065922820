import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import { z } from 'zod';
import { propertyBill } from '@areas/property/shared/entities/propertyBill';
import type { AppContext } from '@server/context';
import type { EntityHooks } from '@server/crud/registerEntity';
import type { Database, Executor } from '@server/db/client';
import { newId } from '@server/db/ids';
import { owners } from '@server/db/schema';
import { houses, propertyBills } from './tables';
import { inSchool, unscoped, Work, type NewRowOf, type RowOf } from '@server/db/work';
import { authOf } from '@server/http/auth';
import { badRequest, notFound, ok } from '@server/http/envelope';
import { parseInput } from '@server/http/validate';
import { nextBillNo } from '@server/modules/bills/billNo';
import type { Caller } from '@server/modules/ledger/core';
import { billState } from '@server/modules/members/tuition';
import { lateOrNot } from '@server/modules/payments/overdue';
import { lateFeeEffect, remindEffect, waiveEffects } from '@server/modules/payments/billEffects';
import { billLedger, payAtCounter, type BillBook } from '@server/modules/payments/billLedger';
import { billLedgerRoutes } from '@server/modules/payments/billRoutes';
import { extendDue } from '@server/modules/payments/extendDue';

/**
 * 物业费缴纳's work (DOMAIN.md §7): a house billed for whole months at its floor area × its price a
 * ㎡ and month (both read from 房屋管理 when billed), one bill or many at once, never twice for a
 * month; waivers, counter and card payments, late fees and reminders as every bill has them.
 */

type PropertyRow = typeof propertyBills.$inferSelect;
type HouseRow = typeof houses.$inferSelect;

const yuan = (cents: number) => (cents / 100).toFixed(2);
/** A bill covers at most two years. */
const MOST_MONTHS = 24;

/** The months from one YYYY-MM to another, both counted (0 when the second is earlier). */
export function monthsOf(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number) as [number, number];
  const [toYear, toMonth] = to.split('-').map(Number) as [number, number];
  return Math.max(0, (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1);
}

/** Floor area (thousandths of a ㎡) × price (cents a ㎡ and month) × months, to the nearest cent. */
export const propertyFee = (areaMilli: number, priceCents: number, months: number) => Math.round((areaMilli * priceCents * months) / 1000);

/** The school's live bill, locked (the bill book's lock: on the executor it is given). */
async function lockProperty(tx: Executor, tenantId: number, id: string): Promise<PropertyRow> {
  const [bill] = await new Work(tx, tenantId, '').lock(propertyBills, id);
  if (!bill) throw notFound('未找到对应实体');
  return bill;
}

async function saveProperty(tx: Executor, caller: Caller, bill: PropertyRow, change: Partial<PropertyRow>): Promise<PropertyRow> {
  const next = { ...bill, ...change };
  const state = await lateOrNot(tx, caller.tenantId, billState(next), next.dueDate);
  await tx
    .update(propertyBills)
    .set({ ...change, ...state, updateBy: caller.username, updatedAt: new Date() })
    .where(eq(propertyBills.id, bill.id));
  return { ...next, ...state };
}

async function houseAndOwner(tx: Executor, houseId: string) {
  const [found] = await tx
    .select({ house: houses, owner: { name: owners.name, mobile: owners.mobile, memberId: owners.memberId } })
    .from(houses)
    .leftJoin(owners, eq(owners.id, houses.ownerId))
    .where(eq(houses.id, houseId));
  return found;
}

export const PROPERTY_BOOK: BillBook<PropertyRow> = {
  billType: 'property',
  entity: () => propertyBill.id,
  label: () => '物业费',
  lock: lockProperty,
  save: saveProperty,
  async payment(tx, bill) {
    const found = await houseAndOwner(tx, bill.houseId);
    return {
      itemType: '4',
      billType: 'property',
      billId: bill.id,
      billNo: bill.billNo,
      target: `${found?.house.name ?? ''}（${bill.periodFrom}~${bill.periodTo}${found?.owner?.name ? ` ${found.owner.name}` : ''}）`,
      memberId: bill.memberId,
    };
  },
};

export const propertyLedger = (db: Database) => billLedger(db, PROPERTY_BOOK);

interface Period {
  periodFrom: string;
  periodTo: string;
  dueDate: string;
}

function checkPeriod(period: Period): number {
  const months = monthsOf(period.periodFrom, period.periodTo);
  if (months < 1) throw badRequest('计费止不能早于计费起', 'The last month cannot be before the first');
  if (months > MOST_MONTHS) throw badRequest(`一张物业费账单最多 ${MOST_MONTHS} 个月`, `A bill covers at most ${MOST_MONTHS} months`);
  return months;
}

/** The house's live bill covering any month of the period (a second bill is refused). */
async function overlapOf(work: Work, houseId: string, period: Period, except?: string) {
  const [taken] = await work.rows(
    propertyBills,
    and(eq(propertyBills.houseId, houseId), lte(propertyBills.periodFrom, period.periodTo), gte(propertyBills.periodTo, period.periodFrom), except ? ne(propertyBills.id, except) : undefined),
    { limit: 1 },
  );
  return taken?.billNo;
}

/** A bill's row for a house (its area, price and owner as they are now); null with the reason it is not billed. */
async function billRowOf(work: Work, house: HouseRow, period: Period, months: number): Promise<{ row: NewRowOf<typeof propertyBills> } | { skip: string }> {
  if (house.feePrice <= 0) return { skip: '未设置物业费单价' };
  // Nobody to bill: a vacant flat of the school's own.
  if (!house.ownerId) return { skip: '未绑定业主' };
  const taken = await overlapOf(work, house.id, period);
  if (taken) return { skip: `该期间已有账单 ${taken}` };
  const found = await houseAndOwner(work.tx, house.id);
  const amount = propertyFee(house.buildArea, house.feePrice, months);
  return {
    row: {
      id: newId(),
      billNo: await nextBillNo(work.tx, work.tenantId, 'WY'),
      houseId: house.id,
      building: house.building,
      ownerId: house.ownerId,
      memberId: found?.owner?.memberId ?? null,
      area: house.buildArea,
      price: house.feePrice,
      periodFrom: period.periodFrom,
      periodTo: period.periodTo,
      months,
      amount,
      due: amount,
      owed: amount,
      dueDate: period.dueDate,
    },
  };
}

/**
 * 批量生成 and 生成物业费: a bill for each house chosen (by id, or every house of a building or of the
 * school) that has a price and no bill for any of the months; the others are named with why.
 */
export async function billHouses(tx: Executor, caller: Caller, which: { ids?: readonly string[]; building?: string }, period: Period) {
  const months = checkPeriod(period);
  const work = new Work(tx, caller.tenantId, caller.username);
  const chosen = await work.rows(houses, and(which.ids ? inArray(houses.id, [...which.ids]) : undefined, which.building ? eq(houses.building, which.building) : undefined), {
    orderBy: asc(houses.name),
  });
  if (!chosen.length) throw badRequest('没有符合条件的房屋', 'No house fits');
  const rows: NewRowOf<typeof propertyBills>[] = [];
  const skipped: { house: string; reason: string }[] = [];
  for (const house of chosen) {
    const made = await billRowOf(work, house, period, months);
    if ('row' in made) rows.push(made.row);
    else skipped.push({ house: house.name, reason: made.skip });
  }
  for (let at = 0; at < rows.length; at += 500) await work.insert(propertyBills, rows.slice(at, at + 500));
  return { made: rows.length, amount: rows.reduce((sum, row) => sum + (row.amount ?? 0), 0), skipped };
}

/** A bill added by hand: for one house and its months, priced from the house, numbered WY…. */
export const PROPERTY_HOOKS: EntityHooks<RowOf<typeof propertyBills>> = {
  async beforeSave({ work, values, before }) {
    if (before) return;
    const period = { periodFrom: values.periodFrom ?? '', periodTo: values.periodTo ?? '', dueDate: values.dueDate ?? '' };
    const months = checkPeriod(period);
    const house = await work.one(houses, values.houseId ?? '');
    if (!house) throw badRequest('房屋不存在', 'No such house');
    const made = await billRowOf(work, house, period, months);
    if ('skip' in made)
      throw badRequest(
        `${house.name}：${made.skip}`,
        `${house.name}: ${made.skip === '未设置物业费单价' ? 'it has no fee price' : made.skip === '未绑定业主' ? 'it has no owner bound' : 'it is billed for that period already'}`,
      );
    const { id: _id, ...row } = made.row;
    Object.assign(values, row);
  },
  actions: {
    ...waiveEffects(PROPERTY_BOOK),
    payOffline: payAtCounter(PROPERTY_BOOK),
    lateFee: lateFeeEffect(PROPERTY_BOOK),
    extend: extendDue,
    remind: remindEffect(PROPERTY_BOOK, async (work, bill, school, payBy) => {
      const found = await houseAndOwner(work.tx, bill.houseId);
      return {
        mobiles: found?.owner?.mobile ? [found.owner.mobile] : [],
        text: `【${school}】${found?.owner?.name ?? '业主'}您好，${found?.house.name ?? ''} ${bill.periodFrom}~${bill.periodTo} 物业费（账单 ${bill.billNo}）尚欠 ${yuan(bill.owed)} 元，${payBy}。`,
        nobody: '房屋未绑定业主',
      };
    }),
  },
};

const ym = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
const generateBody = z.object({ building: z.string().trim().max(30).optional(), periodFrom: ym, periodTo: ym, dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });

/** 物业费缴纳's routes: 批量生成 over the school's houses (or a building's), and the card's 缴费 and 退费. */
export function propertyRoutes(api: FastifyInstance, context: AppContext): void {
  api.post('/pay/property/generate', { config: { permission: 'propertyBill:generate' } }, async (request) => {
    const caller = authOf(request);
    const body = parseInput(generateBody, request.body);
    const result = await inSchool(context.db, caller, (work) => billHouses(work.tx, work, body.building ? { building: body.building } : {}, body));
    const message =
      caller.locale === 'en'
        ? `${result.made} bills made, ¥${yuan(result.amount)} in all${result.skipped.length ? `; ${result.skipped.length} houses skipped` : ''}`
        : `已生成 ${result.made} 张物业费账单，共 ${yuan(result.amount)} 元${result.skipped.length ? `；${result.skipped.length} 户未生成` : ''}`;
    return ok(result, message);
  });
  billLedgerRoutes(api, propertyLedger(unscoped(context.db, 'ledger: a posting opens its own transaction, bound to the caller’s school')), {
    base: '/pay/property',
    prefix: propertyBill.permissionPrefix,
  });
}
