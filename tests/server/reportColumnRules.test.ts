/**
 * Hidden columns in online reports (M-N1), on PGlite and on PostgreSQL: a report's column carries
 * the data-column rule of the entity field it reads, so a reader without the column's code finds it
 * in no answer — not in the columns, the query fields, the rows or the export — and may neither
 * filter nor sort by it (JeecgBoot's picker, a shipped report, a report a school designs); whoever
 * holds the code reads it as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { shippedReports, shippedReportId } from '@shared/online/shippedReports';
import { reportSources, type ReportSource, type SourceColumn } from '@shared/online/reportSources';
import { menuCodeForPath } from '@shared/permissions';
import { apiOf } from '../support/api';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, roleWithUser } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

/** The refusal of a column the reader does not see, as the table dictionary refuses one. */
const refusal = (key: string) => ({ success: false, message: `报表没有该字段（${key}）` });

/** The caller's newest download job, once it has finished. */
async function finishedExport(token: string): Promise<{ status: string; url: string | null }> {
  for (let tries = 0; tries < 100; tries += 1) {
    const [job] = (await get(token, '/syz/download/list?pageSize=1')).body.result.records;
    if (job && job.status !== '0') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export did not finish');
}

/** Every cell of the exported workbook, row by row, as text. */
async function exportedCells(token: string, url: string): Promise<string[][]> {
  const response = await t0.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: { 'X-Access-Token': token } });
  expect(response.statusCode).toBe(200);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
  return rows;
}

/** Exports the report as `token` and answers the workbook's cells. */
async function exportAs(token: string, reportId: string): Promise<string[][]> {
  const started = await get(token, `/online/cgreport/api/exportXls/${reportId}`);
  expect(started.body.success, started.body.message).toBe(true);
  const job = await finishedExport(token);
  expect(job.status).toBe('1');
  return exportedCells(token, job.url!);
}

describe('the member picker (选择人员) read by 补助管理, who may not see mobiles', () => {
  const mobile = '13917662501';
  let memberNo: string;
  let clerk: string;

  beforeAll(async () => {
    const [member] = await t0.db
      .select({ id: t.members.id, memberNo: t.members.memberNo })
      .from(t.members)
      .where(and(eq(t.members.tenantId, 0), eq(t.members.delFlag, 0)))
      .orderBy(asc(t.members.memberNo))
      .limit(1);
    await t0.db.update(t.members).set({ mobile }).where(eq(t.members.id, member!.id));
    memberNo = member!.memberNo;
    clerk = (await roleWithUser(admin, 'mn1_subsidy', ['members:subsidies'])).token;
  });

  const picker = shippedReportId('member_pick');

  it('answers no mobile among the columns, the query fields or the rows', async () => {
    const columns = await get(clerk, '/online/cgreport/api/getRpColumns/member_pick');
    expect(columns.body.success, columns.body.message).toBe(true);
    expect(columns.body.result.columns.map((column: { dataIndex: string }) => column.dataIndex)).not.toContain('mobile');
    const query = await get(clerk, `/online/cgreport/api/getQueryInfo/${picker}`);
    expect(query.body.result.map((item: { field: string }) => item.field)).not.toContain('mobile');
    const found = await get(clerk, `/online/cgreport/api/getData/${picker}?memberNo=${memberNo}`);
    expect(found.body.success, found.body.message).toBe(true);
    expect(found.body.result.records.length).toBeGreaterThan(0);
    for (const row of found.body.result.records) expect(row).not.toHaveProperty('mobile');
    expect(JSON.stringify(found.body.result)).not.toContain(mobile);
  });

  it('refuses a filter by the mobile (no oracle) and a sort by it', async () => {
    const filtered = await get(clerk, `/online/cgreport/api/getData/${picker}?mobile=139176625`);
    expect(filtered.status).toBe(400);
    expect(filtered.body).toMatchObject(refusal('mobile'));
    // A wrong number is refused alike: the answer tells nothing of the numbers.
    expect((await get(clerk, `/online/cgreport/api/getData/${picker}?mobile=100000000`)).body).toMatchObject(refusal('mobile'));
    const sorted = await get(clerk, `/online/cgreport/api/getData/${picker}?column=mobile&order=desc`);
    expect(sorted.status).toBe(400);
    expect(sorted.body).toMatchObject(refusal('mobile'));
    // Nor through the export's query.
    expect((await get(clerk, `/online/cgreport/api/exportXls/${picker}?mobile=139176625`)).body).toMatchObject(refusal('mobile'));
    expect((await get(clerk, `/online/cgreport/api/exportXls/${picker}?column=mobile&order=desc`)).body).toMatchObject(refusal('mobile'));
  });

  it('exports the picker without the mobile column or any mobile', async () => {
    const cells = await exportAs(clerk, picker);
    expect(cells.flat()).not.toContain('手机号');
    expect(cells.flat().join('|')).not.toContain(mobile);
  });

  it('still answers the mobile, its filter and its sort to one who may see it', async () => {
    const found = await get(admin, `/online/cgreport/api/getData/${picker}?mobile=139176625`);
    expect(found.body.success, found.body.message).toBe(true);
    expect(found.body.result.records.map((row: { memberNo: string; mobile: string }) => [row.memberNo, row.mobile])).toContainEqual([memberNo, mobile]);
    expect((await get(admin, `/online/cgreport/api/getData/${picker}?column=mobile&order=desc`)).body.success).toBe(true);
    expect((await exportAs(admin, picker)).flat()).toContain(mobile);
  });
});

/** How a report designed for the sweep queries a column: a dictionary by value, text by contains, the rest by range. */
const queryModeOf = (column: SourceColumn) => (column.dict ? 'eq' : column.type === 'string' ? 'like' : 'range');
/** A filter on the column as the query string gives it. */
const filterOn = (column: SourceColumn) => (queryModeOf(column) === 'range' ? `${column.key}_begin=1` : `${column.key}=1`);

/** Every source × every column carrying a data-column rule: today a member's mobile; tomorrow whatever an entity restricts. */
const RESTRICTED = reportSources().flatMap((source, index) =>
  source.columns.filter((column) => column.rules.length > 0).map((column) => [`${source.code}.${column.key}`, source, column, index] as const),
);

describe('the sweep: every report source × every column with a data-column rule', () => {
  it('has columns to sweep', () => {
    expect(RESTRICTED.map(([name]) => name)).toContain('members.mobile');
  });

  it.each(RESTRICTED)('%s: hidden from a reader without its code in every report over the source, shown to one holding it', async (_name, source: ReportSource, column: SourceColumn, index) => {
    const readers = source.readers.map(menuCodeForPath);
    const lacking = (await roleWithUser(admin, `mn1_no_${index}_${column.key}`, readers)).token;
    const holding = (await roleWithUser(admin, `mn1_has_${index}_${column.key}`, [...readers, ...column.rules.map((rule) => `${rule.prefix}${rule.field}`)])).token;

    // A report the school designs over the source with every column queried, sorted by this one by default…
    const designed = await call(admin, 'POST', '/online/cgreport/head/add', {
      code: `mn1_${index}_${column.key}`,
      name: `报表mn1_${column.key}`,
      source: source.code,
      sortColumn: column.key,
      sortOrder: 'desc',
      columns: source.columns.map((each) => ({ field: each.key, queryMode: queryModeOf(each) })),
    });
    expect(designed.body.success, designed.body.message).toBe(true);
    // …and every shipped report (a picker) that shows the column.
    const shipped = shippedReports().filter((report) => report.source === source.code && report.columns.some((each) => each.field === column.key));
    const reports = [{ code: `mn1_${index}_${column.key}`, id: designed.body.result.id as string }, ...shipped.map((report) => ({ code: report.code, id: shippedReportId(report.code) }))];

    for (const report of reports) {
      const where = `${report.code} as a reader without ${column.rules.map((rule) => rule.prefix + rule.field).join(',')}`;
      const columns = await get(lacking, `/online/cgreport/api/getRpColumns/${report.code}`);
      expect(columns.body.success, `${where}: ${columns.body.message}`).toBe(true);
      expect(
        columns.body.result.columns.map((each: { dataIndex: string }) => each.dataIndex),
        where,
      ).not.toContain(column.key);
      expect(columns.body.result.dictOptions, where).not.toHaveProperty(column.key);
      const query = await get(lacking, `/online/cgreport/api/getQueryInfo/${report.id}`);
      expect(
        query.body.result.map((item: { field: string }) => item.field),
        where,
      ).not.toContain(column.key);
      const page = await get(lacking, `/online/cgreport/api/getData/${report.id}?pageSize=20`);
      expect(page.body.success, `${where}: ${page.body.message}`).toBe(true);
      expect(page.body.result.records.length, where).toBeGreaterThan(0);
      for (const row of page.body.result.records) expect(row, where).not.toHaveProperty(column.key);
      expect((await get(lacking, `/online/cgreport/api/getData/${report.id}?${filterOn(column)}`)).body, where).toMatchObject(refusal(column.key));
      expect((await get(lacking, `/online/cgreport/api/getData/${report.id}?column=${column.key}&order=asc`)).body, where).toMatchObject(refusal(column.key));
      expect((await get(lacking, `/online/cgreport/api/exportXls/${report.id}?${filterOn(column)}`)).body, where).toMatchObject(refusal(column.key));
      expect((await exportAs(lacking, report.id))[2], where).not.toContain(column.title['zh-CN']);

      const seen = `${report.code} as a reader holding the column's code`;
      const shownColumns = await get(holding, `/online/cgreport/api/getRpColumns/${report.code}`);
      expect(
        shownColumns.body.result.columns.map((each: { dataIndex: string }) => each.dataIndex),
        seen,
      ).toContain(column.key);
      const shownPage = await get(holding, `/online/cgreport/api/getData/${report.id}?pageSize=20`);
      for (const row of shownPage.body.result.records) expect(row, seen).toHaveProperty(column.key);
      expect((await get(holding, `/online/cgreport/api/getData/${report.id}?${filterOn(column)}`)).body.success, seen).toBe(true);
      expect((await get(holding, `/online/cgreport/api/getData/${report.id}?column=${column.key}&order=asc`)).body.success, seen).toBe(true);
    }

    // The designed report's default sort by the hidden column does not order the rows either: its
    // reader gets the source's default order.
    const designedId = reports[0]!.id;
    const byDefault = (await get(lacking, `/online/cgreport/api/getData/${designedId}?pageSize=20`)).body.result.records.map((row: { id: string }) => row.id);
    const bySource = (await get(lacking, `/online/cgreport/api/getData/${designedId}?pageSize=20&column=${source.defaultSort.column}&order=${source.defaultSort.order}`)).body.result.records.map(
      (row: { id: string }) => row.id,
    );
    if (source.defaultSort.column !== column.key) expect(byDefault).toEqual(bySource);
  });
});
