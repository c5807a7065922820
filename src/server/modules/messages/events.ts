import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { deliverQueued } from '../../outbox/deliver';
import { dateTimeIn } from '@shared/schoolTime';
import type { AppContext } from '../../context';
import { accounts, devices, ledgerTransactions, mealCanteens, mealStores, members, messageTemplates, tenants } from '../../db/schema';
import { inSchool, schoolReads, unscoped, type Work, type Worker } from '../../db/work';
import { markOf, moveMark, type EventMark } from '../../jobs/eventMarks';
import { schoolZone } from '../schools/settings';
import { messageFromTemplate } from './delivery';
import { serverAreas, type Happened, type NoticeEvents } from '../../registry/areas';

/** Events this young may still be committing (a payment posted but not yet committed): the next run takes them. */
export const SETTLE_SECONDS = 30;
/** At most this many events a school and kind per run; the rest wait for the next minute. */
export const NOTICE_BATCH = 500;

/** The product's kinds: 消费提醒 over the ledger's payments; the areas add theirs (`ServerArea.noticeEvents`). */
const PRODUCT_KINDS: Readonly<Record<string, { title: string; events: NoticeEvents }>> = { CONSUME: { title: '消费提醒', events: (work, mark, until, zone) => payments(work, mark, until, zone) } };
const noticeKinds = () => Object.assign({}, PRODUCT_KINDS, ...serverAreas().map((area) => area.noticeEvents ?? {})) as typeof PRODUCT_KINDS;

/**
 * 消费提醒, 到离校提醒 … (job eventNotices): each school's payments (and each area's events, such as
 * school-gate passes) since the last run are told to the pupil's parents (or the staff member)
 * through the template of the kind's code, each message committed with the mark past its event. A
 * school whose template is stopped is told nothing and its mark still moves, so switching the
 * template on later does not send the day's history; the first run only marks. Answers how many of
 * each kind were told.
 */
export async function tellEvents(context: AppContext, settleSeconds = SETTLE_SECONDS): Promise<Record<string, number>> {
  const kinds = noticeKinds();
  const told = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, 0]));
  const until = new Date(Date.now() - settleSeconds * 1000);
  const schools = unscoped(context.db, 'messages: the event-notice job tells every school’s payments and passes');
  for (const { id: tenantId } of await schools.select({ id: tenants.id }).from(tenants))
    for (const [kind, { events }] of Object.entries(kinds)) told[kind]! += await tellKind(context, tenantId, kind, events, until, settleSeconds);
  return told;
}

/** The job's line: each kind's title and how many were told (消费提醒 3 条，到离校提醒 2 条). */
export const toldLine = (told: Readonly<Record<string, number>>): string =>
  Object.entries(noticeKinds())
    .map(([kind, { title }]) => `${title} ${told[kind] ?? 0} 条`)
    .join('，');

async function tellKind(context: AppContext, tenantId: number, kind: string, events: NoticeEvents, until: Date, settleSeconds: number): Promise<number> {
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
  const happened = await events(reads, mark, until, zone, settleSeconds);
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
    .limit(NOTICE_BATCH);
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
