import dayjs from 'dayjs';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { addMonths, dateTimeIn, dayIn } from '@shared/schoolTime';
import type { Database, Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { inSchool, schoolReads, schoolStatement, unscoped, type SchoolRows } from '../../db/work';
import { preparedRows, rowsOf } from '../../db/rows';
import { accounts, cards, ledgerEntries, ledgerTransactions, members, memberTypes, pendingRefunds, rechargeOrders } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/envelope';
import { assertChecker } from '../auth/fourEyes';
import { adjustmentOperations } from './adjustments';
import { cardOperations } from './cards';
import { pendingRefundOperations } from './pendingRefunds';
import { schoolZone } from '../schools/settings';
import { simulatedNow } from '../../clock/simulatedClock';
import { serverAreas } from '../../registry/areas';
import {
  checkAmount,
  COLUMN,
  INNER,
  ledgerCore,
  checkKey,
  hashOf,
  RECHARGE_CHANNELS,
  schoolDay,
  sourceOf,
  SPEND_ORDER,
  WALLETS,
  type AccountRow,
  type Caller,
  type Line,
  type OnlineChannel,
  type PostedTransaction,
  type RechargeChannel,
  type Wallet,
} from './core';

export { checkAmount, INNER, ONLINE_CHANNELS, RECHARGE_CHANNELS, WALLETS, type Caller, type OnlineChannel, type PostedTransaction, type RechargeChannel, type Wallet } from './core';

/**
 * The ledger service: the only writer of accounts' balances, cards' money-relevant rows and the
 * ledger tables (DOMAIN.md §15). Every operation is one database transaction that locks the
 * account row, posts a balanced transaction (Σ debit = Σ credit) under the caller's idempotency
 * key and updates the account's cached balances; a retried request returns the first posting.
 */

/** What fin_consume answers: a refusal's code, a key already used, or the posting. */
type ConsumeAnswer =
  | { refused: string; limit?: number }
  | { replay: string }
  | { id: string; txnNo: string; accountId: string; amount: number; postedAt: string; cash: number; subsidy: number; gift: number; deposit: number; parts: Partial<Record<Wallet, number>> };

/** A payment, as the one statement the hot path sends (prepared once per connection). */
const CONSUME_STATEMENT =
  'select fin_consume($1::int, $2::text, $3::text, $4::text, $5::text, $6::bigint, $7::text, $8::text, $9::text, $10::text, $11::timestamptz, $12::date, $13::timestamptz) as answer';

/** fin_consume inside a transaction of several (an offline upload): the same call, not prepared by name. */
const consumeCall = (values: readonly unknown[]) => {
  const [tenantId, operator, key, hash, cardNo, price, canteenId, storeId, terminalId, mealType, occurredAt, day, now] = values;
  return sql`select fin_consume(${tenantId}::int, ${operator}::text, ${key}::text, ${hash}::text, ${cardNo}::text, ${price}::bigint, ${canteenId}::text, ${storeId}::text, ${terminalId}::text, ${mealType}::text, ${occurredAt}::timestamptz, ${day}::date, ${now}::timestamptz) as answer`;
};

/** A payment as asked: the card, the price (null: the terminal's fixed price) and where and when. */
export interface PaymentInput {
  key: string;
  cardNo: string;
  amountCents: number | null;
  canteenId?: string | null;
  storeId?: string | null;
  terminalId?: string | null;
  mealType?: string | null;
  occurredAt?: Date;
}

/** A payment checked and ready to post: fin_consume's arguments, and what its answer is read with. */
interface Payment {
  key: string;
  hash: string;
  zone: string;
  values: unknown[];
}

/** A payment's own refusal, kept as its answer; anything else is not a refusal and is thrown on. */
function refusedBy(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  throw error;
}

/** A refusal of fin_consume in the user's words. */
function consumeRefusal(code: string, limit: number | undefined): ApiError {
  const yuan = ((limit ?? 0) / 100).toFixed(2);
  switch (code) {
    case 'NO_CARD':
      return badRequest('卡片不存在', 'No such card');
    case 'NO_ACCOUNT':
      return notFound('账户不存在');
    case 'CARD_LOST':
      return badRequest('卡片已挂失', 'The card is reported lost');
    case 'CARD_FROZEN':
      return badRequest('卡片已冻结', 'The card is frozen');
    case 'CARD_CANCELLED':
      return badRequest('卡片已注销', 'The card is cancelled');
    case 'CARD_DAMAGED':
      return badRequest('卡片已损坏，请换卡', 'The card is damaged');
    case 'CARD_EXPIRED':
      return badRequest('卡片已过期', 'The card has expired');
    case 'ACCOUNT_CLOSED':
      return badRequest('账户已销户', 'The account is closed');
    case 'ACCOUNT_FROZEN':
      return badRequest('账户已冻结，不能办理该业务', 'The account is frozen');
    case 'SINGLE_LIMIT':
      return badRequest(`超过单次消费限额（${yuan}元）`, `Over the single payment limit (${yuan})`);
    case 'DAILY_LIMIT':
      return badRequest(`超过当日消费限额（${yuan}元）`, `Over the daily limit (${yuan})`);
    case 'DAILY_COUNT':
      return badRequest(`超过当日消费次数（${limit}次）`, `Over the daily number of payments (${limit})`);
    case 'OVERDRAFT':
      return badRequest(`余额不足，超过透支额度（${yuan}元）`, `Insufficient balance: over the overdraft limit (${yuan})`);
    default:
      return badRequest('余额不足', 'Insufficient balance');
  }
}

/** What the areas do after a recharge, in its transaction (充值赠送's gifts), given the account's balances after it. */
async function afterRecharge(tx: Executor, caller: Caller, account: AccountRow, recharge: PostedTransaction): Promise<void> {
  const after = { id: account.id, memberId: account.memberId, cash: recharge.balances.CASH, subsidy: recharge.balances.SUBSIDY, gift: recharge.balances.GIFT, deposit: recharge.balances.DEPOSIT };
  for (const area of serverAreas()) await area.ledger?.onRecharge?.(tx, caller, after, recharge);
}

export function ledgerService(db: Database) {
  const core = ledgerCore(db);
  const { lockAccount, post, once, replay, mustBeOpen, takesMoney } = core;

  /** A payment's checks and fin_consume's arguments: the school's day it happened (an offline one's own day) decides its limits. */
  async function paymentOf(caller: Caller, input: PaymentInput): Promise<Payment> {
    const price = checkAmount(input.amountCents);
    checkKey(input.key);
    const occurredAt = input.occurredAt ?? new Date();
    const zone = await schoolZone(db, caller.tenantId);
    const hash = hashOf({ op: 'consume', ...input, occurredAt: input.occurredAt?.toISOString() });
    const values = [
      caller.tenantId,
      caller.username,
      input.key,
      hash,
      input.cardNo,
      price,
      input.canteenId ?? null,
      input.storeId ?? null,
      input.terminalId ?? null,
      input.mealType ?? null,
      occurredAt.toISOString(),
      dayIn(zone, occurredAt),
      // Null on the real clock: the posting time is the database's, once the account is locked.
      simulatedNow()?.toISOString() ?? null,
    ];
    return { key: input.key, hash, zone, values };
  }

  /** fin_consume's answer as the posting, its refusal, or the first answer to a key already used. */
  async function answered(caller: Caller, payment: Payment, given: ConsumeAnswer | string): Promise<PostedTransaction> {
    const answer: ConsumeAnswer = typeof given === 'string' ? JSON.parse(given) : given;
    if ('refused' in answer) throw consumeRefusal(answer.refused, answer.limit);
    if ('replay' in answer) return (await replay(db, caller, payment.key, payment.hash))!;
    return {
      id: answer.id,
      txnNo: answer.txnNo,
      txnType: 'CONSUME',
      accountId: answer.accountId,
      amountCents: Number(answer.amount),
      parts: answer.parts,
      balances: { CASH: Number(answer.cash), SUBSIDY: Number(answer.subsidy), GIFT: Number(answer.gift), DEPOSIT: Number(answer.deposit) },
      postedAt: dateTimeIn(payment.zone, new Date(answer.postedAt)),
      replayed: false,
    };
  }

  /** Money owed to an account that cannot take it now (closed, frozen) waits as a 待退款 the card office resolves. */
  async function holdForMember(tx: Executor, caller: Caller, account: Pick<AccountRow, 'id' | 'memberId'>, posted: PostedTransaction, amount: number, reason: string) {
    await tx.insert(pendingRefunds).values({
      id: newId(),
      tenantId: caller.tenantId,
      createBy: caller.username,
      accountId: account.id,
      memberId: account.memberId,
      amount,
      sourceTxnId: posted.id,
      sourceType: posted.txnType,
      reason,
    });
  }

  return {
    /**
     * 开户 + 发卡: the member's account (limits from the member type) and first card; the type's
     * deposit goes into the DEPOSIT wallet and its card fee to income, both paid at the counter.
     */
    async openAccount(caller: Caller, input: { key: string; memberId: string; cardNo: string; physNo: string }): Promise<PostedTransaction & { cardId: string }> {
      const posted = await once(caller, input.key, { op: 'open', ...input }, null, async (tx, _none, hash, work) => {
        const [member] = await tx
          .select({ member: members, type: memberTypes })
          .from(members)
          .innerJoin(memberTypes, eq(memberTypes.id, members.memberTypeId))
          .where(and(work.school(members), eq(members.id, input.memberId)))
          .for('update');
        if (!member) throw notFound('人员不存在');
        if (member.member.memberStatus !== '1') throw badRequest('该人员不在校（在职），不能开户', 'Only members at school can open an account');
        const [existing] = await work.rows(accounts, and(eq(accounts.memberId, input.memberId), ne(accounts.accountStatus, '3')), { limit: 1 });
        if (existing) throw badRequest('该人员已开户', 'This member already has an account');
        // Every card the numbers' unique keys hold, whatever its other marks.
        const [cardTaken] = await work.rows(cards, and(ne(cards.cardStatus, '4'), or(eq(cards.cardNo, input.cardNo), eq(cards.physNo, input.physNo))), { deleted: true, limit: 1 });
        if (cardTaken) throw badRequest('卡号或物理卡号已被使用', 'The card number or chip number is already in use');
        const opened = await schoolDay(tx, caller.tenantId);
        const expires = addMonths(opened, member.type.validMonths);
        const accountId = newId();
        const [account] = await work.insert(accounts, {
          id: accountId,
          accountNo: `A${member.member.memberNo}`.slice(0, 20),
          memberId: input.memberId,
          singleLimit: member.type.singleLimit,
          dailyLimit: member.type.dailyLimit,
          dailyLimitCount: member.type.dailyLimitCount,
          openDate: opened,
          expireDate: expires,
        });
        const cardId = newId();
        await work.insert(cards, {
          id: cardId,
          cardNo: input.cardNo,
          physNo: input.physNo,
          memberId: input.memberId,
          accountId,
          issueDate: opened,
          expireDate: expires,
        });
        const lines: Line[] = [];
        if (member.type.deposit > 0)
          lines.push({ accountRef: INNER.cashOnHand, wallet: null, dc: 'D', amount: member.type.deposit }, { accountRef: accountId, wallet: 'DEPOSIT', dc: 'C', amount: member.type.deposit });
        if (member.type.cardFee > 0)
          lines.push({ accountRef: INNER.cashOnHand, wallet: null, dc: 'D', amount: member.type.cardFee }, { accountRef: INNER.cardFees, wallet: null, dc: 'C', amount: member.type.cardFee });
        // An account with nothing to pay still gets its opening entry, so its history starts here.
        const amount = member.type.deposit + member.type.cardFee;
        return post(tx, caller, { key: input.key, hash, type: 'OPEN', account: account!, amount, lines, meta: { cardId, channel: 'cash', summary: '开户发卡' } });
      });
      const [card] = await schoolReads(db, caller).rows(cards, and(eq(cards.accountId, posted.accountId!), eq(cards.cardNo, input.cardNo)), { deleted: true });
      return { ...posted, cardId: card!.id };
    },

    /** 充值 at the counter (cash or bank transfer): the CASH wallet grows at once. */
    async recharge(caller: Caller, input: { key: string; accountId: string; amountCents: number | null; channel: RechargeChannel; remark?: string }): Promise<PostedTransaction> {
      const amount = checkAmount(input.amountCents);
      return once(caller, input.key, { op: 'recharge', ...input }, input.accountId, async (tx, account, hash) => {
        mustBeOpen(account!);
        const lines: Line[] = [
          { accountRef: RECHARGE_CHANNELS[input.channel], wallet: null, dc: 'D', amount },
          { accountRef: account!.id, wallet: 'CASH', dc: 'C', amount },
        ];
        const posted = await post(tx, caller, { key: input.key, hash, type: 'RECHARGE', account: account!, amount, lines, meta: { channel: input.channel, summary: input.remark ?? '充值' } });
        await afterRecharge(tx, caller, account!, posted);
        return posted;
      });
    },

    /**
     * An online recharge (WeChat, Alipay): an order waiting for its payment; nothing is posted
     * until the channel's signed callback arrives. The same key answers the same order.
     */
    async startOnlineRecharge(
      caller: Caller,
      input: { key: string; accountId: string; amountCents: number | null; channel: OnlineChannel },
    ): Promise<{ orderNo: string; status: string; amountCents: number; replayed: boolean }> {
      const amount = checkAmount(input.amountCents);
      checkKey(input.key);
      return inSchool(db, caller, async (work) => {
        const account = await lockAccount(work, caller.tenantId, input.accountId);
        const [existing] = await work.rows(rechargeOrders, and(eq(rechargeOrders.createBy, caller.username), eq(rechargeOrders.idempotencyKey, input.key)), { deleted: true });
        if (existing) {
          if (existing.accountId !== input.accountId || existing.amount !== amount || existing.channel !== input.channel) throw new ApiError(409, '该请求编号已用于另一笔业务，请刷新后重试');
          return { orderNo: existing.orderNo, status: existing.status, amountCents: existing.amount, replayed: true };
        }
        mustBeOpen(account);
        const id = newId();
        const orderNo = `R${dayjs().format('YYYYMMDDHHmmss')}${id.slice(0, 8).toUpperCase()}`;
        await work.insert(rechargeOrders, { id, orderNo, idempotencyKey: input.key, accountId: account.id, amount, channel: input.channel });
        return { orderNo, status: '0', amountCents: amount, replayed: false };
      });
    },

    /**
     * The channel says an order was paid (its callback, signature already checked): the recharge
     * is posted from the clearing account into CASH, once — a replayed callback answers the first
     * posting. The amount must be the order's.
     */
    async completeOnlineRecharge(input: { channel: OnlineChannel; orderNo: string; providerTxnId: string; amountCents: number }): Promise<PostedTransaction> {
      // The channel's callback names its order, not a school: the order says whose it is.
      const [order] = await unscoped(db, 'payment callback: an online order is found by its number before its school is known')
        .select()
        .from(rechargeOrders)
        .where(eq(rechargeOrders.orderNo, input.orderNo));
      if (!order || order.channel !== input.channel) throw notFound('支付订单不存在');
      if (order.amount !== input.amountCents) throw badRequest('支付金额与订单金额不一致', 'The paid amount differs from the order');
      const caller = { tenantId: order.tenantId, username: `pay:${input.channel}` };
      return once(
        caller,
        `pay-${order.orderNo}`,
        { op: 'onlineRecharge', orderNo: order.orderNo, providerTxnId: input.providerTxnId, amount: input.amountCents },
        order.accountId,
        async (tx, account, hash, work) => {
          // Paid money is never refused; an account that cannot take it (closed, frozen since the
          // order) gets it as a 待退款 the card office pays out or credits later.
          const held = !takesMoney(account!);
          const lines: Line[] = [
            { accountRef: INNER.clearing, wallet: null, dc: 'D', amount: order.amount },
            held ? { accountRef: INNER.pendingRefund, wallet: null, dc: 'C', amount: order.amount } : { accountRef: account!.id, wallet: 'CASH', dc: 'C', amount: order.amount },
          ];
          const posted = await post(tx, caller, {
            key: `pay-${order.orderNo}`,
            hash,
            type: 'RECHARGE',
            account: account!,
            amount: order.amount,
            lines,
            meta: { channel: input.channel, summary: held ? `在线充值 ${order.orderNo}（账户不可入账，转待退款）` : `在线充值 ${order.orderNo}` },
          });
          if (held) await holdForMember(tx, caller, account!, posted, order.amount, `在线充值 ${order.orderNo}`);
          else await afterRecharge(tx, caller, account!, posted);
          await work.update(rechargeOrders, { status: '1', providerTxnId: input.providerTxnId, txnId: posted.id, paidAt: new Date() }, eq(rechargeOrders.id, order.id));
          return posted;
        },
      );
    },

    /** 充值冲正: a recharge taken back by someone other than who posted it, from the cash it left. */
    async reverseRecharge(caller: Caller, input: { key: string; txnId: string; reason: string }): Promise<PostedTransaction> {
      const original = await schoolReads(db, caller).one(ledgerTransactions, input.txnId);
      if (!original || original.txnType !== 'RECHARGE') throw notFound('充值记录不存在');
      return once(caller, input.key, { op: 'reverseRecharge', ...input }, original.accountId, async (tx, account, hash) => {
        if (original.operator === caller.username) throw badRequest('充值冲正须由另一位操作员办理', 'A recharge is reversed by another operator than the one who posted it');
        // Another person, not a second face of the cashier: the four-eyes rule of every maker and checker.
        await assertChecker(tx, caller.tenantId, original.operator, caller.username);
        if (original.accDate !== (await schoolDay(tx, caller.tenantId)))
          throw badRequest('只能冲正当天的充值，之后的更正请办理手工调账', 'Only a recharge of today can be reversed; later corrections go through a manual adjustment');
        const [done] = await tx.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.reversalOf, original.id));
        if (done) throw badRequest('该笔充值已冲正', 'This recharge was already reversed');
        // An online payment that arrived when the account could not take it is held as 待退款: the wallet
        // never had it, so there is nothing to reverse here — the 待退款 is paid out or credited instead.
        const [held] = await tx
          .select({ id: ledgerEntries.txnId })
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.txnId, original.id), eq(ledgerEntries.accountRef, INNER.pendingRefund)));
        if (held) throw badRequest('该笔充值已转为待退款，请在待退款中退现或入账', 'This recharge is held as a pending refund: pay it out or credit it there');
        if (account!.cash < original.amount) throw badRequest('冲正金额大于账户现金余额', 'The reversal is larger than the cash left in the account');
        const lines: Line[] = [
          { accountRef: account!.id, wallet: 'CASH', dc: 'D', amount: original.amount },
          { accountRef: sourceOf(original.channel), wallet: null, dc: 'C', amount: original.amount },
        ];
        return post(tx, caller, {
          key: input.key,
          hash,
          type: 'RECHARGE_REVERSAL',
          account: account!,
          amount: original.amount,
          lines,
          meta: { reversalOf: original.id, channel: original.channel, summary: input.reason },
        });
      });
    },

    /**
     * 消费: a card pays at a canteen. The card and account must be usable, the single and daily
     * limits hold, and the amount comes out of subsidy, then gift, then cash (cash may go below
     * zero only where the member type allows overdraft).
     */
    async consume(caller: Caller, input: PaymentInput): Promise<PostedTransaction> {
      const payment = await paymentOf(caller, input);
      // One statement, one round trip: a payment's hot path (tests/bench/consumption.ts). The
      // rules live in fin_consume (migration 0030); its refusals are named here.
      const [row] = await schoolStatement(db, caller, (school) => preparedRows<{ answer: ConsumeAnswer | string }>(school, 'fin_consume', CONSUME_STATEMENT, payment.values));
      return answered(caller, payment, row!.answer);
    },

    /**
     * Payments in one transaction, in order — an offline upload's records, one commit for them
     * all. Each is answered as `consume` answers it: posted, the first answer to a key already
     * used, or its refusal. Undefined when the transaction failed as a whole (a deadlock with
     * another upload, a dropped connection): nothing of it is posted, and the caller posts them
     * one by one.
     */
    async consumeTogether(caller: Caller, inputs: readonly PaymentInput[]): Promise<(PostedTransaction | ApiError)[] | undefined> {
      const payments: (Payment | ApiError)[] = [];
      for (const input of inputs) payments.push(await paymentOf(caller, input).catch((error: unknown) => refusedBy(error)));
      let answers: (ConsumeAnswer | string | null)[];
      try {
        answers = await inSchool(db, caller, async (work) => {
          const out: (ConsumeAnswer | string | null)[] = [];
          for (const payment of payments) {
            if (payment instanceof ApiError) out.push(null);
            else out.push((await rowsOf<{ answer: ConsumeAnswer | string }>(work.tx, consumeCall(payment.values)))[0]!.answer);
          }
          return out;
        });
      } catch {
        return undefined;
      }
      const results: (PostedTransaction | ApiError)[] = [];
      for (const [index, payment] of payments.entries()) {
        if (payment instanceof ApiError) results.push(payment);
        else results.push(await answered(caller, payment, answers[index]!).catch((error: unknown) => refusedBy(error)));
      }
      return results;
    },

    /** 消费退款: back to the wallets the payment came from — cash first, then gift, then subsidy. */
    async refund(caller: Caller, input: { key: string; txnId: string; amountCents?: number | null; reason: string }): Promise<PostedTransaction> {
      const original = await schoolReads(db, caller).one(ledgerTransactions, input.txnId);
      if (!original || original.txnType !== 'CONSUME') throw notFound('消费记录不存在');
      return once(caller, input.key, { op: 'refund', ...input }, original.accountId, async (tx, account, hash) => {
        const refundable = await refundableOf(tx, original.id, account!.id);
        const left = [...refundable.values()].reduce((sum, value) => sum + value, 0);
        if (left <= 0) throw badRequest('该笔消费已全部退款', 'This payment was already refunded in full');
        const amount = input.amountCents === undefined ? left : checkAmount(input.amountCents);
        if (amount > left) throw badRequest(`退款金额大于可退金额（${(left / 100).toFixed(2)}元）`, `The refund is larger than what can be refunded (${(left / 100).toFixed(2)})`);
        // Back to the member first (cash, gift, subsidy), the school's allowance last.
        const lines: Line[] = [{ accountRef: INNER.merchants, wallet: null, dc: 'D', amount }];
        // A closed or frozen account takes nothing: the member's part waits as a 待退款.
        const held = !takesMoney(account!);
        let rest = amount;
        let heldAmount = 0;
        for (const wallet of [...[...SPEND_ORDER].reverse(), 'ALLOWANCE'] as const) {
          const part = Math.min(rest, refundable.get(wallet) ?? 0);
          rest -= part;
          if (part <= 0) continue;
          if (wallet === 'ALLOWANCE') lines.push({ accountRef: INNER.mealAllowance, wallet: null, dc: 'C', amount: part });
          else if (held) heldAmount += part;
          else lines.push({ accountRef: account!.id, wallet, dc: 'C', amount: part });
        }
        if (heldAmount > 0) lines.push({ accountRef: INNER.pendingRefund, wallet: null, dc: 'C', amount: heldAmount });
        const posted = await post(tx, caller, {
          key: input.key,
          hash,
          type: 'CONSUME_REFUND',
          account: account!,
          amount,
          lines,
          meta: {
            reversalOf: original.id,
            cardId: original.cardId,
            // The refund belongs to the terminal's takings (a shop's settlement counts it).
            terminalId: original.terminalId,
            canteenId: original.canteenId,
            storeId: original.storeId,
            mealType: original.mealType,
            spentOn: original.accDate,
            summary: heldAmount > 0 ? `${input.reason}（账户不可入账，转待退款）` : input.reason,
          },
        });
        if (heldAmount > 0) await holdForMember(tx, caller, account!, posted, heldAmount, `消费退款 ${original.txnNo}：${input.reason}`);
        return posted;
      });
    },

    /**
     * 销户: the account closes, its cards are cancelled and its unpaid online orders closed. The cash left is paid out, the subsidy
     * goes back to the subsidy fund, the gift to income, and the deposit is paid back or kept as
     * income. An overdrawn account is refused until the debt is paid.
     */
    async closeAccount(caller: Caller, input: { key: string; accountId: string; deposit: 'refund' | 'forfeit'; reason: string }): Promise<PostedTransaction> {
      return once(caller, input.key, { op: 'close', ...input }, input.accountId, async (tx, account, hash, work) => {
        const current = account!;
        if (current.accountStatus === '3') throw badRequest('账户已销户', 'The account is closed');
        if (current.cash < 0) throw badRequest('账户现金为负（透支），请先充值补足后再销户', 'The account is overdrawn; recharge it before closing');
        const lines: Line[] = [];
        const out = (wallet: Wallet, amount: number, to: string) => {
          if (amount > 0) lines.push({ accountRef: current.id, wallet, dc: 'D', amount }, { accountRef: to, wallet: null, dc: 'C', amount });
        };
        out('CASH', current.cash, INNER.cashOnHand);
        out('SUBSIDY', current.subsidy, INNER.subsidyFund);
        out('GIFT', current.gift, INNER.otherIncome);
        out('DEPOSIT', current.deposit, input.deposit === 'refund' ? INNER.cashOnHand : INNER.otherIncome);
        const paidOut = current.cash + (input.deposit === 'refund' ? current.deposit : 0);
        const now = new Date();
        await work.update(cards, { cardStatus: '4', closeReason: '5', closeTime: now, listVersion: sql`${cards.listVersion} + 1` }, and(eq(cards.accountId, current.id), ne(cards.cardStatus, '4')));
        // Its unpaid online orders close with it: a payment that still arrives is held as 待退款.
        await work.update(rechargeOrders, { status: '2' }, and(eq(rechargeOrders.accountId, current.id), eq(rechargeOrders.status, '0')));
        const posted = await post(tx, caller, { key: input.key, hash, type: 'CLOSE', account: current, amount: paidOut, lines, meta: { channel: 'cash', summary: `销户：${input.reason}` } });
        await work.update(accounts, { accountStatus: '3', closeDate: await schoolDay(tx, caller.tenantId) }, eq(accounts.id, current.id));
        return { ...posted };
      });
    },

    ...cardOperations(core),
    ...adjustmentOperations(core),
    ...pendingRefundOperations(core),

    /** Re-sums every account's wallets from the ledger: the accounts whose cache drifted, and by how much. */
    async reconcile(tenantId?: number): Promise<{ accounts: number; drift: { accountId: string; wallet: Wallet; cached: number; ledger: number }[]; unbalanced: string[] }> {
      // One school's rows (deleted ones too: their postings stand), or every school's for the platform's check.
      const reads = tenantId === undefined ? null : schoolReads(db, { tenantId, username: 'system' });
      const scope = (table: SchoolRows) => reads?.school(table, { deleted: true });
      const source = reads ? db : unscoped(db, 'ledger check: every school’s accounts against their entries');
      const sums = await source
        .select({
          accountRef: ledgerEntries.accountRef,
          wallet: ledgerEntries.wallet,
          total: sql<string>`sum(case when ${ledgerEntries.dc} = 'C' then ${ledgerEntries.amount} else -${ledgerEntries.amount} end)`,
        })
        .from(ledgerEntries)
        .where(and(sql`${ledgerEntries.wallet} is not null`, scope(ledgerEntries)))
        .groupBy(ledgerEntries.accountRef, ledgerEntries.wallet);
      const ledger = new Map(sums.map((row) => [`${row.accountRef}:${row.wallet}`, Number(row.total)]));
      const rows = await source.select().from(accounts).where(scope(accounts));
      const drift = rows.flatMap((account) =>
        WALLETS.map((wallet) => ({ accountId: account.id, wallet, cached: account[COLUMN[wallet]], ledger: ledger.get(`${account.id}:${wallet}`) ?? 0 })).filter((row) => row.cached !== row.ledger),
      );
      const unbalanced = await source
        .select({ txnId: ledgerEntries.txnId })
        .from(ledgerEntries)
        .where(scope(ledgerEntries))
        .groupBy(ledgerEntries.txnId)
        .having(sql`sum(case when ${ledgerEntries.dc} = 'D' then ${ledgerEntries.amount} else -${ledgerEntries.amount} end) <> 0`);
      return { accounts: rows.length, drift, unbalanced: unbalanced.map((row) => row.txnId) };
    },
  };
}

export type LedgerService = ReturnType<typeof ledgerService>;

/**
 * What of a payment can still be refunded, by where it goes back: the member's wallets, and the
 * school's allowance (less what of it the payment kept in the subsidy wallet) — net of earlier
 * refunds, and of refunds held for a closed account (which took the member's parts, cash first).
 */
export async function refundableOf(tx: Executor, originalId: string, accountId: string): Promise<Map<Wallet | 'ALLOWANCE', number>> {
  // What each side paid: the member's wallets, and the school's allowance less what of it the
  // payment kept in the subsidy wallet (that stays a grant).
  const refundable = new Map<Wallet | 'ALLOWANCE', number>();
  const add = (key: Wallet | 'ALLOWANCE', amount: number) => refundable.set(key, (refundable.get(key) ?? 0) + amount);
  const paid = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.txnId, originalId));
  for (const line of paid) {
    if (line.accountRef === accountId) add(line.wallet as Wallet, line.dc === 'D' ? line.amount : 0);
    if (line.accountRef === accountId && line.dc === 'C') add('ALLOWANCE', -line.amount);
    if (line.accountRef === INNER.mealAllowance && line.dc === 'D') add('ALLOWANCE', line.amount);
  }
  const earlier = await tx
    .select({ accountRef: ledgerEntries.accountRef, wallet: ledgerEntries.wallet, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.txnId))
    .where(and(eq(ledgerTransactions.reversalOf, originalId), eq(ledgerEntries.dc, 'C')));
  for (const line of earlier) {
    if (line.accountRef === accountId) add(line.wallet as Wallet, -line.amount);
    if (line.accountRef === INNER.mealAllowance) add('ALLOWANCE', -line.amount);
  }
  // Refunds held for a closed account took the member's parts in the refund order (cash first).
  for (const line of earlier) {
    let held = line.accountRef === INNER.pendingRefund ? line.amount : 0;
    for (const wallet of [...SPEND_ORDER].reverse()) {
      const part = Math.min(held, refundable.get(wallet) ?? 0);
      add(wallet, -part);
      held -= part;
    }
  }
  return refundable;
}
