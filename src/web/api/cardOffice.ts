import type { StateOperation } from '@shared/cardOffice';
import { post } from './client';

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

/** The card office's named routes (the ledger's operations). Money goes as yuan text; the key makes a retry post once. */
export const cardOfficeApi = {
  openAccount: (body: { idempotencyKey: string; memberId: string; cardNo: string; physNo: string }) => post<Posted>('/memb/account/open', body, { silent: true }),
  recharge: (body: { idempotencyKey: string; accountId: string; amount: string; channel: 'cash' | 'bank'; remark?: string }) => post<Posted>('/memb/account/recharge', body, { silent: true }),
  replaceCard: (body: { idempotencyKey: string; cardId: string; cardNo: string; physNo: string; feePay: 'card' | 'cash' }) => post<Posted>('/memb/card/replace', body, { silent: true }),
  changeState: (operation: StateOperation, id: string) => post<null>(operation.url, { id }),
};
