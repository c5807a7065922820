import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { accounts } from '../../db/schema';
import { schoolReads } from '../../db/work';
import { badRequest } from '../../http/envelope';
import { checkAmount, INNER, ledgerCore, type Caller, type PostedTransaction } from '../ledger/core';
import { OWED_STATES, type PayOfflineInput } from '@shared/entities/payments/billActions';
import type { FlowEffect } from '../../crud/flowActions';
import { nextBillNo } from '../bills/billNo';
import { CARD_CHANNEL, CHANNEL_OF_PAY_WAY, lockPayment, recordPayment, refundOnCardPayments, refundOnPayment, type PaymentInput } from './billPayments';

/** What every kind of bill keeps of its money (integer cents), whatever else it holds. */
// A type, not an interface: a bill's row is one of the engine's records (Record<string, unknown>).
export type BillMoney = {
  id: string;
  billNo: string;
  memberId: string | null;
  paid: number;
  refunded: number;
  cardPaid: number;
  owed: number;
  payStatus: string;
  lastPayWay: string | null;
  lastPayTime: Date | null;
  receiptNo: string | null;
};

/** What a card payment or refund changes of a bill; the book recomputes 欠费 and 缴费状态 from it. */
export type MoneyChange = Partial<Pick<BillMoney, 'paid' | 'refunded' | 'cardPaid' | 'lastPayWay' | 'lastPayTime' | 'receiptNo'>>;

/** A kind of bill, as its card payments need it: its row under lock, its save, and its payment's words. */
export interface BillBook<B extends BillMoney> {
  billType: PaymentInput['billType'];
  /** The entity whose history records each payment and refund (a kind of bill may show on two screens). */
  entity(bill: B): string;
  /** 学费, 水费 …: the posting's summary. */
  label(bill: B): string;
  lock(tx: Executor, tenantId: number, id: string): Promise<B>;
  save(tx: Executor, caller: Caller, bill: B, change: Partial<B>): Promise<B>;
  payment(tx: Executor, bill: B): Promise<Omit<PaymentInput, 'amount' | 'channel'>>;
}

const yuan = (cents: number) => (cents / 100).toFixed(2);

/**
 * 卡余额缴费 and 退费 of a kind of bill: postings through the ledger, once per key (BILL_PAY: the
 * payer's card cash → 1122 应收费用; BILL_REFUND back), the bill and its 缴费记录 changed in the same
 * transaction, under the bill's lock — a bill is never paid twice, a refund never more than was paid
 * from the card (or than the one payment refunded still holds).
 */
export function billLedger<B extends BillMoney>(db: Database, book: BillBook<B>) {
  const core = ledgerCore(db);

  async function move(caller: Caller, input: { key: string; id: string; amountCents: number | null; reason?: string; paymentId?: string }, kind: 'pay' | 'refund'): Promise<PostedTransaction> {
    const amount = checkAmount(input.amountCents);
    const found = await book.lock(db, caller.tenantId, input.id);
    const [held] = found.memberId ? await schoolReads(db, caller).rows(accounts, and(eq(accounts.memberId, found.memberId), eq(accounts.accountStatus, '1'))) : [];
    if (!held) throw badRequest('缴费人没有可用的账户', 'The payer has no account in use');
    // The posting's transaction, already told the caller's school, and its unit of work.
    return core.once(caller, input.key, { op: `${book.billType}-${kind}`, ...input }, held.id, async (tx, account, hash, work) => {
      core.mustBeOpen(account!);
      const bill = await book.lock(tx, caller.tenantId, input.id);
      const from = { payStatus: bill.payStatus };
      let posted: PostedTransaction;
      let saved: B;
      if (kind === 'pay') {
        if (!OWED_STATES.includes(bill.payStatus as never)) throw badRequest('该账单无需缴费', 'Nothing is owed on this bill');
        if (amount > bill.owed) throw badRequest(`缴费金额不能超过欠费 ${yuan(bill.owed)} 元`, `No more than the ${yuan(bill.owed)} owed can be paid`);
        if (account!.cash < amount) throw badRequest(`卡内现金余额 ${yuan(Math.max(0, account!.cash))} 元不足`, `The card holds only ${yuan(Math.max(0, account!.cash))} in cash`);
        posted = await core.post(tx, caller, {
          key: input.key,
          hash,
          type: 'BILL_PAY',
          account: account!,
          amount,
          lines: [
            { accountRef: account!.id, wallet: 'CASH', dc: 'D', amount },
            { accountRef: INNER.billsReceivable, wallet: null, dc: 'C', amount },
          ],
          meta: { summary: `${book.label(bill)}缴费 ${bill.billNo}` },
        });
        saved = await book.save(tx, caller, bill, { paid: bill.paid + amount, cardPaid: bill.cardPaid + amount, lastPayWay: '1', lastPayTime: new Date() } as Partial<B>);
        await recordPayment(tx, caller, { ...(await book.payment(tx, bill)), amount, channel: CARD_CHANNEL, txnNo: posted.txnNo });
      } else {
        // A refund of one payment (缴费记录's 退款) holds that payment first: never more than it still holds.
        const payment = input.paymentId ? await lockPayment(work, input.paymentId) : null;
        if (payment && (payment.billId !== bill.id || payment.channel !== CARD_CHANNEL)) throw badRequest('只有卡余额缴费可退回卡内', 'Only a payment from the card can go back to it');
        if (payment && amount > payment.amount - payment.refunded)
          throw badRequest(
            `退款金额不能超过该笔缴费未退的 ${yuan(payment.amount - payment.refunded)} 元`,
            `No more than the ${yuan(payment.amount - payment.refunded)} left of this payment can be refunded`,
          );
        if (amount > bill.cardPaid) throw badRequest(`退费金额不能超过从卡余额缴纳的 ${yuan(bill.cardPaid)} 元`, `No more than the ${yuan(bill.cardPaid)} paid from the card can be refunded`);
        posted = await core.post(tx, caller, {
          key: input.key,
          hash,
          type: 'BILL_REFUND',
          account: account!,
          amount,
          lines: [
            { accountRef: INNER.billsReceivable, wallet: null, dc: 'D', amount },
            { accountRef: account!.id, wallet: 'CASH', dc: 'C', amount },
          ],
          meta: { summary: `${book.label(bill)}退费 ${bill.billNo}：${input.reason ?? ''}` },
        });
        saved = await book.save(tx, caller, bill, { refunded: bill.refunded + amount, cardPaid: bill.cardPaid - amount } as Partial<B>);
        if (payment) await refundOnPayment(tx, caller, payment, amount, posted.txnNo);
        else await refundOnCardPayments(tx, caller, bill.id, amount, posted.txnNo);
      }
      await work.history([
        {
          entity: book.entity(bill),
          recordId: bill.id,
          action: kind === 'pay' ? 'payFromCard' : 'refund',
          fromState: from,
          toState: { payStatus: saved.payStatus },
          inputs: { amount: yuan(amount), ...(input.reason ? { reason: input.reason } : {}) },
          note: `${kind === 'pay' ? '缴费' : '退费'} ${posted.txnNo}`,
        },
      ]);
      return posted;
    });
  }

  return {
    payFromCard: (caller: Caller, input: { key: string; id: string; amountCents: number | null }) => move(caller, input, 'pay'),
    refund: (caller: Caller, input: { key: string; id: string; amountCents: number | null; reason: string; paymentId?: string }) => move(caller, input, 'refund'),
  };
}

/**
 * 线下收款登记 of a kind of bill (the flow action's effect): money taken at the counter or the bank,
 * not from the card, never more than is owed, with the counter's receipt number (else one numbered
 * here) and its row in 缴费记录.
 */
export function payAtCounter<B extends BillMoney>(book: BillBook<B>): FlowEffect {
  // The bill as the flow locked it.
  const effect: FlowEffect<B, PayOfflineInput> = async ({ work, caller, row: bill, input }) => {
    const amount = input.amount;
    if (amount > bill.owed) throw badRequest(`收款金额不能超过欠费 ${yuan(bill.owed)} 元`, `No more than the ${yuan(bill.owed)} owed can be paid`);
    const receiptNo = (input.receiptNo ?? '').trim() || (await nextBillNo(work.tx, work.tenantId, 'SJ'));
    await book.save(work.tx, caller, bill, { paid: bill.paid + amount, lastPayWay: input.payWay, lastPayTime: new Date(), receiptNo } as Partial<B>);
    const payNo = await recordPayment(work.tx, caller, { ...(await book.payment(work.tx, bill)), amount, channel: CHANNEL_OF_PAY_WAY[input.payWay] ?? '5', receiptNo });
    return { note: `收款 ${yuan(amount)} 元，票据号 ${receiptNo}，缴费流水 ${payNo}` };
  };
  return effect;
}
