import { dayIn } from '@shared/schoolTime';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { schoolReads, type Work } from '../../db/work';
import { newId } from '../../db/ids';
import { cardReplacements, cards, ledgerEntries, ledgerTransactions, members, memberTypes } from '../../db/schema';
import { badRequest, notFound } from '../../http/envelope';
import { schoolZone } from '../schools/settings';
import { INNER, schoolDay, type TxnType, type AccountRow, type Caller, type LedgerCore, type Line, type PostedTransaction } from './core';

/** 补卡 replaces a lost card (reason 1 丢失); 换卡 a damaged one (2 损坏 · 3 消磁/无法识别 · 4 换新介质). */
export const CHANGE_REASONS = ['2', '3', '4'] as const;
export type ChangeReason = (typeof CHANGE_REASONS)[number];

export interface NewCard {
  key: string;
  cardId: string;
  cardNo: string;
  physNo: string;
  /** The fee taken from the account's cash, or paid at the counter. */
  feePay: 'card' | 'cash';
  remark?: string;
}

type CardRow = typeof cards.$inferSelect;

/**
 * The card operations that touch money or the 补卡 bills: 补卡, 换卡 and 退卡. Each is one ledger
 * transaction on the locked account; the balance and the history stay with the account, never
 * with a card (DOMAIN.md §18).
 */
export function cardOperations(core: LedgerCore) {
  const { db, lockCard, post, once, mustBeOpen } = core;

  async function cardOf(caller: Caller, cardId: string): Promise<CardRow> {
    const card = await schoolReads(db, caller).one(cards, cardId);
    if (!card) throw notFound('卡片不存在');
    return card;
  }

  /** No card the numbers' unique keys hold (not cancelled, whatever its other marks) has the number or the chip. */
  async function mustBeFree(work: Work, cardNo: string, physNo: string) {
    const [taken] = await work.rows(cards, and(ne(cards.cardStatus, '4'), or(eq(cards.cardNo, cardNo), eq(cards.physNo, physNo))), { deleted: true, limit: 1 });
    if (taken) throw badRequest('卡号或物理卡号已被使用', 'The card number or chip number is already in use');
  }

  /**
   * The old card cancelled, a new one issued on the same account, the fee posted and the 补卡 bill
   * written, all in one transaction. 补卡 charges the member type's replacement fee, 换卡 its card fee.
   */
  async function swap(caller: Caller, input: NewCard & { kind: 'replace' | 'change'; reason: string }): Promise<PostedTransaction & { cardId: string; billNo: string }> {
    const old = await cardOf(caller, input.cardId);
    const posted = await once(caller, input.key, { op: input.kind, ...input }, old.accountId, async (tx, account, hash, work) => {
      mustBeOpen(account!);
      const card = await lockCard(work, caller.tenantId, old.id);
      if (card.cardStatus === '4') throw badRequest('原卡已注销', 'The old card is already cancelled');
      if (input.kind === 'replace' && card.cardStatus !== '2') throw badRequest('请先挂失原卡', 'Report the old card lost first');
      if (input.kind === 'change' && card.cardStatus === '2') throw badRequest('挂失的卡请办理补卡', 'A card reported lost is replaced, not changed');
      await mustBeFree(work, input.cardNo, input.physNo);
      const [type] = await tx
        .select({ replaceFee: memberTypes.replaceFee, cardFee: memberTypes.cardFee, allowOverdraft: memberTypes.allowOverdraft, overdraftLimit: memberTypes.overdraftLimit })
        .from(members)
        .innerJoin(memberTypes, eq(memberTypes.id, members.memberTypeId))
        .where(eq(members.id, account!.memberId));
      const fee = (input.kind === 'replace' ? type?.replaceFee : type?.cardFee) ?? 0;
      // From the card: down to zero, or to the member type's 透支额度 — as a payment may go, no further.
      const floor = type?.allowOverdraft ? -type.overdraftLimit : 0;
      if (input.feePay === 'card' && account!.cash - fee < floor) throw badRequest('卡内现金余额不足以支付补卡费', 'The cash in the account does not cover the replacement fee');
      const now = new Date();
      await work.update(cards, { cardStatus: '4', closeReason: input.kind === 'replace' ? '2' : '3', closeTime: now, listVersion: sql`${cards.listVersion} + 1` }, eq(cards.id, card.id));
      const cardId = newId();
      await work.insert(cards, {
        id: cardId,
        cardNo: input.cardNo,
        physNo: input.physNo,
        memberId: card.memberId,
        accountId: card.accountId,
        cardType: card.cardType,
        issueDate: await schoolDay(tx, caller.tenantId),
        expireDate: card.expireDate,
      });
      const lines: Line[] =
        fee > 0
          ? [
              input.feePay === 'card' ? { accountRef: account!.id, wallet: 'CASH', dc: 'D', amount: fee } : { accountRef: INNER.cashOnHand, wallet: null, dc: 'D', amount: fee },
              { accountRef: INNER.cardFees, wallet: null, dc: 'C', amount: fee },
            ]
          : [];
      const txn = await post(tx, caller, {
        key: input.key,
        hash,
        type: input.kind === 'replace' ? 'CARD_REPLACE' : 'CARD_CHANGE',
        account: account!,
        amount: fee,
        lines,
        meta: { cardId, channel: input.feePay === 'card' ? null : 'cash', summary: `${input.kind === 'replace' ? '补卡' : '换卡'} ${card.cardNo} → ${input.cardNo}` },
      });
      await work.insert(cardReplacements, {
        id: newId(),
        billNo: `BK${(await schoolDay(tx, caller.tenantId)).replaceAll('-', '')}${txn.id.slice(-8).toUpperCase()}`,
        memberId: card.memberId,
        accountId: card.accountId,
        oldCardId: card.id,
        newCardId: cardId,
        reason: input.reason,
        fee,
        feePay: input.feePay === 'card' ? '1' : '2',
        txnId: txn.id,
        oldCardStatus: card.cardStatus,
        remark: input.remark ?? null,
      });
      return txn;
    });
    const [bill] = await schoolReads(db, caller).rows(cardReplacements, eq(cardReplacements.txnId, posted.id), { deleted: true });
    return { ...posted, cardId: bill!.newCardId, billNo: bill!.billNo };
  }

  /**
   * 撤销 of a 补卡 or 换卡 bill, the same day and before the new card was used: the new card is
   * cancelled, the old one gets back the status it had, and the fee is paid back by reversing its
   * posting line by line. One transaction, under the account's lock.
   */
  async function cancelReplacement(caller: Caller, input: { key: string; billId: string; reason: string }): Promise<PostedTransaction> {
    const bill = await schoolReads(db, caller).one(cardReplacements, input.billId);
    if (!bill) throw notFound('补卡单不存在');
    return once(caller, input.key, { op: 'cancelReplacement', ...input }, bill.accountId, async (tx, account, hash, work) => {
      const [current] = await work.lock(cardReplacements, bill.id);
      if (current!.status !== '1') throw badRequest('该补卡单已撤销', 'This bill was already cancelled');
      if (dayIn(await schoolZone(tx, caller.tenantId), current!.createdAt) !== (await schoolDay(tx, caller.tenantId)))
        throw badRequest('只能撤销当天办理的补卡', 'Only a replacement made today can be cancelled');
      const issued = await lockCard(work, caller.tenantId, current!.newCardId);
      if (issued.cardStatus !== '1') throw badRequest('新卡已挂失、冻结或注销，不能撤销', 'The new card is no longer in use as issued: it cannot be cancelled');
      const [used] = await tx
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.cardId, issued.id), ne(ledgerTransactions.id, current!.txnId)))
        .limit(1);
      if (used) throw badRequest('新卡已使用，不能撤销', 'The new card was already used: it cannot be cancelled');
      const old = await lockCard(work, caller.tenantId, current!.oldCardId);
      const [taken] = await work.rows(cards, and(ne(cards.id, issued.id), ne(cards.id, old.id), ne(cards.cardStatus, '4'), or(eq(cards.cardNo, old.cardNo), eq(cards.physNo, old.physNo))), {
        deleted: true,
        limit: 1,
      });
      if (taken) throw badRequest('原卡号已被其他卡使用，不能撤销', 'The old card number is in use by another card: it cannot be cancelled');
      const now = new Date();
      await work.update(cards, { cardStatus: '4', closeReason: '6', closeTime: now, listVersion: sql`${cards.listVersion} + 1` }, eq(cards.id, issued.id));
      await work.update(
        cards,
        { cardStatus: current!.oldCardStatus ?? (current!.reason === '1' ? '2' : '1'), closeReason: null, closeTime: null, listVersion: sql`${cards.listVersion} + 1` },
        eq(cards.id, old.id),
      );
      // The fee's lines, each turned the other way.
      const charged = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.txnId, current!.txnId)).orderBy(ledgerEntries.seq);
      const lines: Line[] = charged.map((line) => ({ accountRef: line.accountRef, wallet: line.wallet as Line['wallet'], dc: line.dc === 'D' ? 'C' : 'D', amount: line.amount }));
      const txn = await post(tx, caller, {
        key: input.key,
        hash,
        type: 'CARD_REPLACE_REVERSAL' satisfies TxnType,
        account: account!,
        amount: current!.fee,
        lines,
        meta: { cardId: old.id, reversalOf: current!.txnId, channel: current!.feePay === '2' ? 'cash' : null, summary: `补卡撤销 ${current!.billNo}：${input.reason}` },
      });
      await work.update(cardReplacements, { status: '2', cancelBy: caller.username, cancelledAt: now, cancelReason: input.reason, cancelTxnId: txn.id }, eq(cardReplacements.id, current!.id));
      return txn;
    });
  }

  return {
    cancelReplacement,

    /** 补卡: a card reported lost is cancelled (补卡作废) and a new one issued; the replacement fee is charged. */
    replaceCard: (caller: Caller, input: NewCard) => swap(caller, { ...input, kind: 'replace', reason: '1' }),

    /** 换卡: a damaged or unreadable card is swapped for a new one (closed as 换卡); the card fee is charged. */
    changeCard: (caller: Caller, input: NewCard & { reason: ChangeReason }) => {
      // 丢失 is 补卡's: a card changed is damaged, unreadable or replaced by a new medium.
      if (!CHANGE_REASONS.includes(input.reason)) throw badRequest('换卡原因的取值不正确（reason）', 'The reason for a change is not allowed (reason)');
      return swap(caller, { ...input, kind: 'change' });
    },

    /**
     * 退卡: a card handed back is cancelled (closed as 退卡). When it was the account's last card the
     * deposit is paid back in cash, or kept as income (always so for a lost card that was not handed
     * back). The account stays open, its balance untouched.
     */
    async returnCard(caller: Caller, input: { key: string; cardId: string; deposit: 'refund' | 'forfeit'; reason: string }): Promise<PostedTransaction> {
      const old = await cardOf(caller, input.cardId);
      return once(caller, input.key, { op: 'return', ...input }, old.accountId, async (tx, account, hash, work) => {
        const current: AccountRow = account!;
        if (current.accountStatus === '3') throw badRequest('账户已销户', 'The account is closed');
        const card = await lockCard(work, caller.tenantId, old.id);
        if (card.cardStatus === '4') throw badRequest('该卡已注销', 'The card is already cancelled');
        if (card.cardStatus === '2' && input.deposit === 'refund') throw badRequest('挂失的卡未交回，押金不能退还', 'A lost card was not handed back: its deposit is not refunded');
        const [other] = await tx
          .select({ id: cards.id })
          .from(cards)
          .where(and(eq(cards.accountId, current.id), ne(cards.id, card.id), ne(cards.cardStatus, '4')));
        const deposit = other ? 0 : current.deposit;
        const lines: Line[] =
          deposit > 0
            ? [
                { accountRef: current.id, wallet: 'DEPOSIT', dc: 'D', amount: deposit },
                { accountRef: input.deposit === 'refund' ? INNER.cashOnHand : INNER.otherIncome, wallet: null, dc: 'C', amount: deposit },
              ]
            : [];
        const now = new Date();
        await work.update(cards, { cardStatus: '4', closeReason: '1', closeTime: now, listVersion: sql`${cards.listVersion} + 1` }, eq(cards.id, card.id));
        const refunded = input.deposit === 'refund' ? deposit : 0;
        return post(tx, caller, {
          key: input.key,
          hash,
          type: 'CARD_RETURN',
          account: current,
          amount: refunded,
          lines,
          meta: { cardId: card.id, channel: refunded ? 'cash' : null, summary: `退卡 ${card.cardNo}：${input.reason}${deposit && !refunded ? '（押金转收入）' : ''}` },
        });
      });
    },
  };
}
