import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { deliverQueued } from '../../outbox/deliver';
import { dateTimeIn } from '@shared/schoolTime';
import type { AppContext } from '../../context';
import { accessLogs, accounts, devices, doors, ledgerTransactions, mealCanteens, mealStores, members, messageTemplates, tenants } from '../../db/schema';
import { inSchool, schoolReads, unscoped, type Work, type Worker } from '../../db/work';
import { markOf, moveMark, type EventMark } from '../../jobs/eventMarks';
import { schoolZone } from '../schools/settings';
import { messageFromTemplate, type TemplateEvent } from './delivery';

/** Events this young may still be committing (a payment posted but not yet committed): the next run takes them. */
export const SETTLE_SECONDS = 30;
/** A gate pass told later than this tells a parent nothing useful (an offline gate's late upload): it is passed over. */
const ARRIVAL_STALE_MS = 30 * 60_000;
/** At most this many events a school and kind per run; the rest wait for the next minute. */
const BATCH = 500;

type Kind = 'CONSUME' | 'ARRIVAL';
interface Happened {
  /** The database's own text of the event's time: a JavaScript date keeps only milliseconds. */
  at: string;
  id: string;
  event: TemplateEvent | null;
}

/**
 * 消费提醒 and 到离校提醒 (job eventNotices): each school's payments and school-gate passes since
 * the last run are told to the pupil's parents (or the staff member) through the CONSUME and
 * ARRIVAL templates, each message committed with the mark past its event. A school whose template
 * is stopped is told nothing and its mark still moves, so switching the template on later does not
 * send the day's history; the first run only marks.
 */
export async function tellEvents(context: AppContext, settleSeconds = SETTLE_SECONDS): Promise<{ consume: number; arrival: number }> {
  const told = { consume: 0, arrival: 0 };
  const until = new Date(Date.now() - settleSeconds * 1000);
  const schools = unscoped(context.db, 'messages: the event-notice job tells every school’s payments and passes');
  for (const { id: tenantId } of await schools.select({ id: tenants.id }).from(tenants)) {
    told.consume += await tellKind(context, tenantId, 'CONSUME', until, settleSeconds);
    told.arrival += await tellKind(context, tenantId, 'ARRIVAL', until, settleSeconds);
  }
  return told;
}

async function tellKind(context: AppContext, tenantId: number, kind: Kind, until: Date, settleSeconds: number): Promise<number> {
  const worker: Worker = { tenantId, username: 'system' };
  const reads = schoolReads(context.db, worker);
  // The first run writes the mark (its own unit of work) and tells nothing.
  const mark = await inSchool(context.db, worker, (work) => markOf(work.tx, tenantId, kind, until));
  if (!mark) return 0;
  const [running] = await reads.rows(messageTemplates, and(eq(messageTemplates.code, kind), eq(messageTemplates.status, '1')));
  // Stopped: nobody is told, and the mark follows the clock, so switching it on later sends no history.
  if (!running) {
    await inSchool(context.db, worker, (work) => moveMark(work.tx, tenantId, kind, until.toISOString(), ''));
    return 0;
  }
  const zone = await schoolZone(reads.tx, tenantId);
  const happened = kind === 'CONSUME' ? await payments(reads, mark, until, zone) : await passes(reads, mark, until, zone, settleSeconds);
  let told = 0;
  for (const { at, id, event } of happened) {
    if (!event) continue;
    // The message and the mark past its event commit together: a run that fails half way tells no one twice.
    const queued = await inSchool(context.db, worker, async (work) => {
      const message = await messageFromTemplate(work, event);
      await moveMark(work.tx, tenantId, kind, at, id);
      return message ? work.later(message) : null;
    });
    if (!queued) continue;
    await deliverQueued(context, [queued]);
    told += 1;
  }
  const last = happened.at(-1);
  if (last) await inSchool(context.db, worker, (work) => moveMark(work.tx, tenantId, kind, last.at, last.id));
  return told;
}

/** The school's payments after the mark (refunds are not told): who, when, where, how much, what is left. */
async function payments(work: Work, mark: EventMark, until: Date, zone: string): Promise<Happened[]> {
  const rows = await work.tx
    .select({
      id: ledgerTransactions.id,
      at: sql<string>`${ledgerTransactions.postedAt}::text`,
      occurredAt: ledgerTransactions.occurredAt,
      amount: ledgerTransactions.amount,
      memberId: accounts.memberId,
      name: members.realName,
      balance: sql<string>`(coalesce(${ledgerTransactions.cashAfter}, 0) + coalesce(${ledgerTransactions.subsidyAfter}, 0) + coalesce(${ledgerTransactions.giftAfter}, 0))::text`,
      canteen: mealCanteens.name,
      store: mealStores.name,
      terminal: devices.name,
    })
    .from(ledgerTransactions)
    .innerJoin(accounts, eq(accounts.id, ledgerTransactions.accountId))
    .leftJoin(members, eq(members.id, accounts.memberId))
    .leftJoin(mealCanteens, eq(mealCanteens.id, ledgerTransactions.canteenId))
    .leftJoin(mealStores, eq(mealStores.id, ledgerTransactions.storeId))
    .leftJoin(devices, eq(devices.id, ledgerTransactions.terminalId))
    .where(
      and(
        work.school(ledgerTransactions),
        inArray(ledgerTransactions.txnType, ['CONSUME']),
        lt(ledgerTransactions.postedAt, until),
        sql`(${ledgerTransactions.postedAt}, ${ledgerTransactions.id}) > (${mark.markTime}::timestamptz, ${mark.markId})`,
      ),
    )
    .orderBy(asc(ledgerTransactions.postedAt), asc(ledgerTransactions.id))
    .limit(BATCH);
  return rows.map((row) => ({
    at: row.at,
    id: row.id,
    event: row.memberId
      ? {
          code: 'CONSUME',
          memberId: row.memberId,
          values: {
            name: row.name,
            time: dateTimeIn(zone, row.occurredAt).slice(5, 16),
            place: [row.canteen, row.store].filter(Boolean).join('') || row.terminal || '柜台',
            amount: (Number(row.amount) / 100).toFixed(2),
            balance: (Number(row.balance) / 100).toFixed(2),
          },
        }
      : null,
  }));
}

/**
 * The school's admitted passes at its gates (校门) recorded after the mark (by when they were
 * received, so a gate's upload a little late is still told): 进校 or 离校, when and where. A pass
 * that happened too long ago tells a parent nothing and is passed over.
 */
async function passes(work: Work, mark: EventMark, until: Date, zone: string, settleSeconds: number): Promise<Happened[]> {
  const stale = new Date(until.getTime() + settleSeconds * 1000 - ARRIVAL_STALE_MS);
  const rows = await work.tx
    .select({
      id: accessLogs.id,
      at: sql<string>`${accessLogs.createdAt}::text`,
      passTime: accessLogs.passTime,
      memberId: accessLogs.memberId,
      name: accessLogs.name,
      direction: accessLogs.direction,
      door: doors.name,
      gate: doors.doorKind,
      result: accessLogs.result,
    })
    .from(accessLogs)
    .leftJoin(doors, eq(doors.id, accessLogs.doorId))
    .where(
      and(
        work.school(accessLogs),
        // Only the recent passes (the time index, and the month partitions of those days).
        gte(accessLogs.passTime, stale),
        sql`${accessLogs.passDay} >= (${stale.toISOString()}::timestamptz at time zone ${zone})::date`,
        lt(accessLogs.createdAt, until),
        sql`(${accessLogs.createdAt}, ${accessLogs.id}) > (${mark.markTime}::timestamptz, ${mark.markId})`,
        isNotNull(accessLogs.memberId),
      ),
    )
    .orderBy(asc(accessLogs.createdAt), asc(accessLogs.id))
    .limit(BATCH);
  return rows.map((row) => ({
    at: row.at,
    id: row.id,
    event:
      row.result === '1' && row.gate === '1'
        ? {
            code: 'ARRIVAL',
            memberId: row.memberId!,
            values: { name: row.name, time: dateTimeIn(zone, row.passTime).slice(11, 16), direction: row.direction === '2' ? '离校' : '进校', door: row.door },
          }
        : null,
  }));
}
