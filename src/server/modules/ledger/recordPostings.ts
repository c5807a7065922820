import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { centsToYuan } from '@shared/engine/schemas';
import type { AppContext } from '../../context';
import { adjustments, ledgerTransactions } from '../../db/schema';
import { schoolReads } from '../../db/work';
import type { AuthContext } from '../../http/auth';
import { schoolDateTime } from '../../http/schoolClock';

/** How many of a record's postings its history shows (an account's full statement is 账户流水). */
const SHOWN = 100;

/** The ledger postings that belong to a record of the card office: an account's, a card's, an adjustment's. */
const POSTINGS_OF: Readonly<Record<string, (id: string) => SQL>> = {
  'members.account': (id) => eq(ledgerTransactions.accountId, id),
  'members.card': (id) => eq(ledgerTransactions.cardId, id),
  'members.adjustment': (id) => sql`${ledgerTransactions.id} = (select ${adjustments.txnId} from ${adjustments} where ${adjustments.id} = ${id})`,
};

export type PostingEntry = {
  id: string;
  action: 'posting';
  actionText: string;
  operator: string;
  createTime: string;
  posting: { txnNo: string; amount: string; reversal: boolean };
  note: string | null;
  // The shape of an action's entry: a posting moves no state and takes no inputs.
  from: [];
  to: [];
  inputs: [];
  changes: [];
};

/**
 * A money record's postings, newest first, as entries of its history (操作历史): what was posted,
 * by whom, when, the amount and the transaction's number — the ledger's own words beside the
 * record's actions.
 */
export async function recordPostings(context: AppContext, caller: AuthContext, entity: string, id: string): Promise<{ at: number; entry: PostingEntry }[]> {
  const belongs = POSTINGS_OF[entity];
  if (!belongs) return [];
  const reads = schoolReads(context.db, caller);
  const rows = await reads.tx
    .select({
      id: ledgerTransactions.id,
      txnNo: ledgerTransactions.txnNo,
      txnType: ledgerTransactions.txnType,
      amount: ledgerTransactions.amount,
      operator: ledgerTransactions.operator,
      postedAt: ledgerTransactions.postedAt,
      summary: ledgerTransactions.summary,
      reversalOf: ledgerTransactions.reversalOf,
    })
    .from(ledgerTransactions)
    .where(and(reads.school(ledgerTransactions), belongs(id)))
    .orderBy(desc(ledgerTransactions.postedAt))
    .limit(SHOWN);
  return Promise.all(
    rows.map(async (row) => {
      const actionText = String(await context.dictionaries.textOf('txn_type', row.txnType, caller.tenantId, caller.locale));
      return {
        at: row.postedAt.getTime(),
        entry: {
          id: `txn:${row.id}`,
          action: 'posting' as const,
          actionText,
          operator: row.operator,
          createTime: schoolDateTime(row.postedAt),
          posting: { txnNo: row.txnNo, amount: centsToYuan(row.amount).toFixed(2), reversal: row.reversalOf !== null },
          // A summary that only repeats the type says nothing more.
          note: row.summary === actionText ? null : row.summary,
          from: [],
          to: [],
          inputs: [],
          changes: [],
        },
      };
    }),
  );
}
