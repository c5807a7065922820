import { addDays, dayIn, parseSchoolTime } from '@shared/schoolTime';
import type { Database } from '../db/client';
import { onSimulatedClock } from '../clock';
import { serverAreas, type SampleDay, type SampleEvent } from '../registry/areas';
import { schoolZone } from '../modules/schools/settings';
import { cardUseOf } from './cardUse';
import { mealOrdersOf } from './mealOrders';

export interface SampleWeeksOptions {
  tenantId: number;
  /** The clerk who works the console. */
  by: string;
  /** How many days up to today (today included). */
  days: number;
  /** Told a line after each week: the first start says what it is doing. */
  progress?: (line: string) => void;
}

/**
 * The sample school's last weeks, lived: its seed made the school (people, canteens, terminals,
 * accounts opened a month ago); here every day up to now happens through the product's own
 * services, on a simulated clock set to each event's time (`../clock`). Each day's events come from
 * the card office and canteen (`cardUse`) and from every area's `sampleDay`, in time order; today's
 * stop at the real time. Runs after the seed's transaction: each service opens its own.
 */
export async function liveSampleWeeks(db: Database, options: SampleWeeksOptions): Promise<void> {
  const { tenantId, by } = options;
  const zone = await schoolZone(db, tenantId);
  const realNow = Date.now();
  const today = dayIn(zone, new Date(realNow));
  const dates = Array.from({ length: options.days }, (_, index) => addDays(today, index - options.days + 1));
  const mealOrders = await mealOrdersOf(db, tenantId, by);
  const cardUse = await cardUseOf(db, tenantId, by, mealOrders.ordering);
  const instant = (date: string, clock: string) => parseSchoolTime(zone, `${date} ${clock.length === 5 ? `${clock}:00` : clock}`)!;
  let events = 0;
  await onSimulatedClock(instant(dates[0]!, '00:00'), async (clock) => {
    for (const [index, date] of dates.entries()) {
      const daysAgo = options.days - 1 - index;
      const until = daysAgo === 0 ? new Date(realNow) : new Date(instant(addDays(date, 1), '00:00').getTime() - 1000);
      const day: SampleDay = { db, tenantId, by, date, zone, daysAgo, until, at: (time) => instant(date, time) };
      const fromAreas = await Promise.all(serverAreas().map(async (area) => (await area.sampleDay?.(day)) ?? []));
      const due: SampleEvent[] = [...cardUse.day(day, realNow), ...mealOrders.day(day, today), ...fromAreas.flat()]
        .filter((event) => event.at.getTime() <= realNow)
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      for (const event of due) {
        clock.set(event.at);
        await event.run();
      }
      events += due.length;
      if ((index + 1) % 7 === 0 || day.daysAgo === 0) {
        const { payments, refused, recharges } = cardUse.tally;
        options.progress?.(
          `sample school: ${dates[Math.max(0, index - 6)]} – ${date} lived (${events} events so far: ${payments} payments, ${refused} refused, ${recharges} recharges, ${mealOrders.served()} ordered lunches served)`,
        );
      }
    }
  });
  if (cardUse.tally.reasons.size) options.progress?.(`sample school: refused payments by reason: ${[...cardUse.tally.reasons].map(([reason, count]) => `${reason} ×${count}`).join('; ')}`);
}
