import { and, asc, eq } from 'drizzle-orm';
import { addDays } from '@shared/schoolTime';
import type { Database } from '../db/client';
import { schoolReads } from '../db/work';
import { accounts, cards, devices, mealCanteens, memberDepartments, members } from '../db/schema';
import type { SampleDay, SampleEvent } from '../registry/areas';
import { mealOrderService } from '../modules/meals/orders';
import { sampleStopMeals } from '../modules/meals/seed';
import { chanceOf } from './random';

/** How many pupils of the first class order their lunch. */
const ORDERING = 30;

/**
 * 订餐 in the sample school: the first class's lunches are ordered the morning before (before the
 * 09:00 deadline) through the order service, paid when ordered; at lunch the pupils are served by
 * the first window's terminal (the order service's `serve`, as `/terminal/serve`), a few never come
 * and 餐次结算 closes their orders at 13:05. Yesterday the next days were ordered too, a parent
 * cancelled one and two stop-meals were asked (one approved).
 */
export async function mealOrdersOf(db: Database, tenantId: number, by: string) {
  const reads = schoolReads(db, { tenantId, username: by });
  const [canteen] = await reads.rows(mealCanteens, undefined, { orderBy: asc(mealCanteens.sortNo), limit: 1 });
  const [window1] = await reads.rows(devices, eq(devices.serialNo, 'POS0101'));
  // The first class with accounts: its pupils order lunch (their card in use serves it).
  const people = await reads.tx
    .select({ memberId: members.id, accountId: accounts.id, className: memberDepartments.name, deptId: members.deptId, cardNo: cards.cardNo })
    .from(accounts)
    .innerJoin(members, eq(members.id, accounts.memberId))
    .innerJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
    .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardStatus, '1')))
    .where(and(reads.school(accounts), eq(accounts.accountStatus, '1'), eq(memberDepartments.level, 3)))
    .orderBy(asc(members.memberNo));
  const pupils = people.filter((person) => person.deptId === people[0]?.deptId).slice(0, ORDERING);
  const service = mealOrderService({ db });
  const clerk = { tenantId, username: by, locale: 'zh-CN' };
  let served = 0;

  const place = (day: SampleDay, from: string, to: string): SampleEvent => ({
    at: day.at('08:40'),
    run: async () => {
      if (!canteen) return;
      await service.place(clerk, { memberIds: pupils.map((pupil) => pupil.memberId), canteenId: canteen.id, mealType: '2', dateFrom: from, dateTo: to, quantity: 1, dineWay: '1' });
    },
  });

  return {
    /** Accounts whose lunch is ordered: they do not also pay at a window. */
    ordering: new Set(pupils.map((pupil) => pupil.accountId)),
    /** The pupils whose lunch is ordered. */
    pupils: pupils.map((pupil) => ({ memberId: pupil.memberId })),
    served: () => served,
    day(day: SampleDay, today: string): SampleEvent[] {
      if (!canteen || !window1 || !pupils.length) return [];
      const events: SampleEvent[] = [];
      // Tomorrow's lunch ordered this morning; yesterday, also the two days after today.
      events.push(day.daysAgo === 1 ? place(day, addDays(day.date, 1), addDays(day.date, 3)) : place(day, addDays(day.date, 1), addDays(day.date, 1)));
      if (day.daysAgo === 1) events.push({ at: day.at('09:30'), run: () => sampleStopMeals(db, tenantId, by, pupils, today) });
      // Served at the first window; one in twelve never comes.
      for (const pupil of pupils) {
        const chance = chanceOf('served', day.date, pupil.memberId);
        if (!chance.yes(11 / 12)) continue;
        const at = day.at(`12:${String(chance.between(0, 25)).padStart(2, '0')}:${String(chance.between(0, 59)).padStart(2, '0')}`);
        events.push({
          at,
          run: async () => {
            try {
              await service.serve(
                { tenantId, username: 'terminal:POS0101' },
                { serial: `S${day.date.replaceAll('-', '')}${pupil.memberId.slice(0, 8)}`, cardNo: pupil.cardNo, canteenId: canteen.id, terminalId: window1.id, occurredAt: at },
              );
              served += 1;
            } catch {
              // No order that day (placed after its deadline, a stop in force): the terminal refuses, as it would.
            }
          },
        });
      }
      // 餐次结算: lunch is over.
      events.push({ at: day.at('13:05'), run: async () => void (await service.closeMeals(tenantId, day.at('13:05'))) });
      return events;
    },
  };
}
