import { and, asc, eq, ne } from 'drizzle-orm';
import { mealOfClock } from '@shared/meals';
import { dateTimeIn } from '@shared/schoolTime';
import type { card } from '@shared/entities/members/card';
import type { LedgerEffects, LedgerQuoters } from '../../crud/ledgerActions';
import type { AuthContext } from '../../http/auth';
import type { AppContext } from '../../context';
import { schoolReads } from '../../db/work';
import { accounts, cards, mealCanteens, mealStores, members, memberTypes } from '../../db/schema';
import { badRequest, notFound } from '../../http/envelope';
import { schoolZone } from '../schools/settings';
import type { ChangeReason } from './cards';
import { ledgerService } from './service';
import { yuanOf } from '@shared/reportColumns';

/** card_fee_pay: 1 卡内扣除 · 2 现金. */
const FEE_PAY = { '1': 'card', '2': 'cash' } as const;
const feePayOf = (value: string) => FEE_PAY[value as keyof typeof FEE_PAY] ?? 'card';

/** A new card for an old one, as 补卡 and 换卡 give it: the chip's number in capitals, the fee's way in the ledger's words. */
const newCard = (id: string, key: string, input: { cardNo: string; physNo: string; feePay: string; remark: string | null }) => ({
  key,
  cardId: id,
  cardNo: input.cardNo,
  physNo: input.physNo.toUpperCase(),
  feePay: feePayOf(input.feePay),
  ...(input.remark ? { remark: input.remark } : {}),
});

/** What 补卡 and 换卡 say once done: the new card, its bill, the balance carried over. */
const swapped = (verb: { 'zh-CN': string; en: string }, cardNo: string, billNo: string) => ({
  'zh-CN': `${verb['zh-CN']}成功！新卡 ${cardNo}，单号 ${billNo}，余额已转入`,
  en: `${verb.en}. New card ${cardNo}, bill ${billNo}; the balance moved with it`,
});

/**
 * The card's ledger actions (members.card's flow): 补卡 and 换卡 issue a new card on the same
 * account and charge the member type's fee; 退卡 cancels the card and settles the deposit with the
 * account's last card. Each posts through the ledger service under the account's lock.
 */
export const cardLedgerActions: LedgerEffects<typeof card> = {
  /** 柜台消费: the card named by its number (the engine reads it from the record when given its id). */
  async pay({ context, caller, id: cardNo, input, idempotencyKey }) {
    // A store is chosen among the canteen's: not one of another canteen's.
    if (input.storeId && input.canteenId) {
      const chosen = await schoolReads(context.db, caller).one(mealStores, input.storeId);
      if (chosen?.canteenId !== input.canteenId) throw badRequest('档口不属于所选食堂', 'The store is not one of the chosen canteen’s');
    }
    const posted = await ledgerService(context.db).consume(
      { tenantId: caller.tenantId, username: caller.username },
      { key: idempotencyKey, cardNo, amountCents: input.amount, canteenId: input.canteenId, storeId: input.storeId, mealType: input.mealType },
    );
    return {
      answer: posted,
      done: {
        'zh-CN': `消费成功！实付 ¥${yuanOf(posted.amountCents)}，现金余额 ¥${yuanOf(posted.balances.CASH)}`,
        en: `Paid ¥${yuanOf(posted.amountCents)}; cash left ¥${yuanOf(posted.balances.CASH)}`,
      },
    };
  },

  async replace({ context, caller, id, input, idempotencyKey }) {
    const posted = await ledgerService(context.db).replaceCard({ tenantId: caller.tenantId, username: caller.username }, newCard(id, idempotencyKey, input));
    return { answer: posted, done: swapped({ 'zh-CN': '补卡', en: 'Card replaced' }, input.cardNo, posted.billNo) };
  },

  async change({ context, caller, id, input, idempotencyKey }) {
    const posted = await ledgerService(context.db).changeCard(
      { tenantId: caller.tenantId, username: caller.username },
      { ...newCard(id, idempotencyKey, input), reason: input.reason as ChangeReason },
    );
    return { answer: posted, done: swapped({ 'zh-CN': '换卡', en: 'Card changed' }, input.cardNo, posted.billNo) };
  },

  async return({ context, caller, id, input, idempotencyKey }) {
    const posted = await ledgerService(context.db).returnCard(
      { tenantId: caller.tenantId, username: caller.username },
      { key: idempotencyKey, cardId: id, deposit: input.deposit as 'refund' | 'forfeit', reason: input.reason },
    );
    return { answer: posted, done: { 'zh-CN': `退卡成功！退还押金 ¥${yuanOf(posted.amountCents)}`, en: `Card returned. Deposit paid back: ¥${yuanOf(posted.amountCents)}` } };
  },
};

/** A card of the caller's school, with its member type's fees. */
async function cardWithFees(context: AppContext, caller: AuthContext, id: string) {
  const reads = schoolReads(context.db, caller);
  const found = await reads.one(cards, id);
  if (!found) throw notFound('卡片不存在');
  const [type] = await reads.tx
    .select({ replaceFee: memberTypes.replaceFee, cardFee: memberTypes.cardFee })
    .from(members)
    .innerJoin(memberTypes, eq(memberTypes.id, members.memberTypeId))
    .where(eq(members.id, found.memberId));
  return { card: found, fees: type ?? { replaceFee: 0, cardFee: 0 } };
}

/** What 补卡, 换卡 and 退卡 would post, worked out before the clerk confirms. */
export const cardLedgerQuotes: LedgerQuoters<typeof card> = {
  /**
   * 柜台消费: the card's cash, the school's first canteen and the meal its clock is in — as the
   * counter's clerk would choose them.
   */
  async pay({ context, caller, id: cardNo }) {
    const reads = schoolReads(context.db, caller);
    const clock = dateTimeIn(await schoolZone(reads.tx, caller.tenantId)).slice(11, 16);
    const [first] = await reads.rows(mealCanteens, undefined, { orderBy: asc(mealCanteens.sortNo), limit: 1 });
    const [paying] = await reads.rows(cards, and(eq(cards.cardNo, cardNo), ne(cards.cardStatus, '4')), { limit: 1 });
    const holder = paying ? await reads.one(accounts, paying.accountId) : undefined;
    return { figures: { cash: holder ? holder.cash : null }, defaults: { mealType: mealOfClock(clock), ...(first ? { canteenId: first.id } : {}) } };
  },
  async replace({ context, caller, id }) {
    return { figures: { fee: (await cardWithFees(context, caller, id)).fees.replaceFee } };
  },
  async change({ context, caller, id }) {
    return { figures: { fee: (await cardWithFees(context, caller, id)).fees.cardFee } };
  },
  /**
   * The deposit goes with the account's last card; a lost card was not handed back, so its deposit
   * is kept (the dialog starts from 转收入 for it).
   */
  async return({ context, caller, id, input }) {
    const reads = schoolReads(context.db, caller);
    const found = await reads.one(cards, id);
    if (!found) throw notFound('卡片不存在');
    const holder = await reads.one(accounts, found.accountId);
    const [other] = await reads.rows(cards, and(eq(cards.accountId, found.accountId), ne(cards.id, found.id), ne(cards.cardStatus, '4')), { limit: 1 });
    const deposit = other || !holder ? 0 : holder.deposit;
    const lost = found.cardStatus === '2';
    const mode = input.deposit ?? (lost ? 'forfeit' : 'refund');
    return { figures: { deposit, depositBack: mode === 'refund' && !lost ? deposit : 0 }, ...(lost ? { defaults: { deposit: 'forfeit' } } : {}) };
  },
};
