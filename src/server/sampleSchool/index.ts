import { addDays, dayIn, parseSchoolTime, weekdayOf } from '@shared/schoolTime';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { seedDatabase, type SeedOptions, type SeedOutcome } from '../db/seed';
import { onSimulatedClock } from '../clock/simulatedClock';
import { serverAreas, type SampleDay, type SampleEvent } from '../registry/areas';
import { schoolZone } from '../modules/schools/settings';
import { moveDatedStates } from '../jobs/datedStates';
import { cardUseOf } from './cardUse';
import { mealOrdersOf } from './mealOrders';
import { MERGED_AT, refundMergesOf } from './refundMerges';
import { subsidyIssuesOf } from './subsidyIssues';
import { leavesOf } from './leaves';
import { announcementsOf } from './announcements';
import { parentMessagesOf } from './parentMessages';
import { sampleConsole, type ServerBuilder } from './sampleContext';
import { officeWorkOf } from './officeWork';
import { deliverQueuedEffects, schoolJobsOf } from './schoolJobs';
import { terminalPushesOf } from './terminalPushes';
import { onlineBillsOf } from './onlineBills';

/** The sample school's lived days up to today: four weeks. */
const SAMPLE_DAYS = 28;

/**
 * The school's data at start: a new database gets the sample school, made by the seed and then
 * lived through its last four weeks; an installed one gets what the product's menu, dictionaries
 * and jobs gained since (the seed's own check).
 */
export async function seedSchool(db: Database, options: SeedOptions & { progress?: (line: string) => void; buildApp: ServerBuilder }): Promise<SeedOutcome> {
  const outcome = await seedDatabase(db, options);
  if (!outcome.seeded) return outcome;
  options.progress?.('sample school: made (people, canteens, terminals, accounts); now living its last four weeks…');
  await liveSampleWeeks(db, { tenantId: 0, by: 'admin', days: SAMPLE_DAYS, progress: options.progress, buildApp: options.buildApp });
  // The states that follow the day, as the school's midnight job leaves them (seeded records are written, not moved).
  await moveDatedStates(db);
  // Statistics of what the weeks wrote, before the first list is asked for.
  await db.execute(sql`analyze`);
  return outcome;
}

export interface SampleWeeksOptions {
  tenantId: number;
  /** The clerk who works the console. */
  by: string;
  /** How many days up to today (today included). */
  days: number;
  /** Told a line after each week: the first start says what it is doing. */
  progress?: (line: string) => void;
  /** The server the weeks' clerks and jobs work in. */
  buildApp: ServerBuilder;
}

/**
 * The sample school's last weeks, lived: its seed made the school (people, canteens, terminals,
 * accounts opened a month ago); here every day up to now happens through the product's own
 * services, on a simulated clock set to each event's time (`../clock/simulatedClock`). Each day's events come from
 * the card office and canteen (`cardUse`, `subsidyIssues`, `refundMerges`), the leaves, the school's daily
 * jobs and every area's `sampleDay`, in time order; what each queues for after its commit is delivered then
 * (`schoolJobs`). Today's stop at the real time. Runs after the seed's transaction: each service opens its own.
 */
export async function liveSampleWeeks(db: Database, options: SampleWeeksOptions): Promise<void> {
  const { tenantId, by } = options;
  const zone = await schoolZone(db, tenantId);
  const realNow = Date.now();
  const today = dayIn(zone, new Date(realNow));
  const dates = Array.from({ length: options.days }, (_, index) => addDays(today, index - options.days + 1));
  const instant = (date: string, clock: string) => parseSchoolTime(zone, `${date} ${clock.length === 5 ? `${clock}:00` : clock}`)!;
  // Each Monday afternoon's 退款合并: the latest made by now waits for its audit (on a Monday morning, last week's).
  const mergedBy = (date: string) => instant(date, MERGED_AT).getTime() <= realNow;
  const lastMerged = dates.filter((date) => weekdayOf(date) === 1 && mergedBy(date)).at(-1)!;
  const leaves = await leavesOf(db, tenantId, by, today, zone, lastMerged);
  const mealOrders = await mealOrdersOf(db, tenantId, by);
  const cardUse = await cardUseOf(db, tenantId, by, mealOrders.ordering, leaves.away);
  const subsidies = await subsidyIssuesOf(db, tenantId, by);
  const refunds = refundMergesOf(db, tenantId, by, mealOrders.pupils, dates, mergedBy);
  const notices = announcementsOf(db, tenantId, by, today);
  const terminalPushes = terminalPushesOf(db, tenantId);
  const onlineBills = onlineBillsOf(db, tenantId);
  let events = 0;
  await onSimulatedClock(instant(dates[0]!, '00:00'), async (clock) => {
    const school = await sampleConsole(db, clock, options.buildApp);
    const { context } = school;
    const jobs = await schoolJobsOf(context);
    const office = officeWorkOf(db, school, tenantId);
    const parents = await parentMessagesOf(db, context, tenantId, by);
    for (const [index, date] of dates.entries()) {
      const daysAgo = options.days - 1 - index;
      const until = daysAgo === 0 ? new Date(realNow) : new Date(instant(addDays(date, 1), '00:00').getTime() - 1000);
      const day: SampleDay = { db, tenantId, by, date, zone, daysAgo, until, at: (time) => instant(date, time), away: leaves.away };
      const fromAreas = await Promise.all(serverAreas().map(async (area) => (await area.sampleDay?.(day)) ?? []));
      const due: SampleEvent[] = [
        ...cardUse.day(day, realNow),
        ...mealOrders.day(day, today),
        ...subsidies.day(day),
        ...refunds.day(day),
        ...leaves.day(day),
        ...notices.day(day),
        ...parents.day(day),
        ...jobs.day(day),
        ...office.day(day),
        ...terminalPushes.day(day),
        ...onlineBills.day(day),
        ...fromAreas.flat(),
      ]
        .filter((event) => event.at.getTime() <= realNow)
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      for (const event of due) {
        clock.set(event.at);
        await event.run();
        if (!event.quiet) await deliverQueuedEffects(context);
      }
      events += due.length;
      if ((index + 1) % 7 === 0 || day.daysAgo === 0) {
        const { payments, refused, recharges } = cardUse.tally;
        options.progress?.(
          `sample school: ${dates[Math.max(0, index - 6)]} – ${date} lived (${events} events so far: ${payments} payments, ${refused} refused, ${recharges} recharges, ${mealOrders.served()} ordered lunches served)`,
        );
      }
    }
    // Anything the last quiet events queued, delivered before the clock is real again.
    await deliverQueuedEffects(context);
    await school.close();
  });
  if (cardUse.tally.reasons.size) options.progress?.(`sample school: refused payments by reason: ${[...cardUse.tally.reasons].map(([reason, count]) => `${reason} ×${count}`).join('; ')}`);
}
