/**
 * Report sources carry the data-column rules of the entity fields they read (M-N1): what each
 * source column reads is read off its query (modules/online/sources.ts), so a source that shows a
 * restricted field — a member's mobile — cannot forget the field's rule, and the rule is the
 * entity's own (`member:col:mobile`), never typed again in the source.
 */
import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { getTableConfig, getViewConfig, isPgView, PgDialect, type PgColumn, type PgTable, type PgView } from 'drizzle-orm/pg-core';
import { entityButtons, entityCodes } from '@shared/engine/derive';
import type { EntitySpec } from '@shared/engine/spec';
import { entityById } from '@shared/entities';
import { hiddenSourceColumns, reportSources, type ReportSource } from '@shared/online/reportSources';
import type { AuthEntry } from '@shared/permissions';
import { entityTables } from '@server/modules/entities';
import { sourceQuery } from '@server/modules/online/sources';
import { Work } from '@server/db/work';

/** An entity field as a table column holds it: `memb_member`.`mobile` → members.member's mobile. */
interface FieldRead {
  spec: EntitySpec;
  field: string;
}

/** Every declared field of every entity, by its table's name and its column's name. */
const FIELDS_BY_COLUMN = (() => {
  const out = new Map<string, FieldRead[]>();
  for (const [spec, table] of entityTables()) {
    const view = isPgView(table as never);
    const name = view ? getViewConfig(table as unknown as PgView).name : getTableConfig(table as PgTable).name;
    const columns = (view ? getViewConfig(table as unknown as PgView).selectedFields : getTableColumns(table as PgTable)) as Record<string, PgColumn>;
    for (const field of spec.fields) {
      const column = columns[field.key];
      if (field.joined || !column) continue;
      const key = `${name}.${column.name}`;
      out.set(key, [...(out.get(key) ?? []), { spec, field: field.key }]);
    }
  }
  return out;
})();

/** The text up to the first `FROM` outside parentheses (a select list), from `start`. */
function selectList(text: string, start: number): string {
  let depth = 0;
  for (let at = start; at < text.length; at += 1) {
    const char = text[at];
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (depth === 0 && /^FROM\b/i.test(text.slice(at, at + 5)) && /\s/.test(text[at - 1] ?? ' ')) return text.slice(start, at);
  }
  throw new Error('a select without FROM');
}

/** Splits on the commas outside parentheses. */
function items(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let at = 0; at < list.length; at += 1) {
    if (list[at] === '(') depth += 1;
    else if (list[at] === ')') depth -= 1;
    else if (list[at] === ',' && depth === 0) {
      out.push(list.slice(from, at));
      from = at + 1;
    }
  }
  return [...out, list.slice(from)].map((item) => item.trim());
}

/**
 * What each column of a source's query reads: its outer select list's items by their output
 * name, each with the entity fields its table columns are (a lateral subquery's alias stands for
 * the table it selects from). An alias the reading cannot place fails the test, so a new shape of
 * query is read, never skipped.
 */
function lineageOf(code: string): Map<string, FieldRead[]> {
  const text = new PgDialect().sqlToQuery(sourceQuery(code)!(new Work(null as never, 0, 'test'))).sql;
  const tables = new Map<string, string>();
  for (const [, table, alias] of text.matchAll(/\b(?:FROM|JOIN)\s+"(\w+)"\s+(\w+)/gi)) tables.set(alias!, table!);
  for (const [, table, alias] of text.matchAll(/\(\s*SELECT\b[\s\S]*?\bFROM\s+"(\w+)"[\s\S]*?\)\s+(\w+)\s+ON\b/gi)) tables.set(alias!, table!);
  const start = /\bSELECT\b/i.exec(text)!.index + 'SELECT'.length;
  const out = new Map<string, FieldRead[]>();
  for (const item of items(selectList(text, start))) {
    const references = [...item.matchAll(/\b(\w+)\."(\w+)"/g)];
    const named = /\bAS\s+"(\w+)"\s*$/i.exec(item)?.[1] ?? references.at(-1)?.[2];
    if (!named) throw new Error(`${code}: cannot name the select item ${item}`);
    const reads = references.flatMap(([, alias, column]) => {
      const table = tables.get(alias!);
      if (!table) throw new Error(`${code}: cannot place the alias ${alias} of ${item}`);
      return FIELDS_BY_COLUMN.get(`${table}.${column}`) ?? [];
    });
    out.set(named, reads);
  }
  return out;
}

const originKey = ({ entity, field }: { entity: string; field: string }) => `${entity}.${field}`;
const readKey = ({ spec, field }: FieldRead) => `${spec.id}.${field}`;
const ruleOf = ({ spec, field }: FieldRead) => ({ prefix: entityCodes(spec).columnPrefix, field });
const restricted = ({ spec, field }: FieldRead) => spec.fields.some((candidate) => candidate.key === field && candidate.restricted);

describe.each(reportSources().map((source) => [source.code, source] as const))('report source %s', (_code, source: ReportSource) => {
  const lineage = lineageOf(source.code);

  it('declares the columns its query selects, and the row id', () => {
    expect([...lineage.keys()].sort()).toEqual(['id', ...source.columns.map((column) => column.key)].sort());
  });

  it.each(source.columns.map((column) => [column.key, column] as const))('%s: declares the entity fields its query reads it from', (_key, column) => {
    expect(column.from.map(originKey).sort()).toEqual([...new Set(lineage.get(column.key)!.map(readKey))].sort());
  });

  it.each(source.columns.map((column) => [column.key, column] as const))('%s: carries the data-column rule of each restricted field it reads, and no other', (_key, column) => {
    const reads = column.from.map(({ entity, field }) => ({ spec: entityById(entity)!, field }));
    expect(column.rules).toEqual(reads.filter(restricted).map(ruleOf));
    // Each rule is a column button the entity's menu seed grants: a code that exists.
    for (const { spec, field } of reads.filter(restricted)) {
      expect(entityButtons(spec).map((button) => button.code)).toContain(`${entityCodes(spec).columnPrefix}${field}`);
    }
  });
});

describe('the sweep over every restricted entity field', () => {
  const restrictedFields = entityTables().flatMap(([spec]) => spec.fields.filter((field) => field.restricted && !field.joined).map((field) => ({ spec, field: field.key })));

  it('finds the restricted fields (a member’s mobile among them)', () => {
    expect(restrictedFields.map(readKey)).toContain('members.member.mobile');
  });

  it('no source selects a restricted field into a column that does not carry its rule', () => {
    const leaks: string[] = [];
    let shown = 0;
    for (const source of reportSources()) {
      for (const [key, reads] of lineageOf(source.code)) {
        for (const read of reads.filter(restricted)) {
          shown += 1;
          const column = source.columns.find((candidate) => candidate.key === key);
          if (!column?.rules.some((rule) => rule.prefix === ruleOf(read).prefix && rule.field === read.field)) leaks.push(`${source.code}.${key} ← ${readKey(read)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    // The sweep has something to sweep: members.mobile is a restricted field a source shows.
    expect(shown).toBeGreaterThan(0);
  });
});

describe('which source columns a reader does not see', () => {
  const members = reportSources().find((source) => source.code === 'members')!;
  const restrictedBySystem: AuthEntry[] = [{ action: 'member:col:mobile', type: '1', status: '1' }];

  it('hides a column whose rule the system restricts and the reader does not hold', () => {
    expect([...hiddenSourceColumns(members, [], restrictedBySystem)]).toEqual(['mobile']);
  });

  it('shows it to a reader who holds the column’s code', () => {
    expect([...hiddenSourceColumns(members, [{ action: 'member:col:mobile', type: '1' }], restrictedBySystem)]).toEqual([]);
  });

  it('shows it when the system does not restrict the column (status 0), as the entity’s list does', () => {
    expect([...hiddenSourceColumns(members, [], [{ action: 'member:col:mobile', type: '1', status: '0' }])]).toEqual([]);
  });
});
