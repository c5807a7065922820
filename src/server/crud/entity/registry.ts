/**
 * The entities registered on the engine so far, and what their routes ask of each other: a
 * reference's picker, a delete's check of who refers to a record, a declared column by name.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { entityCodes } from '@shared/engine/derive';
import { actionState } from '@shared/permissions';
import type { EntitySpec } from '@shared/engine/spec';
import { scopeProof } from '../../db/work';
import type { AuthContext } from '../../http/auth';
import type { EntityTable } from '../registerEntity';

interface Registered {
  spec: EntitySpec;
  table: EntityTable;
  /** The rows the entity is, when it is a slice of its table (水费 and 电费 share one). */
  scope?: () => SQL;
}
/** Entities registered so far, by id: references and delete checks look each other up. */
const registry = new Map<string, Registered>();

/** Registers an entity's declaration and table (before its routes). */
export function register(spec: EntitySpec, table: EntityTable, scope?: () => SQL): void {
  registry.set(spec.id, { spec, table, ...(scope ? { scope } : {}) });
}

/**
 * The column of a declared field (or of one of `also`) by the name a client sends — JeecgBoot's
 * snake_case or the API's camelCase — or null: a name is looked up, never put into SQL.
 */
export function declaredColumn(spec: EntitySpec, table: EntityTable, name: string, options: { also?: readonly string[]; restricted?: boolean } = {}): PgColumn | null {
  const key = name.trim().replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  const declared = options.also?.includes(key) || spec.fields.some((field) => field.key === key && (options.restricted || !field.restricted));
  return declared ? ((table as unknown as Record<string, PgColumn | undefined>)[key] ?? null) : null;
}

/** The live rows of an entity a school sees: its own (or all, when shared), not deleted. */
export function liveRows(spec: EntitySpec, table: EntityTable, tenantId: number): SQL | undefined {
  return and(spec.tenantScoped && table.tenantId && !scopeProof.filtersOff ? eq(table.tenantId, tenantId) : undefined, table.delFlag ? eq(table.delFlag, 0) : undefined);
}

/**
 * Who may pick records of an entity (a reference's picker or select, JeecgBoot's table
 * dictionary): whoever may open its screen or a screen whose records reference it — the canteen
 * office picks members for its 白名单 without reading 人员管理.
 */
export function mayPick(spec: EntitySpec, caller: AuthContext): boolean {
  const readers = [spec, ...[...registry.values()].filter(({ spec: other }) => other.fields.some((field) => field.type === 'ref' && field.ref === spec.id)).map((other) => other.spec)];
  return readers.some((reader) => actionState(entityCodes(reader).read, caller) === 'shown');
}

/** Every registered entity with its table (for the uniqueness check and named routes). */
export function registeredEntities(): Registered[] {
  return [...registry.values()];
}

/** The registered declaration and table of an entity (for named routes beside the generic ones). */
export function registeredEntity(id: string): Registered | undefined {
  return registry.get(id);
}
