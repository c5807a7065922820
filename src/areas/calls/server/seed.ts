import { and, asc, eq, sql } from 'drizzle-orm';
import { minutesOfCall } from '../shared/familyPhone';
import { addDays, addMonths, dayIn, DEFAULT_TIME_ZONE, parseSchoolTime } from '@shared/schoolTime';
import type { Database, Executor } from '@server/db/client';
import { newId } from '@server/db/ids';
import { Work } from '@server/db/work';
import { accounts, cards, members } from '@server/db/schema';
import { callNumbers, callPackages, callPhones, callRecords, callSubscriptions } from './tables';
import { nextBillNo } from '@server/modules/bills/billNo';
import { subscriptionLedger } from './subscriptions';

/** name, kind, minutes a month, price (cents), months. */
const PACKAGES: readonly (readonly [string, string, number, number, number])[] = [
  ['基础语音套餐', '1', 100, 1000, 1],
  ['畅聊语音套餐', '1', 300, 2500, 1],
  ['学期视频套餐', '3', 200, 9000, 5],
];

/**
 * 亲情通话's sample: two dormitory phones, three packages, six boarders' family numbers (the last
 * one's waiting for audit, sent from the parents' app), four of them on a package paid from their
 * card through the ledger (one still to pay), and this week's evening calls with the minutes they took.
 */
export async function seedCalls(tx: Executor, tenantId: number, operator: string): Promise<void> {
  const common = { tenantId, createBy: operator };
  const today = dayIn(DEFAULT_TIME_ZONE);
  const phones = [
    { ...common, id: newId(), name: '男生宿舍亲情话机', serialNo: 'HJ0101', location: '男生宿舍楼一层大厅', deviceType: '1' },
    { ...common, id: newId(), name: '女生宿舍视频话机', serialNo: 'HJ0102', location: '女生宿舍楼一层大厅', deviceType: '2' },
  ];
  await tx.insert(callPhones).values(phones);
  const packages = PACKAGES.map(([name, kind, monthlyMinutes, price, validMonths]) => ({
    ...common,
    id: newId(),
    name,
    kind,
    monthlyMinutes,
    price,
    validMonths,
    deviceTypes: kind === '1' ? '1,2' : '2',
  }));
  await tx.insert(callPackages).values(packages);
  // Boarders first: they are who ring home from the dormitories.
  const work = new Work(tx, tenantId, operator);
  const pupils = await tx
    .select({ id: members.id, cardNo: cards.cardNo, cash: accounts.cash })
    .from(members)
    .innerJoin(cards, and(eq(cards.memberId, members.id), eq(cards.cardStatus, '1')))
    .innerJoin(accounts, eq(accounts.id, cards.accountId))
    .where(and(work.school(members), eq(members.memberStatus, '1'), sql`${members.memberTypeId} in (select id from memb_member_type where code = 'STUDENT')`))
    .orderBy(sql`${members.boardingType} is distinct from '1'`, asc(members.memberNo))
    .limit(6);
  if (pupils.length < 6) return;
  const now = new Date();
  const numbers = pupils.flatMap((pupil, index): (typeof callNumbers.$inferInsert)[] =>
    index === 5
      ? [{ ...common, id: newId(), memberId: pupil.id, phone: '13957100600', relation: '2', seq: 1, source: '2' }]
      : [
          {
            ...common,
            id: newId(),
            memberId: pupil.id,
            phone: `139571001${index}1`,
            relation: '1',
            seq: 1,
            allowVideo: index === 0,
            auditStatus: '1',
            auditBy: operator,
            auditAt: now,
            pushStatus: '1',
            pushedAt: now,
          },
          {
            ...common,
            id: newId(),
            memberId: pupil.id,
            phone: `139571001${index}2`,
            relation: '2',
            seq: 2,
            allowVideo: index === 0,
            auditStatus: '1',
            auditBy: operator,
            auditAt: now,
            pushStatus: '1',
            pushedAt: now,
          },
        ],
  );
  await tx.insert(callNumbers).values(numbers);
  const start = addDays(today, -10);
  const ledger = subscriptionLedger(tx as Database);
  const subscriptions: { id: string; pupil: (typeof pupils)[number]; pack: (typeof packages)[number] }[] = [];
  for (const [index, pupil] of pupils.slice(0, 5).entries()) {
    const pack = packages[index === 4 ? 2 : index === 0 ? 1 : 0]!;
    const id = newId();
    await tx.insert(callSubscriptions).values({
      ...common,
      id,
      billNo: await nextBillNo(tx, tenantId, 'TC'),
      memberId: pupil.id,
      packageId: pack.id,
      months: pack.validMonths,
      startDate: start,
      endDate: addDays(addMonths(start, pack.validMonths), -1),
      monthlyMinutes: pack.monthlyMinutes,
      minutesLeft: pack.monthlyMinutes,
      due: pack.price,
      owed: pack.price,
    });
    // Paid from the card as the clerk would, through the ledger (the fifth waits for its payment).
    if (index < 4 && pupil.cash >= pack.price) {
      await ledger.payFromCard({ tenantId, username: operator }, { key: `seed-call-${id}`, id, amountCents: pack.price });
      subscriptions.push({ id, pupil, pack });
    }
  }
  // The first boarder's basic package of the month before, paid and since ended (已过期 once the day's job
  // runs): the package of this month is the one after it.
  const [first] = pupils;
  const basic = packages[0]!;
  if (first && first.cash >= basic.price + packages[1]!.price) {
    const id = newId();
    const earlier = addMonths(start, -1);
    await tx.insert(callSubscriptions).values({
      ...common,
      id,
      billNo: await nextBillNo(tx, tenantId, 'TC'),
      memberId: first.id,
      packageId: basic.id,
      months: basic.validMonths,
      startDate: earlier,
      endDate: addDays(start, -1),
      monthlyMinutes: basic.monthlyMinutes,
      minutesLeft: basic.monthlyMinutes,
      due: basic.price,
      owed: basic.price,
    });
    await ledger.payFromCard({ tenantId, username: operator }, { key: `seed-call-${id}`, id, amountCents: basic.price });
  }
  // Evening calls home this week, the minutes taken from this month's.
  const phone = phones[0]!;
  const rows: (typeof callRecords.$inferInsert)[] = [];
  const used = new Map<string, number>();
  for (const [index, { id, pupil }] of subscriptions.entries()) {
    for (let back = 6; back >= 1; back -= 2 + (index % 2)) {
      const day = addDays(today, -back);
      const seconds = 95 + ((index * 37 + back * 53) % 420);
      const minutes = minutesOfCall(seconds);
      rows.push({
        ...common,
        id: newId(),
        phoneId: phone.id,
        serialNo: `S${day.replaceAll('-', '')}${index}${back}`,
        memberId: pupil.id,
        cardNo: pupil.cardNo,
        dialled: `139571001${index}${(back % 2) + 1}`,
        relation: String((back % 2) + 1),
        startedAt: parseSchoolTime(DEFAULT_TIME_ZONE, `${day} 19:${String(10 + index * 7).padStart(2, '0')}:00`)!,
        seconds,
        minutes,
        subscriptionId: id,
      });
      if (day.slice(0, 7) === today.slice(0, 7)) used.set(id, (used.get(id) ?? 0) + minutes);
    }
  }
  if (rows.length) await tx.insert(callRecords).values(rows);
  for (const { id, pack } of subscriptions)
    await tx
      .update(callSubscriptions)
      .set({ minutesLeft: pack.monthlyMinutes - (used.get(id) ?? 0), minutesMonth: used.has(id) ? today.slice(0, 7) : null })
      .where(eq(callSubscriptions.id, id));
}
