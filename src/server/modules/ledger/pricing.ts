import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { ledgerEntries, ledgerTransactions, typeDiscounts } from '../../db/schema';
import { INNER, today } from './core';

export type DiscountRule = typeof typeDiscounts.$inferSelect;

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
const matching = (column: AnyPgColumn, value: string | null | undefined) => (value ? or(isNull(column), eq(column, value)) : isNull(column));

/**
 * The member type's price of a payment (DOMAIN.md 2.13): the most particular discount row in force
 * today (canteen, then store, then meal), its discount or fixed price, then its meal allowance —
 * once per meal a day, the first payment of that meal taking it.
 */
export async function priceOf(
  tx: Executor,
  input: { tenantId: number; memberTypeId: string | null; accountId: string; price: number; canteenId?: string | null; storeId?: string | null; mealType?: string | null },
): Promise<MealPrice> {
  const day = today();
  const [rule] = input.memberTypeId
    ? await tx
        .select()
        .from(typeDiscounts)
        .where(
          and(
            eq(typeDiscounts.tenantId, input.tenantId),
            eq(typeDiscounts.memberTypeId, input.memberTypeId),
            eq(typeDiscounts.delFlag, 0),
            matching(typeDiscounts.canteenId, input.canteenId),
            matching(typeDiscounts.storeId, input.storeId),
            matching(typeDiscounts.mealType, input.mealType),
            sql`coalesce(${typeDiscounts.validFrom}, '0001-01-01') <= ${day}::date`,
            sql`coalesce(${typeDiscounts.validTo}, '9999-12-31') >= ${day}::date`,
          ),
        )
        .orderBy(sql`(${typeDiscounts.canteenId} is not null) desc, (${typeDiscounts.storeId} is not null) desc, (${typeDiscounts.mealType} is not null) desc, ${typeDiscounts.discountPermille}`)
        .limit(1)
    : [];
  if (!rule) return { amount: input.price, allowance: 0, kept: 0, rule: null };
  const amount = rule.fixedPrice !== null ? Math.min(input.price, rule.fixedPrice) : Math.max(1, Math.round((input.price * rule.discountPermille) / 1000));
  if (rule.allowanceMode === '0') return { amount, allowance: 0, kept: 0, rule };
  // Once per meal a day: an earlier payment of this meal today that the allowance paid part of.
  const [taken] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, and(eq(ledgerEntries.txnId, ledgerTransactions.id), eq(ledgerEntries.accountRef, INNER.mealAllowance), eq(ledgerEntries.dc, 'D')))
    .where(
      and(
        eq(ledgerTransactions.accountId, input.accountId),
        eq(ledgerTransactions.txnType, 'CONSUME'),
        eq(ledgerTransactions.accDate, day),
        input.mealType ? eq(ledgerTransactions.mealType, input.mealType) : isNull(ledgerTransactions.mealType),
      ),
    )
    .limit(1);
  if (taken) return { amount, allowance: 0, kept: 0, rule };
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
