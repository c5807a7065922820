import { sql } from 'drizzle-orm';

/**
 * The database's own guard of the school (ARCHITECTURE.md, "Data access"): every table with a
 * `tenant_id` column gets row-level security, generated from the catalogue after every migration
 * so a table a migration adds cannot be missed.
 *
 * Two roles: `ccu_app` owns the tables and is held by the policies (FORCE): a row is visible and
 * writable only when it is of the school the transaction named (`app.tenant_id`); rows of no
 * school (a shared permission) are read by every school and written by none. `ccu_platform`
 * (BYPASSRLS) is the explicit marker of platform work — the connection's role until a unit of
 * work switches its transaction to `ccu_app` and names the school. Platform work costs nothing
 * (no policy is applied to it) and a school's queries get one indexable condition.
 */

/** The role a school's unit of work runs as: the policies hold it. */
export const APP_ROLE = 'ccu_app';
/** The role of platform work (and of code not yet in a unit of work): crosses schools, named. */
export const PLATFORM_ROLE = 'ccu_platform';

// In a sub-select: evaluated once per statement (an InitPlan), not once per row.
const SCHOOL = `(select nullif(current_setting('app.tenant_id', true), '')::integer)`;

/** What a statement needs of its runner: one SQL text at a time. */
export type RunStatement = (text: string) => Promise<{ rows: unknown[] }>;

/** A school table as the catalogue lists it. */
export interface SchoolTable {
  name: string;
  /** Its school column may be empty: rows shared by every school. */
  shared: boolean;
}

/** Every table (partitioned parents included, their partitions governed by the parent) with a school column. */
export async function schoolTables(run: RunStatement): Promise<SchoolTable[]> {
  const { rows } = await run(`
    select c.relname as name, not a.attnotnull as shared
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
     order by c.relname`);
  return rows as SchoolTable[];
}

/**
 * Creates the two roles once per cluster when the connecting role may (a superuser): answers
 * whether the database enforces the school. A role that may not create them leaves the guard to
 * the application's own scope (ARCHITECTURE.md says how to give it the roles).
 */
export async function prepareRoles(run: RunStatement): Promise<boolean> {
  const { rows } = await run(`select rolsuper as superuser from pg_roles where rolname = current_user`);
  if (!(rows[0] as { superuser?: boolean } | undefined)?.superuser) {
    const { rows: existing } = await run(`select count(*)::int as n from pg_roles where rolname in ('${APP_ROLE}', '${PLATFORM_ROLE}') and pg_has_role(current_user, rolname, 'member')`);
    return (existing[0] as { n: number }).n === 2;
  }
  // Two databases of one cluster (the tests') may race to create them.
  await run(`do $$ begin
    if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then create role ${APP_ROLE} nologin nosuperuser nobypassrls; end if;
    if not exists (select 1 from pg_roles where rolname = '${PLATFORM_ROLE}') then create role ${PLATFORM_ROLE} nologin nosuperuser bypassrls; end if;
  exception when duplicate_object or unique_violation then null;
  end $$`);
  await run(`grant ${APP_ROLE} to ${PLATFORM_ROLE}`).catch(() => undefined);
  return true;
}

/**
 * After the migrations: `ccu_app` owns every table (it makes partitions and form indexes at run
 * time), `ccu_platform` may do anything with them, and every school table has its policies.
 */
export async function secureSchools(run: RunStatement): Promise<SchoolTable[]> {
  const tables = await schoolTables(run);
  for (const role of [APP_ROLE, PLATFORM_ROLE]) await run(`grant usage, create on schema public to ${role}`);
  const { rows } = await run(`
    select c.relname as name, c.relkind as kind
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm') and pg_get_userbyid(c.relowner) <> '${APP_ROLE}'`);
  for (const { name, kind } of rows as { name: string; kind: string }[]) {
    await run(`alter ${kind === 'v' ? 'view' : kind === 'm' ? 'materialized view' : 'table'} "${name}" owner to ${APP_ROLE}`);
  }
  // A view reads its tables as whoever reads it: the platform everything, a school its own rows
  // (as its owner it would read nothing — the owner is held by the policies).
  const { rows: views } = await run(`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'v' and not coalesce(c.reloptions @> array['security_invoker=true'], false)`);
  for (const { name } of views as { name: string }[]) await run(`alter view "${name}" set (security_invoker = true)`);
  // The platform reads which migrations are applied (a backup's level, 系统信息).
  await run(`grant usage on schema drizzle to ${PLATFORM_ROLE}`);
  await run(`grant select on all tables in schema drizzle to ${PLATFORM_ROLE}`);
  for (const role of [APP_ROLE, PLATFORM_ROLE]) {
    await run(`grant all on all tables in schema public to ${role}`);
    await run(`grant usage, select, update on all sequences in schema public to ${role}`);
    await run(`grant execute on all functions in schema public to ${role}`);
  }
  for (const { name, shared } of tables) {
    const own = `tenant_id = ${SCHOOL}`;
    await run(`alter table "${name}" enable row level security`);
    await run(`alter table "${name}" force row level security`);
    await run(`drop policy if exists school_rows on "${name}"`);
    await run(`create policy school_rows on "${name}" using (${own}) with check (${own})`);
    await run(`drop policy if exists shared_rows on "${name}"`);
    if (shared) await run(`create policy shared_rows on "${name}" for select using (tenant_id is null)`);
  }
  return tables;
}

/**
 * The statement a school's transaction begins with, for this transaction only: its school, and
 * the policies' role when the connection works as the platform's (where the database enforces).
 */
export const schoolSettings = (tenantId: number) =>
  sql`select set_config('role', case when current_user = ${PLATFORM_ROLE} then ${APP_ROLE} else current_user::text end, true), set_config('app.tenant_id', ${String(tenantId)}, true)`;
