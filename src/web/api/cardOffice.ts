import type { TreeOperation } from '@shared/cardOffice';
import type { Statement } from '@shared/statement';
export type { Statement } from '@shared/statement';
import { download, get, post } from './client';

/** What a money operation answers: the posting, each wallet's part and the balances after it (cents). */
export interface Posted {
  id: string;
  txnNo: string;
  txnType: string;
  accountId: string | null;
  amountCents: number;
  parts: Partial<Record<'CASH' | 'SUBSIDY' | 'GIFT' | 'DEPOSIT', number>>;
  balances: Record<'CASH' | 'SUBSIDY' | 'GIFT' | 'DEPOSIT', number>;
  postedAt: string;
  replayed: boolean;
}

/** A new card for an old one (补卡, 换卡): the fee from the card's cash or at the counter. */
interface NewCard {
  idempotencyKey: string;
  cardId: string;
  cardNo: string;
  physNo: string;
  feePay: 'card' | 'cash';
  remark?: string;
}

/** The card office's named routes (the ledger's operations). Money goes as yuan text; the key makes a retry post once. */
export const cardOfficeApi = {
  openAccount: (body: { idempotencyKey: string; memberId: string; cardNo: string; physNo: string }) => post<Posted>('/memb/account/open', body, { silent: true }),
  replaceCard: (body: NewCard) => post<Posted & { cardId: string; billNo: string }>('/memb/card/replace', body, { silent: true }),
  changeCard: (body: NewCard & { reason: string }) => post<Posted & { cardId: string; billNo: string }>('/memb/card/change', body, { silent: true }),
  returnCard: (body: { idempotencyKey: string; cardId: string; deposit: 'refund' | 'forfeit'; reason: string }) => post<Posted>('/memb/card/return', body, { silent: true }),
  cancelReplacement: (body: { idempotencyKey: string; id: string; reason: string }) => post<Posted>('/memb/cardReplace/cancel', body, { silent: true }),
  consume: (body: { idempotencyKey: string; cardNo: string; amount: string; canteenId?: string; storeId?: string; mealType?: string }) => post<Posted>('/pay/consume', body, { silent: true }),
  resolvePending: (mode: 'payout' | 'credit', body: { idempotencyKey: string; id: string }) => post<Posted>(`/memb/pendingRefund/${mode}`, body, { silent: true }),
  statement: (query: { accountId: string; from: string; to: string; pageNo: number; pageSize: number }) => get<Statement>('/memb/account/statement', query, { silent: true }),
  /** Saves the statement's workbook. */
  exportStatement: (query: { accountId: string; from: string; to: string }) => download('/memb/account/statement/export', query, '账户流水.xlsx'),
  treeOperation: (operation: TreeOperation, id: string) => post<null>(operation.url, { id }),
};
