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

/** The card office's named routes (the ledger's operations). Money goes as yuan text; the key makes a retry post once. */
export const cardOfficeApi = {
  openAccount: (body: { idempotencyKey: string; memberId: string; cardNo: string; physNo: string }) => post<Posted>('/memb/account/open', body, { silent: true }),
  resolvePending: (mode: 'payout' | 'credit', body: { idempotencyKey: string; id: string }) => post<Posted>(`/memb/pendingRefund/${mode}`, body, { silent: true }),
  statement: (query: { accountId: string; from: string; to: string; pageNo: number; pageSize: number }) => get<Statement>('/memb/account/statement', query, { silent: true }),
  /** Saves the statement's workbook. */
  exportStatement: (query: { accountId: string; from: string; to: string }) => download('/memb/account/statement/export', query, '账户流水.xlsx'),
  treeOperation: (operation: TreeOperation, id: string) => post<null>(operation.url, { id }),
};
