import type { AppContext } from '../context';
import { tenants } from '../db/schema';
import { unscoped } from '../db/work';
import type { Database } from '../db/client';
import { recordingNow, recordingWrites, type WriteRecord } from '../db/writes';
import { noticeChannel, type NoticeEvent } from '../modules/announcements/routes';

const readers = new WeakMap<Database, (record: WriteRecord) => Promise<string[]>>();

/** How the app names the lists of a database's writes (the same reader its answers use): given at start, since the entities' registry imports the outbox that tells. */
export function readListsWith(db: Database, reader: (record: WriteRecord) => Promise<string[]>): void {
  readers.set(db, reader);
}

/**
 * Work that runs after the answer (an outbox delivery, a scheduled job) tells the consoles which of
 * their lists it changed, as a request's answer does (X-Changed-Entities): it runs recording the
 * tables it writes, then the school's signed-in notice sockets (or every school's, for a job that
 * crosses them) are sent `{cmd: 'changed', kinds}`. Work inside a request is answered with the
 * request instead. Telling is best effort: a list is a moment stale rather than the work failing.
 */
export async function tellingChanges<T>(context: AppContext, school: number | 'every', work: () => Promise<T>): Promise<T> {
  if (recordingNow()) return work();
  const record: WriteRecord = { tables: new Set(), kinds: new Set() };
  const result = await recordingWrites(record, work);
  try {
    const kinds = (await readers.get(context.db)?.(record)) ?? [];
    if (kinds.length) {
      const schools =
        school === 'every' ? (await unscoped(context.db, 'lists: a job crossing schools tells each school what it changed').select({ id: tenants.id }).from(tenants)).map((row) => row.id) : [school];
      const event: NoticeEvent = { userIds: null, message: { cmd: 'changed', msgTxt: '', kinds } };
      for (const tenantId of schools) await context.bus.publish(noticeChannel(tenantId), event);
    }
  } catch {
    // The lists reload on their next request instead.
  }
  return result;
}
