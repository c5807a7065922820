import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { typeDiscounts } from '../../db/schema';
import { INNER } from './core';

/** What pricing reads of a member type's discount row. */
export type DiscountRule = Pick<typeof typeDiscounts.$inferSelect, 'fixedPrice' | 'discountPermille' | 'allowanceMode' | 'allowance' | 'allowancePermille' | 'allowanceValidity'>;

/** What one payment costs the member and what the school pays of it. */
export interface MealPrice {
  /** The price after the discount or the fixed price: what the canteen receives. */
  amount: number;
  /** The school's part of `amount`, from the allowance account. */
  allowance: number;
  /** A fixed allowance the meal did not use, kept in the subsidy wallet (永久有效). */
  kept: number;
  rule: DiscountRule | null;
}

/** A row for this canteen (store, meal) or for all of them; with none given, only rows for all. */
const matching = (column: 'r.canteen_id' | 'r.store_id' | 'r.meal_type', value: string | null | undefined) =>
  value ? sql`(${sql.raw(column)} is null or ${sql.raw(column)} = ${value})` : sql`${sql.raw(column)} is null`;

/**
 * The member type's price of a payment (DOMAIN.md 2.13): the most particular discount row in force
 * today (canteen, then store, then meal), its discount or fixed price, then its meal allowance —
 * once per meal a day, the first payment of that meal taking it.
 */
export async function priceOf(
  tx: Executor,
  input: {
    tenantId: number;
    memberTypeId: string | null;
    accountId: string;
    price: number;
    /** The school's day of the payment: the rule in force then, the allowance once per meal of it. */
    day: string;
    canteenId?: string | null;
    storeId?: string | null;
    mealType?: string | null;
  },
): Promise<MealPrice> {
  const day = input.day;
  if (!input.memberTypeId) return { amount: input.price, allowance: 0, kept: 0, rule: null };
  // Written by hand (a payment's hot path). A row for the canteen (store, meal) or for all of them;
  // the allowance's once-a-meal check is asked in the same round trip, only of a row with one.
  const [found] = await rowsOf<Record<string, string | number | boolean | null>>(
    tx,
    sql`select r.fixed_price_cents::text as fixed_price, r.discount_permille, r.allowance_mode, r.allowance_cents::text as allowance, r.allowance_permille, r.allowance_validity,
        case when r.allowance_mode = '0' then false else exists (
          select 1 from fin_txn t join fin_entry e on e.txn_id = t.id and e.account_ref = ${INNER.mealAllowance} and e.dc = 'D'
          where t.account_id = ${input.accountId} and t.txn_type = 'CONSUME' and t.acc_date = ${day}::date
            and ${input.mealType ? sql`t.meal_type = ${input.mealType}` : sql`t.meal_type is null`}) end as taken
      from memb_type_discount r
      where r.tenant_id = ${input.tenantId} and r.member_type_id = ${input.memberTypeId} and r.del_flag = 0
        and ${matching('r.canteen_id', input.canteenId)} and ${matching('r.store_id', input.storeId)} and ${matching('r.meal_type', input.mealType)}
        and coalesce(r.valid_from, '0001-01-01') <= ${day}::date and coalesce(r.valid_to, '9999-12-31') >= ${day}::date
      order by (r.canteen_id is not null) desc, (r.store_id is not null) desc, (r.meal_type is not null) desc, r.discount_permille
      limit 1`,
  );
  if (!found) return { amount: input.price, allowance: 0, kept: 0, rule: null };
  const cents = (value: unknown) => (value === null ? null : Number(value));
  const rule: DiscountRule = {
    fixedPrice: cents(found.fixed_price),
    discountPermille: Number(found.discount_permille),
    allowanceMode: String(found.allowance_mode),
    allowance: cents(found.allowance),
    allowancePermille: cents(found.allowance_permille),
    allowanceValidity: String(found.allowance_validity),
  };
  const amount = rule.fixedPrice !== null ? Math.min(input.price, rule.fixedPrice) : Math.max(1, Math.round((input.price * rule.discountPermille) / 1000));
  if (rule.allowanceMode === '0' || found.taken === true) return { amount, allowance: 0, kept: 0, rule };
  const grant = rule.allowanceMode === '1' ? (rule.allowance ?? 0) : rule.allowanceMode === '2' ? amount : Math.round((amount * (rule.allowancePermille ?? 0)) / 1000);
  const allowance = Math.min(grant, amount);
  const kept = rule.allowanceMode === '1' && rule.allowanceValidity === '2' ? grant - allowance : 0;
  return { amount, allowance, kept, rule };
}

/** The payment's summary line: the original price and what changed it. */
export function summaryOf(price: number, priced: MealPrice): string {
  const yuan = (cents: number) => (cents / 100).toFixed(2);
  const notes: string[] = [];
  if (priced.amount !== price)
    notes.push(priced.rule?.fixedPrice !== null && priced.rule?.fixedPrice !== undefined ? `原价 ${yuan(price)} 元，固定价` : `原价 ${yuan(price)} 元，折扣 ${priced.rule!.discountPermille}‰`);
  if (priced.allowance > 0) notes.push(`餐补 ${yuan(priced.allowance)} 元`);
  if (priced.kept > 0) notes.push(`餐补余额 ${yuan(priced.kept)} 元转入补助`);
  return notes.length ? `消费（${notes.join('，')}）` : '消费';
}
