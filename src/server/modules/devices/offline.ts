import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { dayIn } from '@shared/schoolTime';
import { accounts, cards, ledgerTransactions, members, memberTypes } from '../../db/schema';
import type { Work } from '../../db/work';

/** A record taken this long before it arrives was taken while its terminal was off line. */
export const OFFLINE_AFTER_MS = 5 * 60_000;

/** One record of an upload, as the offline rules read it. */
export interface OfflineRecord {
  key: string;
  cardNo: string;
  occurredAt: Date;
}

/**
 * What refuses an offline payment that an online one would not meet (DOMAIN.md §2.13): a member type
 * that does not allow offline spending (允许离线消费 off: 家长, 访客 as seeded), and a time before the
 * card was issued (a card cannot pay before it exists). A record already posted (a retry) is never
 * refused here: the ledger answers it as it did the first time. Read only for records that are
 * offline, so a payment at the counter's moment costs nothing more — and for an upload's offline
 * records at once, two reads whatever their number. Answers each record's refusal, or null.
 */
export async function offlineRefusals(work: Work, records: readonly OfflineRecord[], zone: string): Promise<(string | null)[]> {
  const offline = records.filter((record) => Date.now() - record.occurredAt.getTime() > OFFLINE_AFTER_MS);
  if (!offline.length) return records.map(() => null);
  const numbers = [...new Set(offline.map((record) => record.cardNo))];
  // Every card and posting of the school, deleted ones too, as the ledger itself reads them.
  const found = await work.tx
    .select({ cardNo: cards.cardNo, physNo: cards.physNo, issueDate: cards.issueDate, allowOffline: sql<boolean>`coalesce(${memberTypes.allowOffline}, true)` })
    .from(cards)
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .leftJoin(members, eq(members.id, accounts.memberId))
    .leftJoin(memberTypes, eq(memberTypes.id, members.memberTypeId))
    .where(and(work.school(cards, { deleted: true }), or(inArray(cards.cardNo, numbers), inArray(cards.physNo, numbers))))
    // A number's card in use before a cancelled one that had it.
    .orderBy(asc(sql`${cards.cardStatus} = '4'`));
  const cardOf = new Map<string, (typeof found)[number]>();
  for (const card of found) for (const number of [card.cardNo, card.physNo]) if (number && !cardOf.has(number)) cardOf.set(number, card);
  const posted = new Set(
    (
      await work.tx
        .select({ key: ledgerTransactions.idempotencyKey })
        .from(ledgerTransactions)
        .where(
          and(
            work.school(ledgerTransactions, { deleted: true }),
            eq(ledgerTransactions.operator, work.username),
            inArray(
              ledgerTransactions.idempotencyKey,
              offline.map((record) => record.key),
            ),
          ),
        )
    ).map((row) => row.key),
  );
  return records.map((record) => {
    if (!offline.includes(record)) return null;
    const card = cardOf.get(record.cardNo);
    // An unknown card, or a retry: the ledger answers.
    if (!card || posted.has(record.key)) return null;
    if (!card.allowOffline) return '该人员类型不允许离线消费';
    const day = dayIn(zone, record.occurredAt);
    if (day < card.issueDate) return `交易日期早于发卡日期（${card.issueDate}）`;
    return null;
  });
}
