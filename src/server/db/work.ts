import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { schoolConnections, type Database, type Executor } from './client';
import { outbox, recordHistory } from './schema';
import { schoolSettings } from './schoolSecurity';

/**
 * One school's unit of work (ARCHITECTURE.md, "Data access"): the school, the caller and the
 * transaction, bound together. Area code reads, writes, locks, keeps history and queues effects
 * through it and never names the school itself; behind it the transaction has told PostgreSQL the
 * school (`app.tenant_id`), whose row-level security refuses what the code might forget.
 */

/** A table of one school's rows: its school column, and the business columns it has. */
export type SchoolRows = PgTable & { tenantId: PgColumn; delFlag?: PgColumn; createBy?: PgColumn; updateBy?: PgColumn; updatedAt?: PgColumn };
/** A school table whose rows have ids (the ones a lock or a lookup by id names). */
export type SchoolTable = SchoolRows & { id: PgColumn };
export type RowOf<T extends PgTable> = T['$inferSelect'];
/** A new row as area code gives it: the school and the stamps are the unit of work's. */
export type NewRowOf<T extends PgTable> = Omit<T['$inferInsert'], 'tenantId' | 'createBy' | 'createdAt' | 'updateBy' | 'updatedAt'>;
/** A change to rows: values, or SQL computed from the row (`list_version + 1`). */
export type ChangeOf<T extends PgTable> = { [K in keyof NewRowOf<T>]?: NewRowOf<T>[K] | SQL };

/** A history line as a unit of work writes it (the school and operator are its own). */
export interface HistoryLine {
  entity: string;
  recordId: string;
  action: string;
  fromState?: Record<string, string | null> | null;
  toState?: Record<string, string | null> | null;
  inputs?: Record<string, unknown> | null;
  changes?: Record<string, [unknown, unknown]> | null;
  note?: string | null;
}

/** An effect to run after the commit, delivered by the outbox (outbox/deliver.ts). */
export interface Intent {
  kind: string;
  payload: Record<string, unknown>;
}

/** Who works: a user's name, or the job or device acting for the school. */
export interface Worker {
  tenantId: number;
  username: string;
}

/**
 * Test-only: the application's own school conditions left out, so a test shows what the database
 * alone refuses. Never set outside tests (the test that sets it restores it).
 */
export const scopeProof = { filtersOff: false };

/**
 * Benchmark-only: units of work run as the platform's plain transactions (no school told, no
 * policy applied), so a benchmark measures in one run what the scope costs (tests/bench). Never
 * set in the product or in tests.
 */
export const scopeCost = { off: false };

/**
 * The live rows of a table outside one school's unit of work: the platform's shared tables (the
 * menu, the dictionaries) and look-ups across schools. The deleted-row rule, written once for them.
 */
export const alive = (table: { delFlag: PgColumn }): SQL => eq(table.delFlag, 0);

const columnsOf = (table: PgTable) => table as unknown as Record<string, PgColumn | undefined>;

export class Work {
  constructor(
    /** The transaction, for statements the methods below do not build (joins, sums): the database still holds it to the school. */
    readonly tx: Executor,
    readonly tenantId: number,
    readonly username: string,
    /**
     * Whether the database holds `tx` to the school (a school connection where the policies are in
     * force): the school's own conditions are then left to the policy, whose condition indexes read
     * as well; with both, the planner put a gating step above every scan.
     */
    readonly heldByDatabase = false,
  ) {}

  /** The rows of this school (alive unless `deleted`) in `table`: for queries built by hand. */
  school(table: SchoolRows, options: { deleted?: boolean } = {}): SQL {
    const live = !options.deleted && table.delFlag ? alive(table as { delFlag: PgColumn }) : undefined;
    // Always a condition (`true` when the policy alone holds a table without deleted rows): raw
    // statements write it into their `where`. A table with shared rows (no school) keeps the
    // school's condition: its policy lets every school read those.
    const byPolicy = this.heldByDatabase && table.tenantId.notNull;
    return and(scopeProof.filtersOff || byPolicy ? undefined : eq(table.tenantId, this.tenantId), live) ?? sql`true`;
  }

  /**
   * The school of a raw statement's table alias (`from fin_txn t where ${work.alias('t')} and …`):
   * for statements drizzle cannot build (window functions over a join, a CTE read twice); `live`: not deleted either.
   */
  alias(name: string, options: { live?: boolean } = {}): SQL {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not an alias: ${name}`);
    const alive = options.live ? sql.raw(` and ${name}.del_flag = 0`) : sql``;
    return scopeProof.filtersOff ? sql`true${alive}` : sql`${sql.raw(name)}.tenant_id = ${this.tenantId}${alive}`;
  }

  /** The school's live rows of `table` matching `where`. */
  async rows<T extends SchoolRows>(table: T, where?: SQL, options: { deleted?: boolean; orderBy?: SQL | PgColumn; limit?: number } = {}): Promise<RowOf<T>[]> {
    const query = this.tx
      .select()
      .from(table as PgTable)
      .where(and(this.school(table, options), where))
      .$dynamic();
    if (options.orderBy) query.orderBy(options.orderBy);
    if (options.limit) query.limit(options.limit);
    return (await query) as RowOf<T>[];
  }

  /** One live row of the school by id, or undefined. */
  async one<T extends SchoolTable>(table: T, id: string | number): Promise<RowOf<T> | undefined> {
    return (await this.rows(table, eq(table.id, id), { limit: 1 }))[0];
  }

  /** How many of the school's live rows match. */
  async count(table: SchoolRows, where?: SQL): Promise<number> {
    const [row] = await this.tx
      .select({ count: sql<number>`count(*)::int` })
      .from(table as PgTable)
      .where(and(this.school(table), where));
    return Number(row?.count ?? 0);
  }

  /** Locks rows of the school for this transaction, in id order (two lockers never wait in a circle). */
  async lock<T extends SchoolTable>(table: T, ids: string | number | readonly (string | number)[]): Promise<RowOf<T>[]> {
    const list = Array.isArray(ids) ? [...ids] : [ids as string | number];
    if (!list.length) return [];
    return (await this.tx
      .select()
      .from(table as PgTable)
      .where(and(this.school(table), inArray(table.id, list)))
      .orderBy(asc(table.id))
      .for('update')) as RowOf<T>[];
  }

  /** Adds rows to the school, stamped with who and when. */
  async insert<T extends SchoolRows>(table: T, rows: NewRowOf<T> | readonly NewRowOf<T>[]): Promise<RowOf<T>[]> {
    const list = (Array.isArray(rows) ? rows : [rows]) as Record<string, unknown>[];
    if (!list.length) return [];
    const columns = columnsOf(table);
    // 创建时间 from the server's clock, not the database's: the sample school's weeks are simulated on it.
    const createdAt = columns.createdAt ? new Date() : undefined;
    const stamped = list.map((row) => ({ ...(createdAt ? { createdAt } : {}), ...row, tenantId: this.tenantId, ...(columns.createBy ? { createBy: this.username } : {}) }));
    return (await this.tx
      .insert(table as PgTable)
      .values(stamped as never)
      .returning()) as RowOf<T>[];
  }

  /** Changes the school's live rows matching `where`, stamped with who and when; answers the rows as they now are. */
  async update<T extends SchoolRows>(table: T, change: ChangeOf<T>, where: SQL | undefined): Promise<RowOf<T>[]> {
    const columns = columnsOf(table);
    const stamped = { ...change, ...(columns.updateBy ? { updateBy: this.username } : {}), ...(columns.updatedAt ? { updatedAt: new Date() } : {}) };
    return (await this.tx
      .update(table as PgTable)
      .set(stamped as never)
      .where(and(this.school(table), where))
      .returning()) as RowOf<T>[];
  }

  /** Removes the school's live rows matching `where`: marked deleted where the table keeps them, else gone. Answers how many. */
  async remove(table: SchoolRows, where: SQL | undefined): Promise<number> {
    if (table.delFlag) return (await this.update(table, { delFlag: 1 } as never, where)).length;
    const gone = await this.tx
      .delete(table as PgTable)
      .where(and(this.school(table), where))
      .returning({ school: table.tenantId });
    return gone.length;
  }

  /** Writes history lines of this school, by this worker, in this transaction. */
  async history(lines: readonly HistoryLine[]): Promise<void> {
    if (!lines.length) return;
    await this.tx.insert(recordHistory).values(
      lines.map((line) => ({
        ...line,
        tenantId: this.tenantId,
        operator: this.username,
        fromState: line.fromState ?? null,
        toState: line.toState ?? null,
        inputs: line.inputs ?? null,
        changes: line.changes ?? null,
        note: line.note ?? null,
      })),
    );
  }

  /** Queues an effect for after the commit (it commits or rolls back with this work); answers its outbox id. */
  async later(intent: Intent): Promise<number> {
    const [row] = await this.tx.insert(outbox).values({ tenantId: this.tenantId, kind: intent.kind, payload: intent.payload, createBy: this.username }).returning({ id: outbox.id });
    return row!.id;
  }
}

/**
 * Opens a transaction bound to one school, for a request, a job or an effect. On PostgreSQL it runs
 * on a school connection already told the school (client.ts, SchoolConnections): the scope costs
 * no statement of its own; on PGlite's one connection the transaction is told its school first.
 */
export async function inSchool<T>(db: Database, worker: Worker, run: (work: Work) => Promise<T>, options: SchoolTransaction = {}): Promise<T> {
  const config = options.isolationLevel || options.readOnly ? { isolationLevel: options.isolationLevel, accessMode: options.readOnly ? ('read only' as const) : ('read write' as const) } : undefined;
  if (scopeCost.off) return db.transaction(async (tx) => run(new Work(tx, worker.tenantId, worker.username)), config);
  const schools = schoolConnections.get(db);
  if (schools) return schools.with(worker.tenantId, (school) => school.transaction(async (tx) => run(new Work(tx, worker.tenantId, worker.username, schools.enforced)), config));
  return db.transaction(async (tx) => run(await schoolWork(tx, worker)), config);
}

/**
 * A school's unit of work of one statement that is its own transaction (a terminal's payment:
 * fin_consume): on PostgreSQL on a school connection, held by the row policies, with no `BEGIN`
 * of its own; on PGlite's one connection as the platform, the statement naming its school itself.
 */
export async function schoolStatement<T>(db: Database, worker: Worker, run: (db: Database) => Promise<T>): Promise<T> {
  const schools = scopeCost.off ? undefined : schoolConnections.get(db);
  return schools ? schools.with(worker.tenantId, run) : run(db);
}

/**
 * A school's unit of work in a platform transaction: the school held by the unit of work's own
 * conditions, not by the row policies. For bulk reads the policies make far slower — a range over
 * a text key (`t.id >= …`) cannot pass below a policy, as text comparison is not leakproof, so the
 * day close took 163 s under the policies and 0.8 s without. An escape, named and counted.
 */
export async function schoolByConditions<T>(db: Database, worker: Worker, why: string, run: (work: Work) => Promise<T>, options: SchoolTransaction = {}): Promise<T> {
  const mode = options.readOnly ? 'read only' : 'read write';
  return unscoped(db, why).transaction(async (tx) => run(new Work(tx, worker.tenantId, worker.username)), { isolationLevel: options.isolationLevel, accessMode: mode });
}

/** How a school's transaction reads: one snapshot for a report (`repeatable read`), and nothing written. */
export interface SchoolTransaction {
  isolationLevel?: 'read committed' | 'repeatable read' | 'serializable';
  readOnly?: boolean;
}

/**
 * A school's reads outside a transaction (a list, a lookup): on PostgreSQL each statement runs on a
 * school connection, so the policies hold it as they hold a transaction; on PGlite's one connection
 * only the unit of work's own conditions hold it.
 */
export function schoolReads(db: Database, worker: Worker): Work {
  const schools = scopeCost.off ? undefined : schoolConnections.get(db);
  return schools ? new Work(schools.reads(worker.tenantId), worker.tenantId, worker.username, schools.enforced) : new Work(db, worker.tenantId, worker.username);
}

/** Binds a transaction already open (the engine's flow actions, a ledger posting) to one school. */
export async function schoolWork(tx: Executor, worker: Worker): Promise<Work> {
  await tx.execute(schoolSettings(worker.tenantId));
  return new Work(tx, worker.tenantId, worker.username);
}

/** Why each use of the raw handle crosses schools, counted (ARCHITECTURE.md lists them). */
const escapes = new Map<string, number>();

/**
 * The one escape from the school: platform screens, migrations and seed, cross-school jobs. Named
 * with its reason so every use is greppable and listed; its statements run as platform work.
 */
export function unscoped(db: Database, why: string): Database {
  escapes.set(why, (escapes.get(why) ?? 0) + 1);
  return db;
}

/** The escapes taken since start, by reason (for the monitor and tests). */
export const unscopedUses = (): ReadonlyMap<string, number> => escapes;
