import type { FastifyInstance } from 'fastify';
import { and, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CgReportColumn, CgReportQueryItem } from '@shared/online/cgreport';
import type { AppContext } from '../../context';
import type { SheetColumn } from '../../crud/downloads';
import { inSchool, schoolReads } from '../../db/work';
import { authOf, type AuthContext } from '../../http/auth';
import { ApiError, ok } from '../../http/envelope';
import { schoolDateTime } from '../../http/schoolClock';
import { parseInput } from '../../http/validate';
import { assertMayExport, assertMayRead, COUNT_LIMIT, loadReport, reportConditions, reportFrom, reportOrder, shownRow, type LoadedReport } from './reportQuery';

const idParam = z.object({ id: z.string().trim().min(1).max(64) });
const codeParam = z.object({ code: z.string().trim().min(1).max(64) });
const paging = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional(),
});

/** Any signed-in user of a school reaches these; each report then asks for a screen showing its data (assertMayRead). */
const READ = { self: true, schoolWide: true } as const;

/**
 * JeecgBoot's online report calls (`/online/cgreport/api/*`) over the school's reports: the
 * columns with their dictionaries, the query fields, a page of data, and an export. A report is a
 * registered source and declared columns: nothing a request sends becomes SQL but values. Each
 * call reads the report as its caller may see it (loadReport): a column the caller's lists hide is
 * in none of these answers, and refused as a filter or a sort.
 */
export function cgreportRoutes(api: FastifyInstance, context: AppContext): void {
  const { dictionaries } = context;

  const readable = async (caller: AuthContext, by: { id: string } | { code: string }) => {
    const report = await loadReport(schoolReads(context.db, caller), caller, by);
    assertMayRead(report, caller);
    return report;
  };

  /** The dictionaries of the report's columns: `{ field: [{ value, text, title }] }`. */
  async function dictOptionsOf(report: LoadedReport, caller: AuthContext) {
    const out: Record<string, { value: string; text: string; title: string }[]> = {};
    for (const column of report.columns.filter((candidate) => candidate.dict)) {
      out[column.key] = (await dictionaries.listOf(column.dict!, caller.tenantId, caller.locale)).map(({ value, text }) => ({ value, text, title: text }));
    }
    return out;
  }

  /** Rows of a raw query read for the caller's school (PGlite and node-postgres both answer `{ rows }`). */
  /** A report's statement in the caller's school transaction: the row policies hold it to the school too. */
  const rowsOf = async <T = Record<string, unknown>>(caller: AuthContext, query: ReturnType<typeof sql>): Promise<T[]> =>
    inSchool(context.db, caller, async ({ tx }) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows);

  const where = (report: LoadedReport, query: Record<string, unknown>) => {
    const conditions = reportConditions(report, query);
    return conditions.length ? sql`WHERE ${and(...conditions)}` : sql``;
  };

  // By the report's code (JeecgBoot's picker), or its id (the report's published screen).
  api.get('/online/cgreport/api/getRpColumns/:code', { config: READ }, async (request) => {
    const caller = authOf(request);
    const { code } = parseInput(codeParam, request.params);
    const reads = schoolReads(context.db, caller);
    const report = await loadReport(reads, caller, { code }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return loadReport(reads, caller, { id: code });
      throw error;
    });
    assertMayRead(report, caller);
    const columns: CgReportColumn[] = report.columns.map((column) => ({
      title: column.title[caller.locale],
      dataIndex: column.key,
      align: 'center',
      sorter: 'true',
      ...(column.dict ? { customRender: column.key } : {}),
      type: column.type,
      ...(column.width ? { width: column.width } : {}),
    }));
    return ok({ columns, dictOptions: await dictOptionsOf(report, caller), cgRpConfigId: report.id, cgRpConfigName: report.name, pageSize: report.pageSize }, '查询成功');
  });

  api.get('/online/cgreport/api/getQueryInfo/:id', { config: READ }, async (request) => {
    const caller = authOf(request);
    const report = await readable(caller, parseInput(idParam, request.params));
    const items: CgReportQueryItem[] = report.columns
      .filter((column) => column.queryMode)
      .map((column) => ({
        label: column.title[caller.locale],
        field: column.key,
        view: column.dict ? 'list' : column.type,
        mode: column.queryMode === 'range' ? 'group' : 'single',
        match: column.queryMode === 'like' ? 'like' : 'eq',
        hidden: column.hidden ? '1' : '0',
        ...(column.dict ? { dictCode: column.dict } : {}),
      }));
    return ok(items, '查询成功');
  });

  /** One page of the report: its conditions, its order, then the row's id; the count stops at COUNT_LIMIT. */
  api.get<{ Querystring: Record<string, unknown> }>('/online/cgreport/api/getData/:id', { config: READ }, async (request) => {
    const caller = authOf(request);
    const report = await readable(caller, parseInput(idParam, request.params));
    // The query string as Fastify parsed it: names to text (or lists of text), read by the report's own filters.
    const query = request.query ?? {};
    const { pageNo, pageSize = report.pageSize } = parseInput(paging, query);
    const from = reportFrom(report, schoolReads(context.db, caller));
    const filter = where(report, query);
    const rows = await rowsOf(caller, sql`SELECT * FROM ${from} ${filter} ORDER BY ${reportOrder(report, query.column, query.order)} LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`);
    const [counted] = await rowsOf<{ n: number }>(caller, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} ${filter} LIMIT ${COUNT_LIMIT + 1}) x`);
    const total = Math.min(Number(counted?.n ?? 0), COUNT_LIMIT);
    return ok(
      {
        records: rows.map((row) => shownRow(report, row)),
        total,
        ...(Number(counted?.n ?? 0) > COUNT_LIMIT ? { totalEstimated: true } : {}),
        current: pageNo,
        size: pageSize,
        pages: Math.ceil(total / pageSize),
      },
      '查询成功',
    );
  });

  /** The whole report as the screen shows it (its query), a download-centre job: for those who may export it. */
  api.get<{ Querystring: Record<string, unknown> }>('/online/cgreport/api/exportXls/:id', { config: READ }, async (request) => {
    const caller = authOf(request);
    const report = await loadReport(schoolReads(context.db, caller), caller, parseInput(idParam, request.params));
    assertMayExport(report, caller);
    // The query string as Fastify parsed it: names to text (or lists of text), read by the report's own filters.
    const query = request.query ?? {};
    const columns: SheetColumn[] = report.columns.map((column) => ({
      header: column.title['zh-CN'],
      key: column.key,
      width: Math.max(10, Math.round((column.width ?? 120) / 7)),
      format: column.type === 'money' ? 'money' : column.type === 'quantity' ? 'quantity' : column.type === 'integer' ? 'number' : 'text',
    }));
    const now = schoolDateTime(new Date());
    const asked = report.columns.flatMap((column) => {
      const value = (key: string) => (typeof query[key] === 'string' ? String(query[key]).trim() : '');
      if (column.queryMode === 'range' && (value(`${column.key}_begin`) || value(`${column.key}_end`)))
        return [`${column.title['zh-CN']}：${value(`${column.key}_begin`)} ~ ${value(`${column.key}_end`)}`];
      return column.queryMode && column.queryMode !== 'range' && value(column.key) ? [`${column.title['zh-CN']}：${value(column.key)}`] : [];
    });
    const financial = report.columns.some((column) => column.type === 'money');
    const conditions = [...(asked.length ? asked : ['查询条件：全部']), ...(financial ? ['单位：元'] : []), `制表时间：${now}`];
    const from = reportFrom(report, schoolReads(context.db, caller));
    const filter = where(report, query);
    const order = reportOrder(report, query.column, query.order);
    const id = await context.downloads.start(caller, `${report.name}_${now.replace(/\D/g, '').slice(0, 12)}.xlsx`, { title: report.name, conditions, columns, financial }, async (write) => {
      // Pages of 1000 in the report's order (the id breaks ties, so none is read twice).
      for (let offset = 0; ; offset += 1000) {
        const rows = await rowsOf(caller, sql`SELECT * FROM ${from} ${filter} ORDER BY ${order} LIMIT 1000 OFFSET ${offset}`);
        if (!rows.length) break;
        const texts = await Promise.all(
          rows.map(async (row) => {
            const shown = shownRow(report, row);
            for (const column of report.columns.filter((candidate) => candidate.dict)) shown[column.key] = await dictionaries.textOf(column.dict!, shown[column.key], caller.tenantId);
            return shown;
          }),
        );
        await write(texts);
        if (rows.length < 1000) break;
      }
    });
    return ok({ id }, '导出任务已创建，完成后可在下载中心下载');
  });
}
