import { sql } from 'drizzle-orm';
import { dayIn } from '@shared/schoolTime';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** A record taken this long before it arrives was taken while its terminal was off line. */
export const OFFLINE_AFTER_MS = 5 * 60_000;

/**
 * What refuses an offline payment that an online one would not meet (DOMAIN.md §2.13): a member type
 * that does not allow offline spending (允许离线消费 off: 家长, 访客 as seeded), and a time before the
 * card was issued (a card cannot pay before it exists). A record already posted (a retry) is never
 * refused here: the ledger answers it as it did the first time. Read only for records that are
 * offline, so a payment at the counter's moment costs nothing more.
 */
export async function offlineRefusal(db: Executor, input: { tenantId: number; operator: string; key: string; cardNo: string; occurredAt: Date; zone: string }): Promise<string | null> {
  if (Date.now() - input.occurredAt.getTime() <= OFFLINE_AFTER_MS) return null;
  const [card] = await rowsOf<{ posted: boolean; issue_date: string; allow_offline: boolean }>(
    db,
    sql`select exists (select 1 from fin_txn x where x.tenant_id = ${input.tenantId} and x.operator = ${input.operator} and x.idempotency_key = ${input.key}) as posted,
        c.issue_date::text as issue_date, coalesce(t.allow_offline, true) as allow_offline
      from memb_card c join memb_account a on a.id = c.account_id
        left join memb_member m on m.id = a.member_id left join memb_member_type t on t.id = m.member_type_id
      where c.tenant_id = ${input.tenantId} and (c.card_no = ${input.cardNo} or c.phys_no = ${input.cardNo})
      order by c.card_status = '4' limit 1`,
  );
  // An unknown card, or a retry: the ledger answers.
  if (!card || card.posted) return null;
  if (!card.allow_offline) return '该人员类型不允许离线消费';
  const day = dayIn(input.zone, input.occurredAt);
  if (day < card.issue_date) return `交易日期早于发卡日期（${card.issue_date}）`;
  return null;
}
