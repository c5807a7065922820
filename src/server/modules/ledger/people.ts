import { schoolDateTime } from '../../http/schoolClock';
import { pinyin } from 'pinyin-pro';
import { and, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { centsToYuan } from '@shared/engine/schemas';
import type { Work } from '../../db/work';
import { containing } from '../../db/like';
import { accounts, cards, ledgerEntries, ledgerTransactions, memberDepartments, members } from '../../db/schema';

/** A person as the palette lists them: who, where, their card and what is on it. */
export interface PersonHit {
  memberId: string;
  memberNo: string;
  realName: string;
  dept: string | null;
  accountId: string | null;
  accountStatus: string | null;
  cardNo: string | null;
  cardStatus: string | null;
  cash: number | null;
  subsidy: number | null;
}

/** A name's full pinyin and initials (张伟 → zhangwei, zw), kept once computed. */
const readings = new Map<string, { full: string; initials: string }>();
function readingOf(name: string) {
  let found = readings.get(name);
  if (!found) {
    const syllables = pinyin(name, { toneType: 'none', type: 'array' }) as string[];
    found = {
      full: syllables.join('').toLowerCase(),
      initials: syllables
        .map((syllable) => syllable[0] ?? '')
        .join('')
        .toLowerCase(),
    };
    if (readings.size > 50_000) readings.clear();
    readings.set(name, found);
  }
  return found;
}

/**
 * Finds people by what a clerk types or a reader scans: a card or chip number (exactly), a
 * 学/工号 or phone (its start or part; the phone only for a caller who may see it), a name in
 * Chinese or in pinyin (full or initials).
 * The school's own people only.
 */
export async function searchPeople(work: Work, keyword: string, limit = 8, by: { mobile: boolean } = { mobile: false }): Promise<PersonHit[]> {
  const text = keyword.trim();
  if (!text) return [];
  const ids = new Set<string>();
  const { tx: db } = work;
  const live = work.school(members);
  if (/^[0-9A-Za-z]+$/.test(text)) {
    const byCard = await db
      .select({ memberId: cards.memberId })
      .from(cards)
      .where(and(work.school(cards), or(eq(cards.cardNo, text), eq(cards.physNo, text.toUpperCase()))))
      .orderBy(sql`${cards.cardStatus} = '4'`)
      .limit(limit);
    for (const row of byCard) ids.add(row.memberId);
    const byNumber = await db
      .select({ id: members.id })
      .from(members)
      .where(and(live, or(ilike(members.memberNo, `${text.replace(/[%_\\]/g, '\\$&')}%`), by.mobile ? ilike(members.mobile, containing(text)) : undefined)))
      .orderBy(members.memberNo)
      .limit(limit);
    for (const row of byNumber) ids.add(row.id);
  }
  if (ids.size < limit) {
    const byName = await db
      .select({ id: members.id })
      .from(members)
      .where(and(live, ilike(members.realName, containing(text))))
      .limit(limit);
    for (const row of byName) ids.add(row.id);
  }
  if (ids.size < limit && /^[a-z]+$/i.test(text)) {
    const typed = text.toLowerCase();
    const everyone = await db.select({ id: members.id, realName: members.realName }).from(members).where(live);
    for (const person of everyone) {
      if (ids.size >= limit) break;
      const reading = readingOf(person.realName);
      if (reading.full.startsWith(typed) || reading.initials === typed || (typed.length >= 3 && reading.full.includes(typed))) ids.add(person.id);
    }
  }
  const chosen = [...ids].slice(0, limit);
  if (!chosen.length) return [];
  const rows = await db
    .select({
      memberId: members.id,
      memberNo: members.memberNo,
      realName: members.realName,
      dept: memberDepartments.name,
      accountId: accounts.id,
      accountStatus: accounts.accountStatus,
      cash: accounts.cash,
      subsidy: accounts.subsidy,
      cardNo: cards.cardNo,
      cardStatus: cards.cardStatus,
    })
    .from(members)
    .leftJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
    .leftJoin(accounts, and(eq(accounts.memberId, members.id), ne(accounts.accountStatus, '3')))
    .leftJoin(cards, and(eq(cards.accountId, accounts.id), ne(cards.cardStatus, '4')))
    .where(inArray(members.id, chosen));
  const byId = new Map(rows.map((row) => [row.memberId, row]));
  return chosen.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, cash: row.cash === null ? null : centsToYuan(row.cash), subsidy: row.subsidy === null ? null : centsToYuan(row.subsidy) }] : [];
  });
}

/** An account's latest postings, newest first, with each wallet's part (yuan). */
export async function recentTransactions(work: Work, accountId: string, limit = 10) {
  const { tx: db } = work;
  const txns = await db
    .select()
    .from(ledgerTransactions)
    .where(and(work.school(ledgerTransactions), eq(ledgerTransactions.accountId, accountId)))
    .orderBy(desc(ledgerTransactions.postedAt))
    .limit(limit);
  if (!txns.length) return [];
  const lines = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        inArray(
          ledgerEntries.txnId,
          txns.map((txn) => txn.id),
        ),
        eq(ledgerEntries.accountRef, accountId),
      ),
    );
  return txns.map((txn) => {
    const mine = lines.filter((line) => line.txnId === txn.id);
    // What the posting did to the member's money: credits raise it, debits lower it.
    const change = mine.reduce((sum, line) => sum + (line.wallet === 'DEPOSIT' ? 0 : line.dc === 'C' ? line.amount : -line.amount), 0);
    // The deposit taken or paid back (开户, 退卡): shown beside, it is not spendable money.
    const deposit = mine.reduce((sum, line) => sum + (line.wallet !== 'DEPOSIT' ? 0 : line.dc === 'C' ? line.amount : -line.amount), 0);
    return {
      id: txn.id,
      txnNo: txn.txnNo,
      txnType: txn.txnType,
      amount: centsToYuan(txn.amount),
      change: centsToYuan(change),
      deposit: centsToYuan(deposit),
      channel: txn.channel,
      operator: txn.operator,
      postedAt: schoolDateTime(txn.postedAt),
      summary: txn.summary,
    };
  });
}
