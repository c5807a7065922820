import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { menuCodeForPath, actionState } from '@shared/permissions';
import { quantityToMilli, yuanToCents } from '@shared/engine/schemas';
import { onlineReportCodes } from '@shared/online/cgreport';
import { shippedReports, shippedReportId } from '@shared/online/shippedReports';
import { hiddenSourceColumns, reportSourceOf, ROW_ID, type ReportSource, type SourceColumn } from '@shared/online/reportSources';
import { onlineReportColumns, onlineReports } from '../../db/schema';
import type { Work } from '../../db/work';
import { containing } from '../../db/like';
import type { AuthContext } from '../../http/auth';
import { badRequest, forbidden, notFound } from '../../http/envelope';
import { parseTypedTime, schoolDateTime } from '../../http/schoolClock';
import { sourceQuery } from './sources';

/** A report's column as it is read: the source's column with the report's title, dictionary and query. */
export interface ReportColumn extends SourceColumn {
  dict?: string;
  queryMode: 'eq' | 'like' | 'range' | null;
  hidden: boolean;
  width: number | null;
}

export interface LoadedReport {
  id: string;
  code: string;
  name: string;
  source: ReportSource;
  pageSize: number;
  sort: { column: string; order: 'asc' | 'desc' };
  /** The columns its reader may see: the source's data-column rules leave out the others. */
  columns: ReportColumn[];
  /** The source's columns hidden from its reader: in no answer, and refused as a filter or a sort. */
  hidden: ReadonlySet<string>;
}

/** Who a report is read for: their school, and the permission entries that decide its hidden columns. */
export type ReportReader = Pick<AuthContext, 'tenantId' | 'auth' | 'allAuth'>;

/** The designer's screen code: its holders read every report of their school. */
const DESIGNER = menuCodeForPath('/online/reports');

/** A report's stored column: the source's field, with the report's title, dictionary and query. */
interface StoredColumn {
  field: string;
  title?: string | null;
  dictCode?: string | null;
  queryMode?: string | null;
  hidden?: string | boolean | null;
  width?: number | null;
}

/** The report as its reader reads it, from its stored head and columns: those hidden from them left out. */
function readReport(
  head: { id: string; code: string; name: string; source: ReportSource; pageSize: number; sortColumn: string | null; sortOrder: string },
  stored: readonly StoredColumn[],
  reader: ReportReader,
): LoadedReport {
  const { source } = head;
  const hidden = hiddenSourceColumns(source, reader.auth, reader.allAuth);
  const columns = stored.flatMap((row): ReportColumn[] => {
    const column = source.columns.find((candidate) => candidate.key === row.field);
    if (!column || hidden.has(column.key)) return [];
    const dict = row.dictCode || column.dict;
    return [
      {
        ...column,
        title: row.title ? { 'zh-CN': row.title, en: row.title === column.title['zh-CN'] ? column.title.en : row.title } : column.title,
        ...(dict ? { dict } : {}),
        queryMode: row.queryMode === 'eq' || row.queryMode === 'like' || row.queryMode === 'range' ? row.queryMode : null,
        hidden: row.hidden === '1' || row.hidden === true,
        width: row.width ?? null,
      },
    ];
  });
  // A hidden column orders nobody's rows, not even as the default sort (its order would tell its values).
  const named = columns.find((column) => column.key === head.sortColumn);
  const fallback = columns.some((column) => column.key === source.defaultSort.column) ? source.defaultSort.column : (columns[0]?.key ?? ROW_ID);
  return {
    id: head.id,
    code: head.code,
    name: head.name,
    source,
    pageSize: head.pageSize,
    sort: named ? { column: named.key, order: head.sortOrder === 'desc' ? 'desc' : 'asc' } : { column: fallback, order: source.defaultSort.order },
    columns,
    hidden,
  };
}

/** A report every school has (shared/online/shippedReports.ts), by its code or its id. */
function shippedReport(by: { id: string } | { code: string }, reader: ReportReader): LoadedReport | null {
  const shipped = shippedReports().find((candidate) => ('id' in by ? shippedReportId(candidate.code) === by.id : candidate.code === by.code));
  const source = shipped ? reportSourceOf(shipped.source) : undefined;
  if (!shipped || !source) return null;
  return readReport(
    { id: shippedReportId(shipped.code), code: shipped.code, name: shipped.name, source, pageSize: 10, sortColumn: null, sortOrder: 'asc' },
    shipped.columns.map((column) => ({ field: column.field, queryMode: column.queryMode ?? null, hidden: column.hidden ?? false, width: column.width ?? null })),
    reader,
  );
}

/**
 * A live report of the reader's school, by its id or its code, with its columns in order as the
 * reader may see them — else the shipped report of that code — else 404 `实体不存在` (JeecgBoot's
 * words). Every report is read through here, so no report shows a column its reader's lists hide.
 */
export async function loadReport(work: Work, reader: ReportReader, by: { id: string } | { code: string }): Promise<LoadedReport> {
  const [report] = await work.rows(onlineReports, 'id' in by ? eq(onlineReports.id, by.id) : eq(onlineReports.code, by.code));
  const source = report ? reportSourceOf(report.source) : undefined;
  if (!report || !source) {
    const shipped = shippedReport(by, reader);
    if (shipped) return shipped;
    throw notFound('实体不存在');
  }
  const rows = await work.tx.select().from(onlineReportColumns).where(eq(onlineReportColumns.reportId, report.id)).orderBy(asc(onlineReportColumns.sortNo));
  return readReport({ ...report, source }, rows, reader);
}

/**
 * A report shows nobody more than their screens do: its reader holds the designer's screen, a
 * screen that shows its source's data already (人员管理 for members, 采购管理 for suppliers…), or
 * the report's own published screen.
 */
export function assertMayRead(report: LoadedReport, caller: AuthContext): void {
  const codes = [...readerCodes(report), onlineReportCodes(report.id).screen];
  if (!codes.some((code) => actionState(code, caller) === 'shown')) throw forbidden();
}

/** The designer's screen and the screens that show the source's data. */
const readerCodes = (report: LoadedReport) => [DESIGNER, ...report.source.readers.map(menuCodeForPath)];

/**
 * An export takes the whole report: its designer and the source's screens may, and on the
 * report's published screen whoever holds its 导出 button.
 */
export function assertMayExport(report: LoadedReport, caller: AuthContext): void {
  const codes = [...readerCodes(report), onlineReportCodes(report.id).export];
  if (!codes.some((code) => actionState(code, caller) === 'shown')) throw forbidden();
}

/** A value typed in the query area as the source stores it (cents, thousandths, a day, a time), or undefined when it cannot be one. */
function typed(column: SourceColumn, text: string, end: 'begin' | 'end' | null): unknown {
  switch (column.type) {
    case 'integer':
      return /^-?\d{1,15}$/.test(text) ? Number(text) : undefined;
    case 'money':
      return yuanToCents(text) ?? undefined;
    case 'quantity':
      return quantityToMilli(text) ?? undefined;
    case 'date':
      return /^\d{4}-\d\d-\d\d$/.test(text) ? text : undefined;
    case 'datetime': {
      // A day stands for its first or last second.
      const full = /^\d{4}-\d\d-\d\d$/.test(text) ? `${text} ${end === 'end' ? '23:59:59' : '00:00:00'}` : text;
      return parseTypedTime(full) ?? undefined;
    }
    default:
      return text;
  }
}

/**
 * A filter or a sort by a column hidden from the reader is refused as the table dictionary refuses
 * one: for them the report has no such column. The refusal names the column, never a value.
 */
const notInReport = (key: string) => badRequest(`报表没有该字段（${key}）`, `The report has no column ${key}`);

/**
 * The conditions of a getData request: each query column's value (`field`, or `field_begin` and
 * `field_end` for a range) compared with the column by name — names come from the report, values
 * are parameters. A value that cannot be of its column's type matches nothing; a hidden column is refused.
 */
export function reportConditions(report: LoadedReport, query: Readonly<Record<string, unknown>>): SQL[] {
  const out: SQL[] = [];
  const text = (key: string) => {
    const value = query[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  for (const key of report.hidden) if (text(key) !== null || text(`${key}_begin`) !== null || text(`${key}_end`) !== null) throw notInReport(key);
  for (const column of report.columns.filter((candidate) => candidate.queryMode)) {
    const name = sql`src.${sql.identifier(column.key)}`;
    if (column.queryMode === 'range') {
      for (const end of ['begin', 'end'] as const) {
        const given = text(`${column.key}_${end}`);
        if (given === null) continue;
        const value = typed(column, given, end);
        if (value === undefined) out.push(sql`false`);
        else out.push(end === 'begin' ? sql`${name} >= ${value}` : sql`${name} <= ${value}`);
      }
      continue;
    }
    const given = text(column.key);
    if (given === null) continue;
    if (column.queryMode === 'like') {
      out.push(sql`${name}::text ILIKE ${containing(given)}`);
      continue;
    }
    const value = typed(column, given, null);
    // A comma list of dictionary values (a supplier's categories) holds the one asked for.
    if (value === undefined) out.push(sql`false`);
    else if (column.dict && column.type === 'string') out.push(sql`(${name} = ${value} OR ${value} = ANY(string_to_array(${name}, ',')))`);
    else out.push(sql`${name} = ${value}`);
  }
  return out;
}

/** The source's rows of the school as the report's FROM. */
export const reportFrom = (report: LoadedReport, work: Work): SQL => sql`(${sourceQuery(report.source.code)!(work)}) src`;

/** The order by a column of the report (a name the client sends is looked up, never put into SQL), then the row's id. */
export function reportOrder(report: LoadedReport, column: unknown, order: unknown): SQL {
  const key = typeof column === 'string' ? column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()) : '';
  if (report.hidden.has(key)) throw notInReport(key);
  const chosen = report.columns.find((candidate) => candidate.key === key);
  const by = chosen ? chosen.key : report.sort.column;
  const direction = chosen ? (order === 'desc' ? sql`DESC` : sql`ASC`) : report.sort.order === 'desc' ? sql`DESC` : sql`ASC`;
  return sql`src.${sql.identifier(by)} ${direction} NULLS LAST, src.${sql.identifier(ROW_ID)} ASC`;
}

/** A source row as the API answers it: money in yuan, quantities in units, times as the school's `YYYY-MM-DD HH:mm:ss`. */
export function shownRow(report: LoadedReport, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { [ROW_ID]: row[ROW_ID] };
  for (const column of report.columns) {
    const value = row[column.key] ?? null;
    if (value === null) out[column.key] = null;
    else if (column.type === 'money') out[column.key] = Number(value) / 100;
    else if (column.type === 'quantity') out[column.key] = Number(value) / 1000;
    else if (column.type === 'integer') out[column.key] = Number(value);
    else if (column.type === 'datetime') out[column.key] = value instanceof Date ? schoolDateTime(value) : schoolDateTime(new Date(String(value)));
    else out[column.key] = String(value);
  }
  return out;
}

/** Counting stops here: a report over a year of access records answers "more than 100000". */
export const COUNT_LIMIT = 100_000;
