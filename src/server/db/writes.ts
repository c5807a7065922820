import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';

/**
 * What a request wrote, seen from its statements: the tables named after `insert into`, `update`
 * and `delete from` (a CTE's writes included), and the tables the database's own functions write.
 * The server answers it as the lists that changed (X-Changed-Entities), so no route keeps a hand
 * list of what it changes. A request that fails answers nothing, so a rollback changes no list.
 */
export interface WriteRecord {
  tables: Set<string>;
  /** Kinds a route names itself, for rows the tables cannot tell apart (an online form's records). */
  kinds: Set<string>;
}

const current = new AsyncLocalStorage<WriteRecord>();

/** The tables each database function writes (the migrations that define them say what they do). */
const FUNCTION_WRITES: Readonly<Record<string, readonly string[]>> = {
  // migration 0088: a payment's transaction, its lines, the account's day and balances.
  fin_consume: ['fin_txn', 'fin_entry', 'fin_account_day', 'memb_account'],
};

const WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;
const CALL = /\b([a-z_][a-z0-9_]*)\s*\(/gi;

/** Notes the tables one statement writes, when a request is recording. */
export function recordStatement(text: string): void {
  const record = current.getStore();
  if (!record) return;
  for (const match of text.matchAll(WRITE)) record.tables.add(match[1]!.toLowerCase());
  for (const match of text.matchAll(CALL)) for (const table of FUNCTION_WRITES[match[1]!.toLowerCase()] ?? []) record.tables.add(table);
}

/** drizzle's logger on every handle (client.ts): it sees each statement before it runs. */
export const writeLogger: Logger = { logQuery: (query) => recordStatement(query) };

/** Whether a request (or other work) is recording its writes now: work inside it is answered with it. */
export const recordingNow = (): boolean => current.getStore() !== undefined;

/** Runs `work` outside the current recording: work a request starts and does not await runs after its answer. */
export const afterTheAnswer = <T>(work: () => T): T => current.exit(work);

/** Runs `work` recording what its statements write into `record`. */
export function recordingWrites<T>(record: WriteRecord, work: () => T): T {
  return current.run(record, work);
}

/** Names kinds of data this request changed that its tables cannot tell (see WriteRecord.kinds). */
export function noteChanged(...kinds: string[]): void {
  const record = current.getStore();
  for (const kind of kinds) record?.kinds.add(kind);
}
