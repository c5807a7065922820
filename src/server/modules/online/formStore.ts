import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { EntitySpec, FieldSpec } from '@shared/engine/spec';
import { FIELD_KEY, onlineViewName } from '@shared/online/formSpec';
import type { EntityTable } from '../../crud/registerEntity';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { badRequest } from '../../http/envelope';

/**
 * The JSONB record store seen as one form's table: a view over onl_record with a column per field
 * (its value read as the field's type, null when a stored value is not one), written through the
 * INSTEAD OF trigger onl_record_write (migration 0081), and expression indexes on the fields the
 * form searches and keeps unique. Every name put into DDL is checked first: a view name of
 * letters and digits, field keys of FIELD_KEY, the form's id of letters and digits.
 */

const SAFE_ID = /^[a-zA-Z0-9]{1,64}$/;

function checked(formId: string, spec: EntitySpec) {
  if (!SAFE_ID.test(formId)) throw new Error(`unsafe online form id ${formId}`);
  for (const field of spec.fields) if (!FIELD_KEY.test(field.key)) throw new Error(`unsafe online field key ${field.key}`);
}

/** The column expression of a field over the record's data. */
function readOf(field: FieldSpec): string {
  const raw = `r."data"->>'${field.key}'`;
  switch (field.type) {
    case 'number':
      return `onl_to_float(${raw})`;
    case 'money':
    case 'quantity':
      return `onl_to_bigint(${raw})`;
    case 'datetime':
      return `onl_to_time(${raw})`;
    case 'switch':
      return `onl_to_bool(${raw})`;
    default:
      return raw;
  }
}

/** Index names of a form: its id's first twelve characters and the field (within PostgreSQL's 63). */
const indexName = (kind: 'i' | 'u', formId: string, key: string) => `onl_${kind}_${formId.slice(0, 12).toLowerCase()}_${key.toLowerCase()}`;

/**
 * (Re)creates a form's view, its trigger and its indexes in the caller's transaction. A field made
 * unique over records that already repeat it is refused (nothing is changed).
 */
export async function ensureFormStore(tx: Executor, formId: string, spec: EntitySpec): Promise<void> {
  checked(formId, spec);
  // The view reads onl_record as its reader does: the school its own records (row-level security).
  const view = onlineViewName(formId);
  const columns = spec.fields.map((field) => `${readOf(field)} AS "${field.key}"`);
  await tx.execute(sql.raw(`DROP VIEW IF EXISTS "${view}"`));
  await tx.execute(
    sql.raw(
      `CREATE VIEW "${view}" WITH (security_invoker = true) AS SELECT r."id", r."tenant_id", r."sys_org_code", r."create_by", r."create_time", r."update_by", r."update_time", r."del_flag"${columns.length ? `, ${columns.join(', ')}` : ''} FROM "onl_record" r WHERE r."form_id" = '${formId}'`,
    ),
  );
  await tx.execute(sql.raw(`CREATE TRIGGER "${view}_write" INSTEAD OF INSERT OR UPDATE OR DELETE ON "${view}" FOR EACH ROW EXECUTE FUNCTION onl_record_write('${formId}')`));
  // The form's indexes as its fields now ask: the old ones dropped, the wanted ones made.
  const prefix = `onl_%_${formId.slice(0, 12).toLowerCase()}_%`;
  const existing = (await tx.execute(sql`SELECT indexname FROM pg_indexes WHERE tablename = 'onl_record' AND indexname LIKE ${prefix}`)) as unknown as { rows: { indexname: string }[] };
  for (const { indexname } of existing.rows) if (/^onl_[iu]_[a-z0-9]+_[a-z0-9]+$/.test(indexname)) await tx.execute(sql.raw(`DROP INDEX IF EXISTS "${indexname}"`));
  for (const field of spec.fields.filter((candidate) => candidate.query && !candidate.unique))
    await tx.execute(sql.raw(`CREATE INDEX "${indexName('i', formId, field.key)}" ON "onl_record" ("tenant_id", (${readOf(field).replaceAll('r."data"', '"data"')})) WHERE "form_id" = '${formId}'`));
  for (const field of spec.fields.filter((candidate) => candidate.unique)) {
    try {
      await tx.execute(sql.raw(`CREATE UNIQUE INDEX "${indexName('u', formId, field.key)}" ON "onl_record" ("tenant_id", ("data"->>'${field.key}')) WHERE "form_id" = '${formId}' AND "del_flag" = 0`));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw badRequest(`字段「${field.title['zh-CN']}」已有重复的值，不能设为唯一`, `"${field.title.en}" already repeats in the records: it cannot be unique`);
    }
  }
}

/** A form's view as the engine's table: the audit columns and a column per field, by its type. */
export function formTable(formId: string, spec: EntitySpec): EntityTable {
  checked(formId, spec);
  const columns = Object.fromEntries(
    spec.fields.map((field) => {
      switch (field.type) {
        case 'number':
          return [field.key, doublePrecision(field.key)];
        case 'money':
        case 'quantity':
          return [field.key, bigint(field.key, { mode: 'number' })];
        case 'datetime':
          return [field.key, timestamp(field.key, { withTimezone: true, mode: 'date' })];
        case 'switch':
          return [field.key, boolean(field.key)];
        default:
          return [field.key, text(field.key)];
      }
    }),
  );
  return pgTable(onlineViewName(formId), {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    sysOrgCode: text('sys_org_code'),
    createBy: text('create_by'),
    createdAt: timestamp('create_time', { withTimezone: true, mode: 'date' }),
    updateBy: text('update_by'),
    updatedAt: timestamp('update_time', { withTimezone: true, mode: 'date' }),
    delFlag: integer('del_flag'),
    ...columns,
  }) as unknown as EntityTable;
}
