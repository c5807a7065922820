/**
 * 统计报表 through its routes, on PGlite and on PostgreSQL: a month of random card-office work is closed
 * by 日终结算, and every day, month and year then proves itself — 期初 + 收入 − 支出 = 期末 for every
 * wallet and department with a 校验差额 of 0, each day opening where the last closed; a posting that
 * comes after its day was closed changes nothing in that day and shows, marked late, in the day it
 * was posted; closed rows refuse changes in the database; today is summed on demand; the workbook
 * carries the screen's totals, its 日期范围 header and its signature footer; the codes are enforced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as t from '@server/db/schema';
import { rowsOf } from '@server/db/rows';
import { closableUpTo, closeDays } from '@server/modules/reports/dayClose';
import { moneyInWords } from '@shared/moneyInWords';
import { menuCodeForPath } from '@shared/permissions';
import type { DashboardAnswer, MonitorAnswer, WorkplaceAnswer } from '@shared/dashboard';
import type { BatchBoard, CanteenCard, LatestOperation, PrintReceipt, TaskBoard, TrendAnswer, SplitMember, SplitMemberDetail } from '@shared/demo/screens';
import { FUND_COLUMNS, fundColumnOf, INNER_TXN_TYPES, TXN_TYPES, WALLETS, type ReportAnswer } from '@shared/reports';
import { addDays, dayIn, DEFAULT_TIME_ZONE, parseSchoolTime } from '@shared/schoolTime';
import { apiOf } from '../support/api';
import { pdfPages } from '../support/pdfText';
import { fillLedgerMonth } from '../support/ledgerMonth';
import { writePosting } from '../support/ledgerWrite';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, roleWithUser } = apiOf(() => t0);
// The last day the close may take: yesterday, except in the first minutes after midnight while postings settle.
const yesterday = closableUpTo(DEFAULT_TIME_ZONE, new Date());
const today = addDays(yesterday, 1);
const monthStart = addDays(today, -30);

const report = async (token: string, url: string): Promise<ReportAnswer> => {
  const answer = await get(token, url);
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.result as ReportAnswer;
};

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  // A month of work before today, on top of the seeded school's own.
  await fillLedgerMonth(t0.db, {
    tenantId: 0,
    postings: 3000,
    start: parseSchoolTime(DEFAULT_TIME_ZONE, `${monthStart} 06:00:00`)!,
    end: parseSchoolTime(DEFAULT_TIME_ZONE, `${yesterday} 21:00:00`)!,
  });
}, 120_000);
afterAll(async () => t0?.close());

describe('the 资金收支 columns', () => {
  it('take every line of every kind of posting', () => {
    for (const type of TXN_TYPES.filter((candidate) => !INNER_TXN_TYPES.has(candidate)))
      for (const wallet of WALLETS)
        for (const dc of ['D', 'C'] as const) {
          // A top-up only ever credits: its debit side is an inner account.
          if ((type === 'RECHARGE' || type === 'OPEN') && dc === 'D' && wallet !== 'DEPOSIT') continue;
          expect(fundColumnOf(type, 'cash', wallet, dc), `${type} ${wallet} ${dc}`).not.toBeNull();
        }
    expect(new Set(FUND_COLUMNS.map((column) => column.key)).size).toBe(FUND_COLUMNS.length);
  });
});

describe('日终结算 and the closed days', () => {
  let closedYesterday: ReportAnswer;
  /** The last closed day the card office took top-ups at its counter (the sample's parents top up only when the money runs low). */
  let counterDay: ReportAnswer | undefined;

  it('closes every day of the month up to yesterday, once, keeping what the days showed live', async () => {
    // Before any close, a past day is summed on demand from the ledger's first day on. (A day long
    // past: the seed's own postings of the last days were made just now, within the minutes a close
    // leaves to transactions still in flight, and go to the next day's close as late ones.)
    const day = addDays(today, -10);
    const live = await report(admin, `/report/daily?date=${day}`);
    expect(live.liveFrom).toBe(day);
    expect(live.fundTotal.opening).toBeGreaterThan(0);
    expect(live.fundTotal.check).toBe(0);
    const closed = await call(admin, 'POST', '/report/close');
    expect(closed.status, closed.body.message).toBe(200);
    expect(closed.body.result.closed.at(-1)).toBe(yesterday);
    expect(closed.body.result.closed).toContain(monthStart);
    expect(closed.body.message).toContain('已日结');
    const again = await call(admin, 'POST', '/report/close');
    expect(again.body.result.closed).toEqual([]);
    expect(again.body.message).toBe('已结束的日期均已日结，无需重复结算');
    const kept = await report(admin, `/report/daily?date=${day}`);
    expect(kept.liveFrom).toBeNull();
    expect({ fund: kept.fund, total: kept.fundTotal, dept: kept.dept, business: kept.business }).toEqual({ fund: live.fund, total: live.fundTotal, dept: live.dept, business: live.business });
  });

  it('proves every day: 校验差额 0 for each wallet, each day opening where the day before closed', async () => {
    let previous: ReportAnswer | null = null;
    for (let day = monthStart; day <= yesterday; day = addDays(day, 1)) {
      const answer = await report(admin, `/report/daily?date=${day}`);
      expect(answer.closedDays).toBe(1);
      expect(answer.liveFrom).toBeNull();
      for (const row of [...answer.fund, answer.fundTotal]) {
        expect(row.check, `${day} ${row.key}`).toBe(0);
        expect(row.opening + row.income - row.outgo).toBe(row.closing);
      }
      if (previous) expect(answer.fundTotal.opening).toBe(previous.fundTotal.closing);
      // 部门收支: nobody changed class, so each department's end is its start and its movements.
      for (const line of answer.dept) {
        expect(line.closing, `${day} ${line.dept}`).toBe(line.opening + line.subsidy + line.recharge + line.otherIn - line.consume - line.refund - line.otherOut);
        expect(line.moved).toBe(0);
      }
      expect(answer.dept.reduce((sum, line) => sum + line.closing, 0)).toBe(answer.fundTotal.closing);
      if (answer.operators.some((line) => line.operator === 'admin' && line.recharges > 0)) counterDay = answer;
      previous = answer;
    }
    closedYesterday = previous!;
    // The month had real work: top-ups, spending and the canteens' takings.
    expect(closedYesterday.fundTotal.consume).toBeGreaterThan(0);
  });

  it('proves the month by days and the year by months, and their totals are the days summed', async () => {
    const month = yesterday.slice(0, 7);
    const monthly = await report(admin, `/report/monthly?month=${month}`);
    for (const row of [...monthly.fund, monthly.fundTotal]) expect(row.check, row.key).toBe(0);
    expect(monthly.fund.map((row) => row.key)).toContain(yesterday);
    let consumed = 0;
    for (let day = `${month}-01`; day <= yesterday && day.startsWith(month); day = addDays(day, 1)) consumed += (await report(admin, `/report/daily?date=${day}`)).fundTotal.consume;
    expect(monthly.fund.filter((row) => row.key <= yesterday).reduce((sum, row) => sum + row.consume, 0)).toBe(consumed);
    const yearly = await report(admin, `/report/yearly?year=${yesterday.slice(0, 4)}`);
    for (const row of [...yearly.fund, yearly.fundTotal]) expect(row.check, row.key).toBe(0);
    const inMonth = yearly.fund.find((row) => row.key === month)!;
    expect(inMonth.consume).toBe(monthly.fundTotal.consume);
    expect(inMonth.closing).toBe(monthly.fundTotal.closing);
    expect(yearly.charts.trend.find((point) => point.label === month)!.consume).toBe(monthly.fundTotal.consume);
  });

  it('shows the canteens takings, the groups spending and the counter cash of a day from the same ledger', async () => {
    const answer = closedYesterday;
    const total = answer.business.find((line) => line.level === 'total')!;
    expect(total.payments).toBeGreaterThan(0);
    // What the wallets paid for meals is what 资金收支 says was spent.
    expect(total.cash + total.subsidy).toBe(answer.fundTotal.consume);
    expect(total.takings).toBe(total.amount - total.refunded);
    expect(total.payable + total.commission).toBe(total.takings);
    const byType = answer.consumers.filter((line) => line.by === 'type');
    expect(byType.reduce((sum, line) => sum + line.amount, 0)).toBe(answer.fundTotal.consume);
    const counter = counterDay!.operators.find((line) => line.operator === 'admin')!;
    expect(counter.recharges).toBeGreaterThan(0);
    // The counter's cash: top-ups in cash and deposits taken, nothing paid out in this month.
    expect(counter.cashDue).toBe(counter.rechargeCash + counter.otherCashIn - counter.cashOut);
  });

  it('keeps a closed day as it was: a late posting shows in the day it was posted, marked late', async () => {
    // A terminal's offline payment of yesterday, uploaded today (after yesterday was closed).
    // Postings made in the minutes before the close (the seed's) are read by the next day already.
    const lateBefore = (await report(admin, `/report/daily?date=${today}`)).fundTotal.late;
    const [account] = await t0.db
      .select({ id: t.accounts.id })
      .from(t.accounts)
      .where(and(eq(t.accounts.tenantId, 0), eq(t.accounts.accountStatus, '1')))
      .limit(1);
    await writePosting(t0.db, {
      accountId: account!.id,
      txnType: 'CONSUME',
      amount: 777,
      accDate: yesterday,
      occurredAt: parseSchoolTime(DEFAULT_TIME_ZONE, `${yesterday} 12:00:00`)!,
      txnNo: `${yesterday.replaceAll('-', '')}LATE000001`,
      operator: 'terminal:POS0101',
      summary: '离线消费',
    });

    expect(await report(admin, `/report/daily?date=${yesterday}`)).toEqual(closedYesterday);
    const live = await report(admin, `/report/daily?date=${today}`);
    expect(live.liveFrom).toBe(today);
    expect(live.fundTotal.late).toBe(lateBefore + 1);
    expect(live.fundTotal.check).toBe(0);
    expect(live.fundTotal.opening).toBe(closedYesterday.fundTotal.closing);

    // Tomorrow night's close takes today's postings and the late one; yesterday still unchanged.
    const tomorrow = parseSchoolTime(DEFAULT_TIME_ZONE, `${addDays(today, 1)} 00:30:00`)!;
    expect((await closeDays(t0.db, 0, 'test', tomorrow)).closed).toEqual([today]);
    const closedToday = await report(admin, `/report/daily?date=${today}`);
    expect(closedToday.liveFrom).toBeNull();
    expect(closedToday.fundTotal.late).toBe(lateBefore + 1);
    expect(closedToday.fundTotal.check).toBe(0);
    expect(await report(admin, `/report/daily?date=${yesterday}`)).toEqual(closedYesterday);
  });

  it('refuses to change a closed day in the database', async () => {
    await expect(t0.db.execute(sql`update rpt_daily_fund set credit_cents = 0 where tenant_id = 0`)).rejects.toThrow();
    await expect(t0.db.execute(sql`delete from rpt_day_close where tenant_id = 0`)).rejects.toThrow();
  });
});

describe('the workbook and the codes', () => {
  it('exports the day as on the screen: 日期范围 … (单位:元) above, 制表: 审核: 负责人: below, the same totals', async () => {
    const answer = await report(admin, `/report/daily?date=${yesterday}`);
    const response = await t0.app.inject({ method: 'GET', url: `${BASE}/report/daily/export?date=${yesterday}`, headers: { 'X-Access-Token': admin } });
    expect(response.statusCode).toBe(200);
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(`日报表_${yesterday}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('资金收支')!;
    expect(String(sheet.getRow(2).getCell(1).value)).toBe(`日期范围 ${yesterday} ~ ${yesterday} (单位:元)`);
    const header = (sheet.getRow(3).values as unknown[]).slice(1);
    const rows = (sheet.getSheetValues() as unknown[]).filter((row): row is unknown[] => Array.isArray(row));
    const totalRow = rows.find((row) => row[1] === '合计')!;
    expect(totalRow[header.indexOf('消费') + 1]).toBe(answer.fundTotal.consume / 100);
    expect(totalRow[header.indexOf('期末余额') + 1]).toBe(answer.fundTotal.closing / 100);
    expect(totalRow[header.indexOf('校验差额') + 1]).toBe(0);
    expect(rows.some((row) => String(row[1]).startsWith('制表:') && String(row[1]).includes('审核:') && String(row[1]).includes('负责人:'))).toBe(true);
    expect(workbook.worksheets.map((each) => each.name)).toEqual(['资金收支', '部门收支', '营业汇总', '人员类型、部门消费', '就餐人次', '充值、操作员日报', '食材进销存']);
  });

  it('answers only holders of the screen code, exports and closes only with theirs', async () => {
    const reader = await roleWithUser(admin, 'report_reader', [menuCodeForPath('/reports/daily')]);
    expect((await get(reader.token, `/report/daily?date=${yesterday}`)).status).toBe(200);
    expect((await get(reader.token, `/report/monthly`)).status).toBe(403);
    expect((await get(reader.token, `/report/daily/export?date=${yesterday}`)).status).toBe(403);
    expect((await call(reader.token, 'POST', '/report/close')).status).toBe(403);
  });

  it('refuses a day that does not exist or has not come', async () => {
    const wrong = await get(admin, '/report/daily?date=2026-02-31');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('日期 2026-02-31 不存在');
    const ahead = await get(admin, `/report/daily?date=${addDays(today, 2)}`);
    expect(ahead.status).toBe(400);
    expect(ahead.body.message).toBe('不能查询未来日期的报表');
  });
});

describe('首页, the school at a glance', () => {
  it('shows the administrator today against yesterday, cards, canteens, low balances and the approvals waiting', async () => {
    const answer = (await get(admin, '/home/dashboard')).body.result as DashboardAnswer;
    expect(answer.today).toBe(today);
    const [spent] = await rowsOf<{ n: string }>(
      t0.db,
      sql`select coalesce(sum(case when txn_type = 'CONSUME' then amount_cents else -amount_cents end), 0)::text as n from fin_txn where tenant_id = 0 and txn_type in ('CONSUME', 'CONSUME_REFUND') and posted_at >= ${parseSchoolTime(DEFAULT_TIME_ZONE, `${today} 00:00:00`)!.toISOString()}::timestamptz`,
    );
    expect(answer.money!.consume!.today.amount).toBe(Number(spent!.n));
    // Yesterday's top-ups as the ledger has them (the sample school's days differ from one seeding to the next: it may have none).
    const [toppedUp] = await rowsOf<{ n: string }>(
      t0.db,
      sql`select coalesce(sum(case when txn_type = 'RECHARGE' then amount_cents else -amount_cents end), 0)::text as n from fin_txn where tenant_id = 0 and txn_type in ('RECHARGE', 'RECHARGE_REVERSAL')
        and posted_at >= ${parseSchoolTime(DEFAULT_TIME_ZONE, `${addDays(today, -1)} 00:00:00`)!.toISOString()}::timestamptz and posted_at < ${parseSchoolTime(DEFAULT_TIME_ZONE, `${today} 00:00:00`)!.toISOString()}::timestamptz`,
    );
    expect(answer.money!.recharge!.yesterday.amount).toBe(Number(toppedUp!.n));
    expect(answer.activeCards).toBeGreaterThan(0);
    expect(answer.canteens!.map((canteen) => canteen.name)).toContain('第一食堂');
    expect(answer.lowBalances!.lowest.length).toBeLessThanOrEqual(5);
    // The seed's adjustment waiting for audit was entered by the canteen's clerk: the administrator decides it.
    expect(answer.pending.find((item) => item.kind === 'members.adjustment.approve')).toEqual({
      kind: 'members.adjustment.approve',
      title: { 'zh-CN': '调账待审核', en: 'Adjustments to audit' },
      path: '/members/accounts',
      count: expect.any(Number),
    });
    // The seed's property-fee waiver (asked by the clerk), and the meal-leave refunds the sample weeks' nightly
    // 核算 counted and nobody audited yet: the leave of the week before last, and the sick leave ended early.
    expect(answer.pending).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'payments.propertyBill.approveWaive', path: '/payments/property', count: 1 }),
        expect.objectContaining({ kind: 'payments.mealLeaveRefund.approve', path: '/payments/leave-refunds', count: 2 }),
      ]),
    );
  });

  it('shows a user only what their permissions cover', async () => {
    const clerk = await roleWithUser(admin, 'home_card_clerk', [menuCodeForPath('/members/cards')]);
    const answer = (await get(clerk.token, '/home/dashboard')).body.result as DashboardAnswer;
    expect(answer.activeCards).toBeGreaterThan(0);
    expect(answer.money).toBeUndefined();
    expect(answer.canteens).toBeUndefined();
    expect(answer.lowBalances).toBeUndefined();
    expect(answer.pending).toEqual([]);
  });

  it('监控页: each canteen’s payments hour by hour today add up to today’s, with the terminals', async () => {
    const monitor = (await get(admin, '/home/monitor')).body.result as MonitorAnswer;
    const home = (await get(admin, '/home/dashboard')).body.result as DashboardAnswer;
    expect(monitor.canteens.map((canteen) => canteen.name)).toEqual(home.canteens!.map((canteen) => canteen.name));
    for (const canteen of monitor.canteens) {
      expect(canteen.hours).toHaveLength(monitor.hour + 1);
      expect(canteen.hours.reduce((sum, n) => sum + n, 0)).toBe(canteen.payments);
      expect(canteen.payments).toBe(home.canteens!.find((each) => each.name === canteen.name)!.payments);
    }
    expect(monitor.terminals.length).toBeGreaterThan(0);
    expect(monitor.latest.length).toBeLessThanOrEqual(10);
  });

  it('工作台: the approvals waiting and what the user did last, named by its button', async () => {
    const desk = (await get(admin, '/home/workplace')).body.result as WorkplaceAnswer;
    expect(desk.pending).toEqual(((await get(admin, '/home/dashboard')).body.result as DashboardAnswer).pending);
    // The operation log is written after the answer: the close made above is there by now.
    expect(desk.recent.map((item) => item.action)).toContain('日终结算');
    const clerk = await roleWithUser(admin, 'desk_nobody', [menuCodeForPath('/members/cards')]);
    expect((await get(clerk.token, '/home/workplace')).status).toBe(403);

    // JeecgBoot's own 工作台 asks its demo module; it gets the same desk in the demo's shapes.
    const projects = (await get(admin, '/mock/api/list/search/projects')).body.result;
    expect(projects.data.map((item: { title: string }) => item.title)).toEqual(desk.pending.map((item) => item.title));
    const activity = (await get(admin, '/mock/api/workplace/activity')).body.result;
    expect(activity[0]).toMatchObject({
      user: { nickname: expect.any(String) },
      project: { name: expect.any(String), action: expect.any(String) },
      time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    // 动态 is the school's latest operations, newest first: the role just made for the clerk leads.
    expect(activity.length).toBeLessThanOrEqual(6);
    expect(activity.map((item: { time: string }) => item.time)).toEqual(
      activity
        .map((item: { time: string }) => item.time)
        .sort()
        .reverse(),
    );
    expect(activity.some((item: { project: { name: string } }) => item.project.name === '角色管理')).toBe(true);
    const radar = (await get(admin, '/mock/api/workplace/radar')).body.result;
    expect(radar.map((corner: { item: string }) => corner.item)).toEqual(['添加', '编辑', '删除', '导入', '导出', '业务操作']);
    expect(radar.find((corner: { item: string }) => corner.item === '业务操作').个人).toBeGreaterThan(0);
    for (const url of ['/mock/api/role', '/mock/api/service']) expect((await get(admin, url)).body.result).toMatchObject({ data: expect.any(Array), pageNo: 1 });
    expect((await get(clerk.token, '/mock/api/workplace/radar')).status).toBe(403);
  });

  it('示例 on the school’s data: 分屏’s people and one person’s account and postings, 打印’s recharges, the user’s latest operation for the result pages', async () => {
    const page = (await get(admin, '/home/split/members?keyword=2022&pageSize=5')).body.result as { records: SplitMember[]; more: boolean };
    expect(page.records).toHaveLength(5);
    expect(page.more).toBe(true);
    expect(page.records.every((row) => row.memberNo.includes('2022'))).toBe(true);
    expect(page.records.map((row) => row.memberNo)).toEqual([...page.records.map((row) => row.memberNo)].sort());
    // 高一 (2024…) have their accounts in the sample school.
    const many = (await get(admin, '/home/split/members?keyword=2024&pageSize=100')).body.result as { records: SplitMember[] };
    const withAccount = many.records.find((row) => row.balance !== null)!;
    const detail = (await get(admin, `/home/split/member?id=${withAccount.id}`)).body.result as SplitMemberDetail;
    expect(detail).toMatchObject({ id: withAccount.id, memberNo: withAccount.memberNo, balance: withAccount.balance });
    const [account] = await t0.db.select().from(t.accounts).where(eq(t.accounts.accountNo, detail.accountNo!));
    expect(detail.cash).toBe(account!.cash);
    const postings = await t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.accountId, account!.id));
    expect(detail.postings).toHaveLength(Math.min(10, postings.length));
    expect((await get(admin, '/home/split/member?id=nobody')).status).toBe(404);

    const receipts = (await get(admin, '/home/print/receipts')).body.result as PrintReceipt[];
    expect(receipts.length).toBeGreaterThan(0);
    expect(receipts.length).toBeLessThanOrEqual(20);
    const [posted] = await t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.txnNo, receipts[0]!.txnNo));
    expect(posted).toMatchObject({ txnType: 'RECHARGE', amount: receipts[0]!.amount });
    expect(receipts[0]!.school).toBe('示例学校');

    const done = await call(admin, 'POST', '/memb/account/recharge', { idempotencyKey: 'results-page-done', accountId: account!.id, amount: '1', channel: 'cash' });
    expect(done.body.success, done.body.message).toBe(true);
    await expect.poll(async () => ((await get(admin, '/home/results/latest?outcome=success')).body.result as LatestOperation | null)?.target).toContain(account!.id);
    await call(admin, 'POST', '/memb/account/recharge', { idempotencyKey: 'results-page-refused', accountId: 'no-such-account', amount: '1', channel: 'cash' });
    // The operation log is written once the answer has gone.
    await expect.poll(async () => ((await get(admin, '/home/results/latest?outcome=error')).body.result as LatestOperation | null)?.route).toBe('/memb/account/recharge');
    const failed = (await get(admin, '/home/results/latest?outcome=error')).body.result as LatestOperation;
    expect(failed.message).toBeTruthy();
    expect(failed.action).toBe('充值');
    expect(((await get(admin, '/home/results/latest?outcome=success')).body.result as LatestOperation).target).toContain(account!.id);

    // 卡片列表: each canteen's takings today as 监控页 counts them.
    const cards = (await get(admin, '/home/canteenCards')).body.result as CanteenCard[];
    const monitor = (await get(admin, '/home/monitor')).body.result as MonitorAnswer;
    expect(cards.map((card) => [card.name, card.amount, card.payments]).sort()).toEqual(monitor.canteens.map((canteen) => [canteen.name, canteen.amount, canteen.payments]).sort());
    expect(cards.some((card) => card.stores.length > 0)).toBe(true);
    for (const card of cards) expect(card.stores.reduce((sum, store) => sum + store.amount, 0)).toBeLessThanOrEqual(card.amount);

    // 任务: the approvals waiting (as 首页 counts them), today's done — the recharge above among them.
    const board = (await get(admin, '/home/tasks')).body.result as TaskBoard;
    expect(board.pending).toEqual(((await get(admin, '/home/dashboard')).body.result as DashboardAnswer).pending);
    expect(board.done.map((item) => item.action)).toContain('充值');

    // 图表: thirty days, summing to what the ledger holds for them.
    const trends = (await get(admin, '/home/trends')).body.result as TrendAnswer;
    expect(trends.days).toHaveLength(30);
    expect(trends.days.at(-1)!.day).toBe(dayIn(DEFAULT_TIME_ZONE));
    const [ledger] = await rowsOf<{ amount: string; payments: number }>(
      t0.db,
      sql`SELECT coalesce(sum(amount_cents), 0)::text AS amount, count(*)::int AS payments FROM fin_txn WHERE tenant_id = 0 AND txn_type = 'CONSUME' AND acc_date >= ${trends.days[0]!.day}::date`,
    );
    expect(trends.days.reduce((sum, day) => sum + day.consume, 0)).toBe(Number(ledger!.amount));
    expect(trends.canteens.reduce((sum, canteen) => sum + canteen.amount, 0)).toBe(Number(ledger!.amount));
    expect(trends.hours.reduce((sum, n) => sum + n, 0)).toBe(ledger!.payments);

    // Each behind its own screen's code.
    const clerk = await roleWithUser(admin, 'demo_nobody', [menuCodeForPath('/members/cards')]);
    expect((await get(clerk.token, '/home/split/members')).status).toBe(403);
    expect((await get(clerk.token, '/home/print/receipts')).status).toBe(403);
    expect((await get(clerk.token, '/home/canteenCards')).status).toBe(403);
    expect((await get(clerk.token, '/home/tasks')).status).toBe(403);
    expect((await get(clerk.token, '/home/trends')).status).toBe(403);
    expect((await get(clerk.token, '/home/pdf/members')).status).toBe(403);
    expect((await get(clerk.token, `/home/pdf/receipt?txnNo=${receipts[0]!.txnNo}`)).status).toBe(403);
    expect((await get(clerk.token, '/home/results/latest?outcome=success')).body.result).toBeNull();
  });

  it('标准列表: the school’s batches of every kind in one list, by phase and searched, counted, only of the kinds the user’s screens hold', async () => {
    for (const name of ['标准列表补助一', '标准列表补助二']) {
      const made = await call(admin, 'POST', '/memb/subsidy/add', { name, subsidyType: '2', fundSource: '2', startDate: today, clearMode: '0' });
      expect(made.body.success, made.body.message).toBe(true);
    }
    const board = async (token: string, query = '') => {
      const answer = await get(token, `/home/batches${query}`);
      expect(answer.status, answer.body.message).toBe(200);
      return answer.body.result as BatchBoard;
    };
    const all = await board(admin, '?pageSize=50');
    expect(all.kinds).toEqual(['subsidy', 'graduation', 'refund', 'push']);
    const [held] = await rowsOf<{ n: number }>(
      t0.db,
      sql`SELECT ((SELECT count(*) FROM memb_subsidy_batch WHERE tenant_id = 0 AND del_flag = 0) + (SELECT count(*) FROM memb_graduation_batch WHERE tenant_id = 0 AND del_flag = 0)
        + (SELECT count(*) FROM meal_refund_batch WHERE tenant_id = 0 AND del_flag = 0) + (SELECT count(*) FROM dev_push_task WHERE tenant_id = 0 AND del_flag = 0))::int AS n`,
    );
    expect(all.total).toBe(held!.n);
    expect(Object.values(all.counts).reduce((sum, n) => sum + n, 0)).toBe(all.total);
    // Newest first; a new draft waits, named and owned as made.
    expect(all.records.map((row) => row.startedAt)).toEqual([...all.records.map((row) => row.startedAt)].sort().reverse());
    const draft = all.records.find((row) => row.name === '标准列表补助二')!;
    expect(draft).toMatchObject({ kind: 'subsidy', phase: 'waiting', statusDict: 'audit_status', status: '0', path: '/members/subsidies', done: 0 });
    expect(draft.owner).toBeTruthy();
    // By phase: the count says how many.
    const waiting = await board(admin, '?phase=waiting&pageSize=50');
    expect(waiting.total).toBe(all.counts.waiting);
    expect(waiting.records.every((row) => row.phase === 'waiting')).toBe(true);
    // Searched by name or number; paged.
    expect((await board(admin, `?keyword=${encodeURIComponent('标准列表补助')}`)).total).toBe(2);
    expect((await board(admin, `?keyword=${draft.no}`)).records.map((row) => row.id)).toEqual([draft.id]);
    const first = await board(admin, '?pageSize=1');
    expect(first.records).toHaveLength(1);
    expect((await board(admin, '?pageSize=1&pageNo=2')).records[0]?.id).not.toBe(first.records[0]!.id);
    expect((await get(admin, '/home/batches?phase=lost')).status).toBe(400);

    // A user with 补助管理 but not the other screens sees subsidies only; without the screen, nothing.
    const subsidyClerk = await roleWithUser(admin, 'batch_subsidy', [menuCodeForPath('/list/basic'), menuCodeForPath('/members/subsidies')]);
    const theirs = await board(subsidyClerk.token, '?pageSize=50');
    expect(theirs.kinds).toEqual(['subsidy']);
    expect(theirs.records.every((row) => row.kind === 'subsidy')).toBe(true);
    const listOnly = await roleWithUser(admin, 'batch_none', [menuCodeForPath('/list/basic')]);
    expect((await board(listOnly.token)).total).toBe(0);
    const clerk = await roleWithUser(admin, 'batch_nobody', [menuCodeForPath('/members/subsidies')]);
    expect((await get(clerk.token, '/home/batches')).status).toBe(403);
  });

  it('PDF 预览: a recharge’s 收款单 and a person’s 账户对账单 made from the ledger, paged, in the console’s language', async () => {
    const pdf = async (url: string, language = 'zh-CN') => {
      const response = await t0.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: { 'X-Access-Token': admin, 'Accept-Language': language } });
      return { status: response.statusCode, type: response.headers['content-type'], bytes: response.rawPayload, body: response.body };
    };
    const [receipt] = (await get(admin, '/home/print/receipts')).body.result as PrintReceipt[];
    const made = await pdf(`/home/pdf/receipt?txnNo=${receipt!.txnNo}`);
    expect(made.status, made.body.slice(0, 200)).toBe(200);
    expect(made.type).toBe('application/pdf');
    const [paper, ...more] = await pdfPages(made.bytes);
    expect(more).toHaveLength(0);
    for (const text of ['收款单', receipt!.txnNo, receipt!.realName, receipt!.memberNo, moneyInWords(receipt!.amount), receipt!.operator]) expect(paper).toContain(text);
    expect((await pdfPages((await pdf(`/home/pdf/receipt?txnNo=${receipt!.txnNo}`, 'en')).bytes))[0]).toContain('Receipt');
    const unknown = await pdf('/home/pdf/receipt?txnNo=NOPE');
    expect([unknown.status, JSON.parse(unknown.body).message]).toEqual([404, '未找到该充值记录']);

    // The person with the most postings this month: their statement runs over pages.
    const [busiest] = await rowsOf<{ member_id: string; account_id: string; postings: number }>(
      t0.db,
      sql`SELECT a.member_id, a.id AS account_id, count(*)::int AS postings FROM fin_txn x JOIN memb_account a ON a.id = x.account_id
        WHERE x.tenant_id = 0 AND x.acc_date BETWEEN ${monthStart}::date AND ${today}::date GROUP BY a.id ORDER BY count(*) DESC LIMIT 1`,
    );
    // Enough of them (45, with some today) that they cannot fit one page.
    const topUps = Math.max(15, 45 - busiest!.postings);
    for (let n = 0; n < topUps; n++) {
      const topUp = await call(admin, 'POST', '/memb/account/recharge', { idempotencyKey: `pdf-statement-${n}`, accountId: busiest!.account_id, amount: '2', channel: 'cash' });
      expect(topUp.body.success, topUp.body.message).toBe(true);
    }
    busiest!.postings += topUps;
    const statement = await pdf(`/home/pdf/statement?memberId=${busiest!.member_id}&from=${monthStart}&to=${today}`);
    expect(statement.status, statement.body.slice(0, 200)).toBe(200);
    const pages = await pdfPages(statement.bytes);
    expect(busiest!.postings).toBeGreaterThan(40);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, index) => {
      expect(text).toContain(`第 ${index + 1} 页 / 共 ${pages.length} 页`);
      // The columns' heads on every page.
      expect(text).toContain('变动金额');
    });
    expect(pages[0]).toContain('账户对账单');
    // Every posting once, and the balance it closes with is the account's.
    const postings = await t0.db.select({ txnNo: t.ledgerTransactions.txnNo }).from(t.ledgerTransactions).where(eq(t.ledgerTransactions.accountId, busiest!.account_id));
    const all = pages.join(' ');
    const inRange = postings.filter((posting) => all.includes(posting.txnNo));
    expect(inRange).toHaveLength(busiest!.postings);
    const [account] = await t0.db.select().from(t.accounts).where(eq(t.accounts.id, busiest!.account_id));
    const closing = account!.cash + account!.subsidy + account!.gift;
    // A debt is written -¥27.76 (the month's made-up postings may leave one).
    const written = `${closing < 0 ? '-' : ''}¥${(Math.abs(closing) / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(pages[0]).toMatch(new RegExp(`期末余额\\s+${written.replace(/[.$]/g, '\\$&')}`));

    const backwards = await pdf(`/home/pdf/statement?memberId=${busiest!.member_id}&from=${today}&to=${monthStart}`);
    expect([backwards.status, JSON.parse(backwards.body).message]).toEqual([400, '开始日期不能晚于结束日期']);
    const people = (await get(admin, '/home/pdf/members?keyword=2024&pageSize=3')).body.result as { records: SplitMember[] };
    expect(people.records).toHaveLength(3);
  });
});
