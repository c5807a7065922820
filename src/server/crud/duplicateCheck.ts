import type { FastifyInstance } from 'fastify';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { entityCodes } from '@shared/engine/derive';
import { actionState } from '@shared/permissions';
import type { AppContext } from '../context';
import { departmentRoles, permissions, roles, users } from '../db/schema';
import { authOf, type AuthContext } from '../http/auth';
import { hiddenColumnsOf } from '../http/columns';
import { badRequest, forbidden, ok } from '../http/envelope';
import { parseInput } from '../http/validate';
import { registeredEntities } from './entity/registry';

/** A field whose values must be unique, as JeecgBoot's client names it (table and column). */
interface UniquePair {
  table: string;
  /** The column's name, and the API field name when it differs. */
  fields: string[];
  source: PgTable;
  column: PgColumn;
  id: PgColumn;
  /** Who may ask: the screen that edits it. */
  permission: string;
  /** Rows of the caller's school only, and live rows only (null: every row counts). */
  tenant: PgColumn | null;
  live: SQL | null;
  /** A restricted data column (`user:col:phone`): no answer tells a hidden value. */
  hiddenAs?: { prefix: string; column: string };
}

/** JeecgBoot's table names for tables of ours named otherwise (its client sends its own). */
const FAMILY_TABLES: Readonly<Record<string, string>> = { sys_dict: 'dictionaries', sys_dict_item: 'dictionary_items' };

const checkQuery = z.object({
  tableName: z.string().trim().min(1).max(64),
  fieldName: z.string().trim().min(1).max(64),
  fieldVal: z.string().max(500).optional(),
  dataId: z.string().max(64).optional(),
});

/** The fixed pairs of the system screens, as JeecgBoot's own forms ask for them. */
function systemPairs(): UniquePair[] {
  const user = (fields: string[], column: PgColumn, perTenant: boolean, hidden?: string): UniquePair => ({
    table: 'sys_user',
    fields,
    source: users,
    column,
    id: users.id,
    permission: 'system:users',
    tenant: perTenant ? users.tenantId : null,
    live: null,
    ...(hidden ? { hiddenAs: { prefix: 'user:col:', column: hidden } } : {}),
  });
  return [
    // Usernames sign in without a school: unique across all of them, deleted ones included.
    user(['username'], users.username, false),
    user(['work_no', 'workNo'], users.workNo, true),
    user(['phone'], users.phone, true, 'phone'),
    user(['email'], users.email, true, 'email'),
    { table: 'sys_role', fields: ['role_code', 'roleCode'], source: roles, column: roles.roleCode, id: roles.id, permission: 'system:roles', tenant: roles.tenantId, live: null },
    // The family checks a department role's code table-wide; ours are unique per department, so
    // this answers for the school (stricter than the save, never looser).
    {
      table: 'sys_depart_role',
      fields: ['role_code', 'roleCode'],
      source: departmentRoles,
      column: departmentRoles.roleCode,
      id: departmentRoles.id,
      permission: 'depart:authorize',
      tenant: departmentRoles.tenantId,
      live: null,
    },
    {
      table: 'sys_permission',
      fields: ['perms'],
      source: permissions,
      column: permissions.perms,
      id: permissions.id,
      permission: 'system:permissions',
      tenant: null,
      live: eq(permissions.delFlag, 0),
    },
  ];
}

/**
 * Every declared entity's unique fields, by its table and column (or field) name. A detail's
 * values are unique within its master only, which the check's parameters cannot say: those are
 * checked when saved.
 */
function entityPairs(): UniquePair[] {
  return registeredEntities().flatMap(({ spec, table }) =>
    (spec.parent ? [] : spec.fields)
      .filter((field) => field.unique)
      .map((field) => {
        const column = (table as unknown as Record<string, PgColumn>)[field.key]!;
        return {
          table: getTableConfig(table).name,
          fields: [column.name, field.key],
          source: table,
          column,
          id: table.id,
          permission: entityCodes(spec).read,
          tenant: spec.tenantScoped && field.unique !== 'installation' ? (table.tenantId ?? null) : null,
          live: table.delFlag ? eq(table.delFlag, 0) : null,
          ...(field.restricted ? { hiddenAs: { prefix: entityCodes(spec).columnPrefix, column: field.key } } : {}),
        };
      }),
  );
}

/**
 * GET /sys/duplicate/check: is a value free? Only declared unique fields may be asked about (the
 * names are looked up, never put into SQL), only by someone who may open the screen that edits
 * them, and a hidden column always answers free.
 */
export function duplicateCheckRoutes(api: FastifyInstance, { db }: AppContext): void {
  api.get('/sys/duplicate/check', { config: { self: true } }, async (request) => {
    const caller: AuthContext = authOf(request);
    const query = parseInput(checkQuery, request.query);
    const tableName = FAMILY_TABLES[query.tableName] ?? query.tableName;
    const pair = [...systemPairs(), ...entityPairs()].find((candidate) => candidate.table === tableName && candidate.fields.includes(query.fieldName));
    if (!pair) throw badRequest(`不支持校验该字段（${query.tableName}.${query.fieldName}）`, `This field cannot be checked (${query.tableName}.${query.fieldName})`);
    if (actionState(pair.permission, caller) !== 'shown') throw forbidden();
    const value = query.fieldVal?.trim();
    const free = ok(true, '该值可用！');
    if (!value || (pair.hiddenAs && hiddenColumnsOf(caller, pair.hiddenAs.prefix).has(pair.hiddenAs.column))) return free;
    const [taken] = await db
      .select({ id: pair.id })
      .from(pair.source)
      .where(and(eq(pair.column, value), pair.tenant ? eq(pair.tenant, caller.tenantId) : undefined, pair.live ?? undefined, query.dataId ? ne(pair.id, query.dataId) : undefined))
      .limit(1);
    return taken ? { ...ok(false, '该值不可用，系统中已存在！'), success: false } : free;
  });
}
