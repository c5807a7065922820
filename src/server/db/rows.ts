import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from './client';
import { recordStatement } from './writes';

/**
 * The rows of a hand-written statement, on either driver. For hot paths where building a query
 * with drizzle's builders costs more than running it; columns come back as PostgreSQL names them
 * (bigint as text on node-postgres: cast in SQL or read with Number).
 */
export async function rowsOf<T>(executor: Executor, statement: SQL): Promise<T[]> {
  const result = (await executor.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** What both drivers' own clients answer a parameterised query with. */
interface RawClient {
  query(query: { name: string; text: string; values: unknown[] } | string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The rows of one hot statement run as a named prepared statement on PostgreSQL (parsed and
 * planned once per connection, not per call) and as a plain parameterised query on PGlite.
 * `text` uses $1…$n; it must be a constant (its name identifies it on every connection).
 */
export async function preparedRows<T>(db: Executor, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client?: RawClient & { constructor: { name: string } } }).$client;
  if (!client) throw new Error('preparedRows needs the database handle, not a transaction');
  // node-postgres (a pool, or one connection of a school's) prepares by name; PGlite by text.
  recordStatement(text);
  const overTheWire = client instanceof pg.Pool || client instanceof pg.Client;
  const result = overTheWire ? await client.query({ name, text, values }) : await client.query(text, values);
  return result.rows as T[];
}
