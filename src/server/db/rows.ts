import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * The rows of a hand-written statement, on either driver. For hot paths where building a query
 * with drizzle's builders costs more than running it; columns come back as PostgreSQL names them
 * (bigint as text on node-postgres: cast in SQL or read with Number).
 */
export async function rowsOf<T>(executor: Executor, statement: SQL): Promise<T[]> {
  const result = (await executor.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
