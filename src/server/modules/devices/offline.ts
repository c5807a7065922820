import { and, asc, eq, exists, or, sql } from 'drizzle-orm';
import { dayIn } from '@shared/schoolTime';
import { accounts, cards, ledgerTransactions, members, memberTypes } from '../../db/schema';
import type { Work } from '../../db/work';

/** A record taken this long before it arrives was taken while its terminal was off line. */
export const OFFLINE_AFTER_MS = 5 * 60_000;

/**
 * What refuses an offline payment that an online one would not meet (DOMAIN.md §2.13): a member type
 * that does not allow offline spending (允许离线消费 off: 家长, 访客 as seeded), and a time before the
 * card was issued (a card cannot pay before it exists). A record already posted (a retry) is never
 * refused here: the ledger answers it as it did the first time. Read only for records that are
 * offline, so a payment at the counter's moment costs nothing more.
 */
export async function offlineRefusal(work: Work, input: { key: string; cardNo: string; occurredAt: Date; zone: string }): Promise<string | null> {
  if (Date.now() - input.occurredAt.getTime() <= OFFLINE_AFTER_MS) return null;
  // Every card and posting of the school, deleted ones too, as the ledger itself reads them.
  const posted = work.tx
    .select({ one: sql`1` })
    .from(ledgerTransactions)
    .where(and(work.school(ledgerTransactions, { deleted: true }), eq(ledgerTransactions.operator, work.username), eq(ledgerTransactions.idempotencyKey, input.key)));
  const [card] = await work.tx
    .select({ posted: sql<boolean>`${exists(posted)}`, issueDate: cards.issueDate, allowOffline: sql<boolean>`coalesce(${memberTypes.allowOffline}, true)` })
    .from(cards)
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .leftJoin(members, eq(members.id, accounts.memberId))
    .leftJoin(memberTypes, eq(memberTypes.id, members.memberTypeId))
    .where(and(work.school(cards, { deleted: true }), or(eq(cards.cardNo, input.cardNo), eq(cards.physNo, input.cardNo))))
    .orderBy(asc(sql`${cards.cardStatus} = '4'`))
    .limit(1);
  // An unknown card, or a retry: the ledger answers.
  if (!card || card.posted) return null;
  if (!card.allowOffline) return '该人员类型不允许离线消费';
  const day = dayIn(input.zone, input.occurredAt);
  if (day < card.issueDate) return `交易日期早于发卡日期（${card.issueDate}）`;
  return null;
}
