import { getTableName, getViewName, isTable, sql, type View } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { unscoped } from '../db/work';
import type { WriteRecord } from '../db/writes';
import { entityTables } from './entities';

/**
 * Which lists a request changed, from the tables it wrote (db/writes.ts): every entity on a
 * written table (its own, its details', or a table below its view), every entity that declares it
 * shows one of those (`EntitySpec.alsoShows`), and the platform's own lists below.
 */

/** The platform's screens that are not on the engine, by the tables they list. */
const PLATFORM_LISTS: Readonly<Record<string, readonly string[]>> = {
  users: ['users'],
  user_roles: ['users', 'roles'],
  user_departments: ['users', 'departments'],
  department_role_users: ['users', 'departments'],
  roles: ['roles'],
  role_permissions: ['roles', 'permissions'],
  permissions: ['permissions'],
  permission_data_rules: ['permissions'],
  departments: ['departments'],
  department_roles: ['departments', 'roles'],
  department_permissions: ['departments', 'permissions'],
  department_role_permissions: ['departments', 'permissions'],
  tenants: ['schools'],
  stored_files: ['files'],
  sys_announcement: ['notices'],
  sys_announcement_send: ['notices'],
};

/** Each view and the tables it reads, through views below it too (PostgreSQL's own dependencies). */
async function viewBases(db: Database): Promise<Map<string, Set<string>>> {
  const rows = await rowsOf<{ view: string; base: string }>(
    unscoped(db, 'the catalogue: which tables each view reads'),
    sql`select distinct v.relname as view, t.relname as base
          from pg_rewrite r
          join pg_class v on v.oid = r.ev_class
          join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass
          join pg_class t on t.oid = d.refobjid
         where v.relkind in ('v', 'm') and t.oid <> v.oid and t.relkind in ('r', 'p', 'v', 'm')`,
  );
  const direct = new Map<string, string[]>();
  for (const { view, base } of rows) direct.set(view, [...(direct.get(view) ?? []), base]);
  const closed = new Map<string, Set<string>>();
  const close = (view: string, seen: Set<string>): Set<string> => {
    for (const base of direct.get(view) ?? [])
      if (!seen.has(base)) {
        seen.add(base);
        close(base, seen);
      }
    return seen;
  };
  for (const view of direct.keys()) closed.set(view, close(view, new Set()));
  return closed;
}

/** Answers, for a request's writes, the kinds of data whose lists reload (`meals.canteen`, `users`). */
export function changedEntities(db: Database): (record: WriteRecord) => Promise<string[]> {
  let byTable: Promise<{ lists: Map<string, Set<string>>; shownBy: Map<string, string[]> }> | undefined;
  const build = async () => {
    const bases = await viewBases(db);
    const lists = new Map<string, Set<string>>(Object.entries(PLATFORM_LISTS).map(([table, kinds]) => [table, new Set(kinds)]));
    const add = (table: string, kind: string) => lists.set(table, (lists.get(table) ?? new Set()).add(kind));
    const shownBy = new Map<string, string[]>();
    for (const [spec, table, , details] of entityTables()) {
      const name = isTable(table) ? getTableName(table) : getViewName(table as unknown as View);
      for (const written of [name, ...(bases.get(name) ?? [])]) add(written, spec.id);
      for (const detail of Object.values(details ?? {})) add(getTableName(detail), spec.id);
      for (const shown of spec.alsoShows ?? []) shownBy.set(shown, [...(shownBy.get(shown) ?? []), spec.id]);
    }
    return { lists, shownBy };
  };
  return async (record) => {
    if (!record.tables.size && !record.kinds.size) return [];
    const { lists, shownBy } = await (byTable ??= build().catch((error: unknown) => {
      byTable = undefined;
      throw error;
    }));
    const kinds = new Set(record.kinds);
    for (const table of record.tables) for (const kind of lists.get(table) ?? []) kinds.add(kind);
    for (const kind of [...kinds]) for (const showing of shownBy.get(kind) ?? []) kinds.add(showing);
    return [...kinds].sort();
  };
}
