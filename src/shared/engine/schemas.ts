/**
 * The zod schemas an entity's declaration implies, used by the server and by the forms alike: the
 * record of add and edit, and the list query (only declared filters and sorts; the JeecgBoot
 * syntax `*x*`, `<field>_begin` / `<field>_end`, and a comma list for IN).
 */
import { z } from 'zod';
import { PRESETS } from '../grid/validation';
import { LEDGER_CAP_YUAN, ledgerAmountRefusal } from '../money';
import { parseSchoolTime } from '../schoolTime';
import type { FieldTitles } from '../validation';
import { sortableFields } from './derive';
import type { RecordRule } from './rules';
import type { DetailRowsSpec, EntitySpec, FieldSpec } from './spec';

/** Largest amount of money in yuan a field takes unless it says otherwise (stays a safe integer in cents). */
const MONEY_MAX_YUAN = 100_000_000;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DATETIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/** Ids the engine issues and accepts. */
const ID = z.string().trim().min(1).max(64);

/** Yuan as typed (`12.5`, "12.50") to integer cents, exactly (no floating-point rounding). */
export function yuanToCents(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Integer cents to yuan for answers (`1250` → 12.5). */
export const centsToYuan = (cents: number): number => Math.round(cents) / 100;

/** A quantity as typed (`12.5`, "0.125") to integer thousandths, exactly. */
export function quantityToMilli(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(-)?(\d{1,12})(?:\.(\d{1,3}))?$/.exec(text);
  if (!match) return null;
  const milli = Number(match[2]) * 1000 + Number((match[3] ?? '').padEnd(3, '0'));
  return match[1] ? -milli : milli;
}

/** Integer thousandths to the quantity answers show (`12500` → 12.5). */
export const milliToQuantity = (milli: number): number => Math.round(milli) / 1000;

/** Fields kept as integers of a smaller unit (cents, thousandths): how many make one shown unit. */
export function unitsOf(field: Pick<FieldSpec, 'type'>): 100 | 1000 | null {
  return field.type === 'money' ? 100 : field.type === 'quantity' ? 1000 : null;
}

/** A stored sum of a field as the API shows it (the 合计 line): yuan, units, or the number itself. */
export function shownSum(field: Pick<FieldSpec, 'type'>, sum: number): number {
  const units = unitsOf(field);
  return units ? Math.round(sum) / units : sum;
}

/** A stored integer of such a field as the API shows it (cents → yuan, thousandths → units); other values as they are. */
export function shownValue(field: Pick<FieldSpec, 'type'>, value: unknown): unknown {
  const units = unitsOf(field);
  return units && typeof value === 'number' ? Math.round(value) / units : value;
}

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** One field's rule. Blank optional values become null; required ones are refused. */
export function fieldSchema(field: FieldSpec): z.ZodType {
  const required = (schema: z.ZodType) => (field.required ? schema : schema.nullable());
  let schema: z.ZodType;
  switch (field.type) {
    case 'text':
    case 'popup':
    case 'textarea': {
      let text = z
        .string()
        .trim()
        .max(field.max ?? (field.type === 'text' ? 100 : field.type === 'popup' ? 500 : 2000));
      if (field.required) text = text.min(1);
      const preset = field.preset ? PRESETS[field.preset] : null;
      schema = preset ? text.refine((value) => value === '' || preset.pattern.test(value), { params: { rule: 'preset' } }) : text;
      break;
    }
    case 'number': {
      const decimals = field.decimals ?? 0;
      let number = z.coerce
        .number()
        .min(field.min ?? 0)
        .max(field.max ?? 1_000_000_000);
      if (decimals === 0) number = number.int();
      const places = decimals > 0 ? new RegExp(`^-?\\d+(\\.\\d{1,${decimals}})?$`) : null;
      schema = places ? number.refine((value) => places.test(String(value)), { params: { rule: 'decimals' } }) : number;
      break;
    }
    case 'money': {
      if (field.ledger) {
        schema = ledgerAmount(field.max);
        break;
      }
      const min = Math.round((field.min ?? 0) * 100);
      const max = Math.round((field.max ?? MONEY_MAX_YUAN) * 100);
      schema = z
        .union([z.number(), z.string()])
        .transform((value, ctx) => {
          const cents = yuanToCents(value);
          if (cents === null) {
            ctx.addIssue({ code: 'custom', params: { rule: 'money' }, input: value });
            return z.NEVER;
          }
          return cents;
        })
        .pipe(z.number().int().min(min).max(max));
      break;
    }
    case 'quantity': {
      const min = Math.round((field.min ?? 0) * 1000);
      const max = Math.round((field.max ?? 1_000_000_000) * 1000);
      schema = z
        .union([z.number(), z.string()])
        .transform((value, ctx) => {
          const milli = quantityToMilli(value);
          if (milli === null) {
            ctx.addIssue({ code: 'custom', params: { rule: 'quantity' }, input: value });
            return z.NEVER;
          }
          return milli;
        })
        .pipe(z.number().int().min(min).max(max));
      break;
    }
    case 'date':
      schema = z
        .string()
        .trim()
        .refine((value) => DATE.test(value), { params: { rule: 'date' } });
      break;
    case 'datetime':
      schema = z
        .string()
        .trim()
        .refine((value) => DATETIME.test(value), { params: { rule: 'datetime' } });
      break;
    case 'time':
      schema = z
        .string()
        .trim()
        .refine((value) => TIME.test(value), { params: { rule: 'time' } });
      break;
    case 'dict':
      // The value must be one of the dictionary's items: checked by the server against the table.
      schema =
        field.dictMode === 'multi'
          ? z
              .union([z.string(), z.array(z.string())])
              .transform((value) => (Array.isArray(value) ? value.join(',') : value))
              .pipe(z.string().max(500))
          : z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().max(64));
      break;
    case 'ref':
      schema = ID;
      break;
    case 'switch':
      schema = z
        .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'Y', 'N', 'true', 'false'])])
        .transform((value) => value === true || value === 1 || value === '1' || value === 'Y' || value === 'true');
      break;
    case 'file':
    case 'image':
      schema = z.string().trim().max(500);
      break;
  }
  if (field.type === 'switch') return schema.optional().transform((value) => value ?? Boolean(field.default));
  // Blank is "no value": refused when required (with the field's own message), else the
  // declared default (a column that cannot be empty has one), else null.
  const withBlank = z.preprocess(blankToNull, required(schema));
  const fallback =
    field.default === undefined || field.default === null
      ? null
      : field.type === 'money'
        ? yuanToCents(field.default as string | number)
        : field.type === 'quantity'
          ? quantityToMilli(field.default as string | number)
          : field.default;
  // A required field left out entirely (not blanked) takes its default: an API caller need not
  // send what the form fills in by itself.
  if (field.required) return fallback === null ? withBlank : z.preprocess((value) => (value === undefined ? fallback : value), withBlank);
  return withBlank.optional().transform((value) => value ?? fallback);
}

/** The rows of a sub-table: each by its fields' rules, between its fewest and most rows. */
export function detailRowsSchema(detail: DetailRowsSpec) {
  const row: Record<string, z.ZodType> = {};
  // Columns the server fills (验收数量, 金额) are read back, never taken from the client.
  for (const field of detail.fields) if (field.form !== false) row[field.key] = fieldSchema(field);
  return z
    .array(z.object(row))
    .min(detail.min ?? 0)
    .max(detail.max ?? 200);
}

/** The record of `add` (no id) or `edit` (with id): every form field, by its rule, and its sub-tables' rows. */
export function recordSchema(spec: EntitySpec, mode: 'add' | 'edit', rules: readonly RecordRule[] = []) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of spec.fields) if (field.form !== false) shape[field.key] = fieldSchema(field);
  // Rows a record must have are always sent; others may be left out (an edit then keeps them).
  for (const detail of spec.details ?? []) shape[detail.key] = detail.min ? detailRowsSchema(detail) : detailRowsSchema(detail).optional();
  if (mode === 'edit') shape.id = ID;
  // The entity's rules run once its fields are each well formed (zod skips them otherwise).
  return z.object(shape).superRefine((values, context) => {
    for (const rule of rules) {
      const problem = rule(values);
      if (problem) context.addIssue({ code: 'custom', path: [problem.field], input: values[problem.field], params: { said: problem.message } });
    }
  });
}

/** The titles of an entity's fields (and its sub-tables and their columns), for messages naming them. */
export function entityTitles(spec: EntitySpec): FieldTitles {
  return Object.fromEntries([
    ...spec.fields.map((field) => [field.key, field.title] as const),
    ...(spec.details ?? []).flatMap((detail) => [[detail.key, detail.title] as const, ...detail.fields.map((field) => [field.key, field.title] as const)]),
  ]);
}

/** One accepted filter of a list query. */
export type ListFilter =
  | { field: FieldSpec; op: 'like'; value: string }
  | { field: FieldSpec; op: 'prefix'; value: string }
  | { field: FieldSpec; op: 'eq'; value: string }
  | { field: FieldSpec; op: 'in'; value: string[] }
  | { field: FieldSpec; op: 'range'; begin: string | null; end: string | null }
  /** `keyword`: any of the searchable text fields contains it (a picker's one search box). */
  | { field: FieldSpec; op: 'any'; fields: FieldSpec[]; value: string };

export interface ListQuery {
  pageNo: number;
  pageSize: number;
  sort: { field: string; order: 'asc' | 'desc' };
  filters: ListFilter[];
}

/** Paging and sort of a list query (checked first, so its errors name the parameter). */
export const listPagingSchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  column: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
});

/** A query parameter as the filters read it: trimmed text, the first of a repeated one, at most 200 characters. */
const queryText = (value: unknown): string =>
  typeof value === 'string'
    ? value.trim().slice(0, 200)
    : Array.isArray(value)
      ? String(value[0] ?? '')
          .trim()
          .slice(0, 200)
      : '';

/** A day and an optional time of day as a range bound is typed (`2026-11-01`, `… 08:00`, `… 08:00:00`, `T` or a space). */
const TYPED_TIME = /^(\d{4}-\d\d-\d\d)(?:[ T](\d\d:\d\d)(:\d\d)?)?$/;
/** An instant with its offset, as an API client may send it (`2026-11-01T08:00:00+08:00`). */
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?([zZ]|[+-]\d\d:?\d\d)$/;

/** A real day and time of the calendar the school's clock can place (from 1970; never `2026-02-31`). */
const isRealTime = (day: string, time = '00:00:00') => parseSchoolTime('UTC', `${day} ${time}`) !== null;

/**
 * Whether a range bound is a value of its field: a real date (a time of day after it is taken
 * and ignored by the day), a real date and time (or a day: its first or last second), a number,
 * an amount or a quantity. Other fields' bounds are compared as text.
 */
export function isRangeBound(field: Pick<FieldSpec, 'type'>, value: string): boolean {
  switch (field.type) {
    case 'date':
    case 'datetime': {
      if (field.type === 'datetime' && INSTANT.test(value)) return !Number.isNaN(Date.parse(value)) && isRealTime(value.slice(0, 10));
      const match = TYPED_TIME.exec(value);
      return Boolean(match) && isRealTime(match![1]!, match![2] ? `${match![2]}${match![3] ?? ':00'}` : undefined);
    }
    case 'time':
      return TIME.test(value);
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value);
    case 'money':
      return yuanToCents(value) !== null;
    case 'quantity':
      return quantityToMilli(value) !== null;
    default:
      return true;
  }
}

/** The named rule a bad bound breaks (its message: `记账时间起应为 YYYY-MM-DD HH:mm:ss 格式的时间`). */
const BOUND_RULES: Partial<Record<FieldSpec['type'], string>> = { date: 'date', datetime: 'datetime', time: 'time', number: 'number', money: 'money', quantity: 'quantity' };

/** One bound of a field's range as the query string gives it: left out, blank, or a value of the field (trimmed). */
export function rangeBound(field: Pick<FieldSpec, 'type'>): z.ZodType<string | undefined> {
  return z
    .unknown()
    .transform(queryText)
    .refine((value) => value === '' || isRangeBound(field, value), { params: { rule: BOUND_RULES[field.type] } })
    .optional();
}

/**
 * The range bounds of fields as list query parameters (`<field>_begin`, `<field>_end`): each blank
 * or a value of its field (a bad one is refused, never silently matching nothing), and their titles
 * for the message naming them (`记账时间起`, `Posted (from)`).
 */
export function rangeBounds(fields: readonly FieldSpec[]): { shape: Record<string, z.ZodType<string | undefined>>; titles: FieldTitles } {
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  const titles: Record<string, { 'zh-CN': string; en: string }> = {};
  for (const field of fields) {
    if (field.query !== 'range') continue;
    const bound = rangeBound(field);
    for (const [end, zh, en] of [
      ['begin', '起', 'from'],
      ['end', '止', 'to'],
    ] as const) {
      shape[`${field.key}_${end}`] = bound;
      titles[`${field.key}_${end}`] = { 'zh-CN': `${field.title['zh-CN']}${zh}`, en: `${field.title.en} (${en})` };
    }
  }
  return { shape, titles };
}

/** A list query's paging and sort, and its range bounds (a hidden field's are not read: see parseListQuery). */
export function listQuerySchema(spec: EntitySpec, hidden: ReadonlySet<string> = new Set()): z.ZodType<z.infer<typeof listPagingSchema> & Readonly<Record<string, unknown>>> {
  return listPagingSchema.and(z.object(rangeBounds(spec.fields.filter((field) => !hidden.has(field.key))).shape));
}

/**
 * Reads a list query: paging, a sort among the sortable fields (else the default), and the
 * declared filters only — anything else in the query string (`_t`, unknown or hidden fields) is
 * ignored. `keyword` searches every declared `like` field at once (matching any of them). `hidden` names fields the caller may not see: they neither filter nor sort.
 * The range bounds are read from `checked` only (listQuerySchema's answer, which refuses a bad one):
 * a bound nobody checked is never a filter.
 */
export function parseListQuery(
  spec: EntitySpec,
  query: Record<string, unknown>,
  checked: z.infer<typeof listPagingSchema> & Readonly<Record<string, unknown>>,
  hidden: ReadonlySet<string> = new Set(),
): ListQuery {
  const base = { data: checked };
  const sortable = sortableFields(spec).map((field) => field.key);
  const requested = base.data.column === 'createTime' ? 'createTime' : base.data.column;
  // A hidden column never orders the rows either, not even as the default sort.
  const fallback = hidden.has(spec.defaultSort.field) ? 'createTime' : spec.defaultSort.field;
  const column = requested && (sortable.includes(requested) || requested === 'createTime') && !hidden.has(requested) ? requested : fallback;
  const order = base.data.order ?? (column === spec.defaultSort.field ? spec.defaultSort.order : 'asc');
  const filters: ListFilter[] = [];
  const text = queryText;
  for (const field of spec.fields) {
    if (!field.query || hidden.has(field.key)) continue;
    if (field.query === 'range') {
      const begin = text(checked[`${field.key}_begin`]) || null;
      const end = text(checked[`${field.key}_end`]) || null;
      if (begin || end) filters.push({ field, op: 'range', begin, end });
      continue;
    }
    const value = text(query[field.key]);
    if (!value) continue;
    if (field.query === 'in' || value.includes(',')) {
      const values = [
        ...new Set(
          value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean),
        ),
      ].slice(0, 100);
      if (values.length) filters.push({ field, op: 'in', value: values });
    } else if (field.query === 'prefix') {
      filters.push({ field, op: 'prefix', value: value.replace(/\*$/, '') });
    } else if (field.query === 'like') {
      // `*x*` (JeecgBoot's contains) and plain text mean the same.
      filters.push({ field, op: 'like', value: value.replace(/^\*|\*$/g, '') });
    } else {
      filters.push({ field, op: 'eq', value });
    }
  }
  const keyword = text(query.keyword).replace(/^\*|\*$/g, '');
  const searchable = spec.fields.filter((field) => field.query === 'like' && !hidden.has(field.key));
  if (keyword && searchable.length) filters.push({ field: searchable[0]!, op: 'any', fields: searchable, value: keyword });
  return { pageNo: base.data.pageNo, pageSize: base.data.pageSize, sort: { field: column, order }, filters };
}

const MONEY_FORMAT = { 'zh-CN': '金额格式不正确，最多两位小数', en: 'The amount must have at most two decimals' } as const;

/** An amount for the ledger, in cents: its one rule and words (money.ts), wherever it is typed. */
function ledgerAmount(max: number = LEDGER_CAP_YUAN) {
  return z.union([z.number(), z.string()]).transform((value, ctx) => {
    const cents = yuanToCents(value);
    const refusal = cents === null || !Number.isSafeInteger(cents) ? MONEY_FORMAT : ledgerAmountRefusal(cents / 100, max);
    if (refusal) {
      ctx.addIssue({ code: 'custom', params: { said: refusal }, input: value });
      return z.NEVER;
    }
    return cents!;
  });
}
