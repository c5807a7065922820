import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { writeLogger } from './writes';
import { APP_ROLE, PLATFORM_ROLE, prepareRoles, secureSchools, type RunStatement } from './schoolSecurity';

/** One type for both drivers: every query is written once, in the PostgreSQL dialect. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The connections a school's units of work take on PostgreSQL, beside the platform's pool: they
 * log in as the role the row policies hold (`ccu_app`) and keep the school they last worked for as
 * a session setting, so a unit of work for the same school costs no statement of its own — only
 * one when the connection changes school. Never used for platform work.
 */
export class SchoolConnections {
  /** Per school, a handle whose every statement takes a school connection of its own (schoolReads). */
  private readonly statements = new Map<number, Database>();

  constructor(
    private readonly pool: pg.Pool,
    /** Whether its connections are held by the row policies (the roles exist): else only the unit of work's conditions hold them. */
    readonly enforced: boolean,
  ) {}

  /** Runs `work` on a connection told this school, then hands the connection back. */
  async with<T>(tenantId: number, work: (db: Database) => Promise<T>): Promise<T> {
    return this.withClient(tenantId, (client) => work((client.db ??= drizzlePg(client, { schema, logger: writeLogger }) as unknown as Database)));
  }

  /**
   * A handle for reads outside a transaction, held by the policies all the same: each statement
   * takes a school connection, as the platform's pool does for its own. It opens no transaction.
   */
  reads(tenantId: number): Database {
    let db = this.statements.get(tenantId);
    if (!db) {
      // drizzle asks only `query` of its client (node-postgres session.js).
      db = drizzlePg(new SchoolStatements(this, tenantId) as unknown as pg.Client, { schema, logger: writeLogger }) as unknown as Database;
      this.statements.set(tenantId, db);
    }
    return db;
  }

  async withClient<T>(tenantId: number, work: (client: SchoolClient) => Promise<T>): Promise<T> {
    if (!Number.isSafeInteger(tenantId)) throw new Error(`not a school: ${tenantId}`);
    const client = (await this.pool.connect()) as SchoolClient;
    try {
      if (client.school !== tenantId) {
        // Outside any transaction: the setting holds for the session, until the next school.
        client.school = undefined;
        await client.query(`select set_config('app.tenant_id', '${tenantId}', false)`);
        client.school = tenantId;
      }
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    try {
      return await work(client);
    } finally {
      // A connection that broke on the way is closed by the pool, not reused.
      client.release();
    }
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

type SchoolClient = pg.PoolClient & { school?: number; db?: Database };

/** What drizzle asks of its client, one statement at a time on a school connection. Not a pool: it has no transactions. */
class SchoolStatements {
  constructor(
    private readonly schools: SchoolConnections,
    private readonly tenantId: number,
  ) {}

  query(query: string | { text: string }, values?: unknown[]): Promise<pg.QueryResult> {
    const text = typeof query === 'string' ? query : query.text;
    if (/^\s*(begin|start\s+transaction)\b/i.test(text)) throw new Error('a school read opens no transaction: use inSchool');
    return this.schools.withClient(this.tenantId, (client) => client.query(query as pg.QueryConfig, values));
  }
}

/** The school connections of a database reached over the wire (PostgreSQL); PGlite has one connection, told per transaction. */
export const schoolConnections = new WeakMap<Database, SchoolConnections>();

/** A transaction handle, accepted wherever a Database is. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite's whole data directory as one file (a seeded database made once, loaded many times; a backup, gzip'd). */
  dump?(compression?: 'gzip'): Promise<Blob>;
  /** One statement as the connection's role, outside any school (the operations' commands: the migration level, counts). */
  run: RunStatement;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** `load`: a PGlite (in memory, or a new folder) starts from a dump (`DatabaseHandle.dump`) instead of empty. */
export type DatabaseTarget = { databaseUrl: string } | { pgliteDir: string; load?: Blob } | { inMemory: true; load?: Blob };

/**
 * Opens PostgreSQL when given a URL, else PGlite in a folder (or in memory, for tests).
 * `onConnectionLost` hears of an idle pooled connection the server dropped (a restart, an
 * administrator's terminate): the pool replaces it, and without a listener the process would die.
 */
export async function openDatabase(target: DatabaseTarget, onConnectionLost: (message: string) => void = (message) => console.warn(message)): Promise<DatabaseHandle> {
  if ('databaseUrl' in target) {
    // Migrations and the policies run as the role of the URL; the application works as the
    // platform's role until a unit of work names its school (schoolSecurity.ts).
    const owner = new pg.Client({ connectionString: target.databaseUrl });
    await owner.connect();
    const runOwner: RunStatement = (text) => owner.query(text);
    const enforced = await prepareRoles(runOwner).finally(() => owner.end());
    // No JIT: it compiles a plan costed over its threshold (a statement's sums over a few thousand
    // lines) for 10–20 ms, more than such a read takes; the console's statements are all short.
    const optionsAs = (role: string) => `-c jit=off${enforced ? ` -c role=${role}` : ''}`;
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10, options: optionsAs(PLATFORM_ROLE) });
    const schoolPool = new pg.Pool({ connectionString: target.databaseUrl, max: 10, options: optionsAs(APP_ROLE) });
    let closing = false;
    for (const one of [pool, schoolPool]) {
      one.on('error', (error) => {
        // Connections still closing after close() may be cut by whoever drops the database.
        if (!closing) onConnectionLost(`PostgreSQL connection lost (the pool opens another): ${error.message}`);
      });
      // A connection cut while lent out (in a transaction, a request's statement) emits 'error'
      // too, and the pool listens only to the idle ones: without this the process would end. Its
      // statement fails on its own (a 503), and the pool drops the connection when it comes back.
      one.on('connect', (client) => client.on('error', () => undefined));
    }
    // Fail at start, with the driver's reason, rather than at the first request.
    const probe = await pool.connect();
    probe.release();
    const db = drizzlePg(pool, { schema, logger: writeLogger }) as unknown as Database;
    const schools = new SchoolConnections(schoolPool, enforced);
    schoolConnections.set(db, schools);
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        const client = new pg.Client({ connectionString: target.databaseUrl });
        await client.connect();
        try {
          await migratePg(drizzlePg(client), { migrationsFolder });
          if (enforced) await secureSchools((text) => client.query(text));
        } finally {
          await client.end();
        }
      },
      run: (text) => pool.query(text),
      close: async () => {
        closing = true;
        await Promise.all([pool.end(), schools.end()]);
      },
    };
  }
  let client: PGlite;
  if ('pgliteDir' in target) {
    fs.mkdirSync(target.pgliteDir, { recursive: true });
    client = target.load ? await PGlite.create(target.pgliteDir, { loadDataDir: target.load }) : await PGlite.create(target.pgliteDir);
  } else {
    client = target.load ? await PGlite.create({ loadDataDir: target.load }) : await PGlite.create();
  }
  const db = drizzlePglite(client, { schema, logger: writeLogger }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      // One connection: migrate as its owner, then work as the application's role from here on.
      await client.exec(`reset role`);
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await prepareRoles((text) => client.query(text));
      await secureSchools((text) => client.query(text));
      await client.exec(`set role ${PLATFORM_ROLE}`);
    },
    close: () => client.close(),
    dump: (compression) => client.dumpDataDir(compression ?? 'none'),
    run: (text) => client.query(text),
  };
}
