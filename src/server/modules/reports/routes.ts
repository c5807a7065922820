import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { menuCodeForPath } from '@shared/permissions';
import { REPORT_TABS, type ReportKind } from '@shared/reports';
import { REPORT_TITLES } from '@shared/reportColumns';
import { addDays, dateTimeIn, dayIn } from '@shared/schoolTime';
import type { AppContext } from '../../context';
import { tenants } from '../../db/schema';
import { authOf, type AuthContext } from '../../http/auth';
import { schoolByConditions, schoolReads } from '../../db/work';
import { badRequest, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { schoolZone } from '../schools/settings';
import { closeDays, DAY_BUILD } from './dayClose';
import { reportOf, type ReportQuery } from './reportQuery';
import { reportWorkbook } from './workbook';

const SCREENS: Record<ReportKind, string> = { daily: '/reports/daily', monthly: '/reports/monthly', yearly: '/reports/yearly' };

const id = z.string().trim().min(1).max(64).optional();
const filters = {
  deptId: id,
  memberTypeId: id,
  canteenId: id,
  storeId: id,
  mealType: z.string().trim().max(8).optional(),
  channel: z.string().trim().max(16).optional(),
  tabs: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').filter((tab): tab is (typeof REPORT_TABS)[number] => (REPORT_TABS as readonly string[]).includes(tab)) : undefined)),
};
const QUERIES = {
  daily: z.object({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
      .optional(),
    ...filters,
  }),
  monthly: z.object({
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM')
      .optional(),
    ...filters,
  }),
  yearly: z.object({
    year: z
      .string()
      .regex(/^\d{4}$/, '年份格式应为 YYYY')
      .optional(),
    ...filters,
  }),
};

const lastDayOf = (month: string) => addDays(`${nextMonth(month)}-01`, -1);
function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/**
 * 统计报表: 日报 (yesterday by default), 月报 (this month), 年报 (this year), each with its workbook, and
 * 日终结算 run by hand (the nightly job does the same).
 */
export function reportRoutes(api: FastifyInstance, context: AppContext): void {
  /** A report of the caller's school: every tab read in one snapshot of its transaction, held to the school by its conditions. */
  const reportFor = (caller: AuthContext, query: ReportQuery) =>
    schoolByConditions(context.db, caller, DAY_BUILD, (work) => reportOf(work, query), { isolationLevel: 'repeatable read', readOnly: true });
  const zoneOf = (caller: AuthContext) => schoolZone(schoolReads(context.db, caller).tx, caller.tenantId);

  async function queryOf(kind: ReportKind, request: FastifyRequest): Promise<ReportQuery & { tabs?: (typeof REPORT_TABS)[number][] | undefined }> {
    const today = dayIn(await zoneOf(authOf(request)));
    const input = parseInput(QUERIES[kind], request.query) as z.infer<(typeof QUERIES)['daily']> & { month?: string; year?: string };
    let from: string;
    let to: string;
    if (kind === 'daily') {
      from = to = input.date ?? addDays(today, -1);
      if (Number.isNaN(Date.parse(`${from}T00:00:00Z`)) || addDays(from, 0) !== from) throw badRequest(`日期 ${from} 不存在`, `There is no day ${from}`);
    } else if (kind === 'monthly') {
      const month = input.month ?? today.slice(0, 7);
      from = `${month}-01`;
      to = lastDayOf(month);
    } else {
      const year = input.year ?? today.slice(0, 4);
      from = `${year}-01-01`;
      to = `${year}-12-31`;
    }
    if (from > today) throw badRequest('不能查询未来日期的报表', 'A report of days to come cannot be shown');
    return {
      kind,
      from,
      to,
      deptId: input.deptId,
      memberTypeId: input.memberTypeId,
      canteenId: input.canteenId,
      storeId: input.storeId,
      mealType: input.mealType,
      channel: input.channel,
      tabs: input.tabs,
    };
  }

  for (const kind of ['daily', 'monthly', 'yearly'] as const) {
    const screen = SCREENS[kind];
    api.get(`/report/${kind}`, { config: { permission: menuCodeForPath(screen) } }, async (request) => {
      return ok(await reportFor(authOf(request), await queryOf(kind, request)));
    });
    api.get(`/report/${kind}/export`, { config: { permission: `${kind}Report:export` } }, async (request, reply) => {
      const caller = authOf(request);
      const { tenantId, locale } = caller;
      const query = await queryOf(kind, request);
      const answer = await reportFor(caller, query);
      // The caller's own school's name (the platform's table of schools has no school column).
      const [school] = await schoolReads(context.db, caller).tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
      const dictCache = new Map<string, { value: string; text: string }[]>();
      for (const dict of ['wallet', 'meal_type']) dictCache.set(dict, await context.dictionaries.listOf(dict, tenantId, locale));
      const workbook = await reportWorkbook(answer, {
        school: school?.name ?? '',
        locale,
        printedAt: dateTimeIn(await zoneOf(caller)),
        dictText: (dict, value) => dictCache.get(dict)?.find((item) => item.value === value)?.text ?? value,
        ...(query.tabs?.length ? { tabs: query.tabs } : {}),
      });
      const period = kind === 'daily' ? query.from : kind === 'monthly' ? query.from.slice(0, 7) : query.from.slice(0, 4);
      const name = `${REPORT_TITLES[kind][locale]}_${period}.xlsx`;
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(workbook);
    });
  }

  // 日终结算 by hand: closes every day that is over and not closed (what the nightly job does).
  api.post('/report/close', { config: { permission: 'dailyReport:close' } }, async (request) => {
    const { tenantId, username, locale } = authOf(request);
    // The ledger's days of the caller's school, closed in its own transaction (as the nightly job does).
    const done = await closeDays(context.db, tenantId, username);
    if (!done.closed.length) return ok(done, '已结束的日期均已日结，无需重复结算');
    const range = done.closed.length === 1 ? done.closed[0]! : `${done.closed[0]} ~ ${done.closed.at(-1)}`;
    return ok(done, locale === 'en' ? `Closed ${range}: ${done.txns} postings (${done.late} late)` : `已日结 ${range}：${done.txns} 笔交易（其中补录 ${done.late} 笔）`);
  });
}
