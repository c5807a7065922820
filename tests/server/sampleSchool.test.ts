/**
 * The sample school tells one true story: its last four weeks were lived through the product's own
 * services on a simulated clock (src/server/sampleSchool). Read back as a clerk and an auditor would:
 * the ledger balances and reconciles; payments happen every day at the canteen's real windows, spread
 * over each meal, with their card, terminal and 档口; the daily figures vary; a payment's number and
 * posting time are of its own day; the daily report proves itself; ordered lunches were served or
 * closed as no-shows, and the next days wait ordered; the supermarket's first settlement was made;
 * cancelled lunches were merged, audited and paid back week by week; the stores were counted; each
 * repair was reported by who lives there; no two people share a name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@server/db/rows';
import { ledgerService } from '@server/modules/ledger/service';
import { addDays, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import type { ReportAnswer } from '@shared/reports';
import { apiOf } from '../support/api';
import { createTestApp, seededDay, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { get } = apiOf(() => t0);
const today = seededDay();

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
}, 120_000);
afterAll(async () => t0?.close());

const zone = DEFAULT_TIME_ZONE;

describe('the sample school’s four weeks', () => {
  it('balance: every transaction, every account against its entries', async () => {
    const check = await ledgerService(t0.db).reconcile(0);
    expect(check.accounts).toBeGreaterThan(100);
    expect(check.drift).toEqual([]);
    expect(check.unbalanced).toEqual([]);
  });

  it('pay every day at the terminals, spread over the meals, with card, terminal and 档口; the days differ', async () => {
    const days = await rowsOf<{ day: string; payments: number; spent: string; seconds: number; tapped: number; weekday: number }>(
      t0.db,
      sql`select acc_date::text as day, count(*)::int as payments, sum(amount_cents)::text as spent,
            count(distinct date_trunc('second', posted_at)) filter (where terminal_id is not null)::int as seconds,
            count(*) filter (where terminal_id is not null)::int as tapped, extract(isodow from acc_date)::int as weekday
          from fin_txn where tenant_id = 0 and txn_type = 'CONSUME' and acc_date > ${addDays(today, -28)}::date and acc_date < ${today}::date
          group by acc_date order by acc_date`,
    );
    expect(days.length).toBe(27);
    for (const day of days) {
      expect(day.payments, day.day).toBeGreaterThan(day.weekday <= 5 ? 150 : 20);
      // Never one timestamp for a day's taps at the terminals: each at its own moment (a busy lunch shares a few seconds).
      expect(day.seconds, day.day).toBeGreaterThan(day.tapped * 0.8);
    }
    expect(new Set(days.map((day) => day.spent)).size).toBeGreaterThan(20);
    const weekday = days.filter((day) => day.weekday <= 5).map((day) => day.payments);
    const weekend = days.filter((day) => day.weekday > 5).map((day) => day.payments);
    expect(Math.min(...weekday)).toBeGreaterThan(Math.max(...weekend));

    const terminals = await rowsOf<{ serial: string; store: string | null; payments: number; missing: number; meals: string }>(
      t0.db,
      sql`select d.serial_no as serial, s.name as store, count(*)::int as payments,
            count(*) filter (where x.card_id is null or x.canteen_id is null)::int as missing,
            string_agg(distinct coalesce(x.meal_type, '-'), ',' order by coalesce(x.meal_type, '-')) as meals
          from fin_txn x join dev_device d on d.id = x.terminal_id left join meal_store s on s.id = x.store_id
          where x.tenant_id = 0 and x.txn_type = 'CONSUME' group by d.serial_no, s.name order by d.serial_no`,
    );
    const bySerial = Object.fromEntries(terminals.map((row) => [row.serial, row]));
    expect(bySerial.POS0101?.store).toBe('基本伙一号窗口');
    expect(bySerial.POS0103?.store).toBe('风味小吃');
    for (const row of terminals) expect(row.missing, row.serial).toBe(0);
    // The windows serve lunch and supper; breakfast is at 风味小吃; the till sells between meals.
    expect(bySerial.POS0101?.meals).toBe('2,3');
    expect(bySerial.POS0103?.meals.split(',')).toContain('1');
    expect(bySerial.SHOP0101?.payments).toBeGreaterThan(50);

    // Each meal's payments fall in its window on the school's clock.
    const outside = await rowsOf<{ meal: string; clock: string }>(
      t0.db,
      sql`select x.meal_type as meal, to_char(x.occurred_at at time zone ${zone}, 'HH24:MI') as clock
          from fin_txn x join dev_device d on d.id = x.terminal_id
          where x.tenant_id = 0 and x.txn_type = 'CONSUME' and d.serial_no like 'POS%'
            and not ((x.meal_type = '1' and to_char(x.occurred_at at time zone ${zone}, 'HH24:MI') between '06:30' and '08:30')
                  or (x.meal_type = '2' and to_char(x.occurred_at at time zone ${zone}, 'HH24:MI') between '11:00' and '13:00')
                  or (x.meal_type = '3' and to_char(x.occurred_at at time zone ${zone}, 'HH24:MI') between '17:00' and '19:00'))
          limit 5`,
    );
    expect(outside).toEqual([]);
  });

  it('numbers and stamps each posting on its own day: 流水号 and 记账时间 agree with the 记账日期', async () => {
    const odd = await rowsOf<{ txn_no: string; acc_date: string; posted: string }>(
      t0.db,
      sql`select txn_no, acc_date::text, to_char(posted_at at time zone ${zone}, 'YYYY-MM-DD') as posted from fin_txn
          where tenant_id = 0 and (left(txn_no, 8) <> to_char(acc_date, 'YYYYMMDD') or to_char(posted_at at time zone ${zone}, 'YYYY-MM-DD') <> acc_date::text) limit 5`,
    );
    expect(odd).toEqual([]);
  });

  it('proves every past day in the daily report: 校验差额 0, each day opening where the last closed', async () => {
    let previous: ReportAnswer | null = null;
    const consumed: number[] = [];
    for (let day = addDays(today, -14); day < today; day = addDays(day, 1)) {
      const answer = await get(admin, `/report/daily?date=${day}`);
      expect(answer.status, answer.body.message).toBe(200);
      const report = answer.body.result as ReportAnswer;
      for (const row of [...report.fund, report.fundTotal]) expect(row.check, `${day} ${row.key}`).toBe(0);
      if (previous) expect(report.fundTotal.opening, day).toBe(previous.fundTotal.closing);
      consumed.push(report.fundTotal.consume);
      previous = report;
    }
    expect(Math.min(...consumed)).toBeGreaterThan(0);
    expect(new Set(consumed).size).toBeGreaterThan(7);
  });

  it('ordered lunches were served or closed as no-shows; the next days wait ordered; stop-meals in force and waiting', async () => {
    const orders = await rowsOf<{ past: boolean; status: string; count: number }>(
      t0.db,
      sql`select dining_date < ${today}::date as past, status, count(*)::int as count from meal_order where tenant_id = 0 group by 1, 2`,
    );
    const count = (past: boolean, status: string) => orders.find((row) => row.past === past && row.status === status)?.count ?? 0;
    expect(count(true, '2')).toBeGreaterThan(300);
    expect(count(true, '3')).toBeGreaterThan(5);
    expect(count(true, '1')).toBe(0);
    expect(count(false, '1')).toBeGreaterThan(20);
    expect(count(false, '4')).toBeGreaterThan(0);
    // The canteen's two (one in force, one waiting for audit), the one a contest's approved leave put in
    // force, and the office's: a weekend's withdrawn (已撤销); a contest's refused (已驳回) is over.
    const stops = await rowsOf<{ status: string; leave: boolean }>(t0.db, sql`select status, leave_id is not null as leave from meal_stop where tenant_id = 0 and start_date > ${today}::date`);
    expect(stops.map((row) => `${row.status}${row.leave ? ' leave' : ''}`).sort()).toEqual(['0', '1', '1 leave', '3']);
  });

  it('settled the supermarket’s first week five days ago', async () => {
    const [settlement] = await rowsOf<{ made: string }>(t0.db, sql`select to_char(create_time at time zone ${zone}, 'YYYY-MM-DD') as made from shop_settlement where tenant_id = 0`);
    expect(settlement?.made).toBe(addDays(today, -5));
  });

  it('issued last month’s meal subsidy through its flow, one posting a pupil on its morning, and spent it; the other batches wait at their steps', async () => {
    const batches = await rowsOf<{ name: string; audit: string; issue: string; issued: number; submit_by: string | null; audit_by: string | null; bill_day: string; made: string }>(
      t0.db,
      sql`select name, audit_status as audit, issue_status as issue, issued, submit_by, audit_by, substr(bill_no, 3, 8) as bill_day,
        to_char(create_time at time zone ${zone}, 'YYYYMMDD') as made from memb_subsidy_batch where tenant_id = 0 order by bill_no`,
    );
    // Each step of the flow: 已清零 (the month before's, issued late and cleared by the next), 已发放, 已作废 (made twice by mistake, six days ago), 已驳回, 待审核,
    // 发放中 (issued today to two teachers who cannot take it), 草稿; made and checked by two people; numbered on the day it was made.
    expect(batches.map((batch) => [batch.audit, batch.issue])).toEqual([
      ['2', '2'],
      ['2', '1'],
      ['4', '3'],
      ['3', '0'],
      ['1', '0'],
      ['2', '4'],
      ['0', '0'],
    ]);
    const [invigilation] = await rowsOf<{ paid: number; refused: string }>(
      t0.db,
      sql`select count(*) filter (where i.status = '2')::int as paid, string_agg(i.err_msg, '；' order by i.err_msg) filter (where i.status = '1') as refused
          from memb_subsidy_item i join memb_subsidy_batch b on b.id = i.batch_id where b.tenant_id = 0 and b.name = '期中监考误餐补助'`,
    );
    expect(invigilation).toEqual({ paid: 5, refused: '该人员没有账户；账户已冻结，不能办理该业务' });
    expect(batches[1]!.issued).toBe(40);
    expect(batches[1]!.submit_by).not.toBe(batches[1]!.audit_by);
    for (const batch of batches) expect(batch.bill_day).toBe(batch.made);
    const [issue] = await rowsOf<{ postings: number; days: number; day: string; spent: string }>(
      t0.db,
      sql`select count(*)::int as postings, count(distinct (posted_at at time zone ${zone})::date)::int as days, min((posted_at at time zone ${zone})::date)::text as day,
        (select coalesce(sum(e.amount_cents), 0)::text from fin_entry e join fin_txn p on p.id = e.txn_id
          where p.tenant_id = 0 and p.txn_type = 'CONSUME' and e.wallet = 'SUBSIDY') as spent
        from fin_txn where tenant_id = 0 and txn_type = 'SUBSIDY_ISSUE'`,
    );
    // The two meal subsidies' 40 pupils each, on their mornings; today the five teachers the invigilation meals could pay.
    expect(issue).toMatchObject({ postings: 85, days: 3, day: addDays(today, -27) });
    expect(Number(issue!.spent)).toBeGreaterThan(0);
  });

  it('wrote 系统通告 over the weeks, told parents by text a few a second, and has a card reported lost last evening', async () => {
    // The office's own: a draft, three released, one revoked; each released and revoked by its flow step.
    const notices = await rowsOf<{ state: string; count: number; steps: number }>(
      t0.db,
      sql`select send_status as state, count(*)::int as count, sum((select count(*) from sys_record_history h where h.record_id = a.id and h.action in ('release', 'revoke')))::int as steps
          from sys_announcement a where tenant_id = 0 and bus_type is null group by 1 order by 1`,
    );
    expect(notices).toEqual([
      { state: '0', count: 1, steps: 0 },
      { state: '1', count: 3, steps: 3 },
      { state: '2', count: 1, steps: 2 },
    ]);
    // The daily licence job told what came due, then weekly: not the same notice every morning.
    const [licences] = await rowsOf<{ count: number }>(t0.db, sql`select count(*)::int as count from sys_announcement where tenant_id = 0 and bus_type = 'supplierLicence'`);
    expect(licences!.count).toBeGreaterThan(0);
    expect(licences!.count).toBeLessThanOrEqual(6);
    const [texts] = await rowsOf<{ count: number; seconds: number }>(
      t0.db,
      sql`select count(*)::int as count, count(distinct date_trunc('second', sent_at))::int as seconds from msg_sms_log where tenant_id = 0`,
    );
    expect(texts!.count).toBeGreaterThan(10);
    expect(texts!.seconds).toBeGreaterThanOrEqual(Math.ceil(texts!.count / 4));
    const lost = await rowsOf<{ day: string }>(t0.db, sql`select (loss_time at time zone ${zone})::date::text as day from memb_card where tenant_id = 0 and card_status = '2'`);
    expect(lost).toEqual([{ day: addDays(today, -1) }]);
  });

  it('lived the leaves through their flow: every state, numbered on the day asked, each decision told to the parents, the refunds counted by the nightly job', async () => {
    const leaves = await rowsOf<{ state: string; asked: string; bill_day: string; decided: boolean; stops: number }>(
      t0.db,
      sql`select approve_status as state, to_char(create_time at time zone ${zone}, 'YYYYMMDD') as asked, substr(bill_no, 3, 8) as bill_day, approve_time is not null as decided,
            (select count(*) from meal_stop s where s.leave_id = l.id)::int as stops
          from memb_leave l where tenant_id = 0 order by bill_no`,
    );
    expect(new Set(leaves.map((leave) => leave.state))).toEqual(new Set(['0', '1', '2', '3', '4']));
    for (const leave of leaves) expect(leave.bill_day).toBe(leave.asked);
    // Each approval or rejection told the pupil's parents by the LEAVE_RESULT template, when it was decided.
    const [told] = await rowsOf<{ messages: number; texts: number }>(
      t0.db,
      sql`select count(*)::int as messages, (select count(*) from msg_sms_log s where s.tenant_id = 0 and s.template_code = 'LEAVE_RESULT')::int as texts
          from msg_message where tenant_id = 0 and template_code = 'LEAVE_RESULT'`,
    );
    expect(told!.messages).toBe(leaves.filter((leave) => leave.decided).length);
    expect(told!.texts).toBeGreaterThan(0);
    // The nightly 请假退餐费核算 ran every night and counted what was over: one refund paid back through 退款合并, others waiting for audit.
    const refunds = await rowsOf<{ state: string; batch: string | null }>(
      t0.db,
      sql`select r.status as state, b.refund_status as batch from pay_meal_leave_refund r left join meal_refund_batch b on b.id = r.batch_id where r.tenant_id = 0 order by r.bill_no`,
    );
    expect(refunds.map((refund) => refund.state)).toEqual(expect.arrayContaining(['4', '1', '0']));
    // Its batch paid it: 已退款, or 部分失败 where another pupil's account was frozen that morning.
    expect(['2', '3']).toContain(refunds.find((refund) => refund.state === '4')?.batch);
    const [runs] = await rowsOf<{ nights: number; failed: number }>(
      t0.db,
      sql`select count(distinct (r.scheduled_for at time zone ${zone})::date)::int as nights, count(*) filter (where not r.success)::int as failed
          from sys_quartz_job_run r join sys_quartz_job j on j.id = r.job_id where j.job_class_name = 'mealLeaveRefunds' and r.trigger = 'schedule'`,
    );
    // Every night of the four weeks (today's 01:30 too, unless the school was made before it).
    expect(runs!.nights).toBeGreaterThanOrEqual(27);
    expect(runs!.failed).toBe(0);
  });

  it('merges each week’s cancelled lunches into a refund batch audited by another person and paid back; the latest waits', async () => {
    const batches = await rowsOf<{ id: string; maker: string; checker: string | null; audit: string; refund: string; total: string; lines: number }>(
      t0.db,
      sql`select id, create_by as maker, audit_by as checker, audit_status as audit, refund_status as refund, total_cents::text as total, lines
          from meal_refund_batch where tenant_id = 0 order by bill_no`,
    );
    expect(batches.length).toBeGreaterThanOrEqual(2);
    const paid = batches.filter((batch) => batch.refund === '2');
    expect(paid.length).toBeGreaterThanOrEqual(1);
    for (const batch of paid) {
      expect(batch.checker).not.toBe(batch.maker);
      // Each line paid by a posting; the postings give back what the batch counted.
      const [back] = await rowsOf<{ lines: number; unpaid: number; posted: string }>(
        t0.db,
        sql`select count(*)::int as lines, count(*) filter (where i.status <> '2' or i.txn_id is null)::int as unpaid,
              (select coalesce(sum(t.amount_cents), 0)::text from fin_txn t where t.id in (select txn_id from meal_refund_item where batch_id = ${batch.id})) as posted
            from meal_refund_item i where i.batch_id = ${batch.id}`,
      );
      expect(back).toEqual({ lines: batch.lines, unpaid: 0, posted: batch.total });
    }
    // The last one paid met a pupil's account frozen for the morning: that pupil's lines wait, with the reason, for 执行退款 again.
    const failed = batches.filter((batch) => batch.refund === '3');
    expect(failed).toHaveLength(1);
    const [waiting] = await rowsOf<{ people: number; reasons: string }>(
      t0.db,
      sql`select count(distinct member_id)::int as people, string_agg(distinct fail_reason, '；') as reasons from meal_refund_item where batch_id = ${failed[0]!.id} and status = '1'`,
    );
    expect(waiting).toEqual({ people: 1, reasons: '账户已冻结，不能办理该业务' });
    expect(batches.at(-1)!.audit).toBe('1');
    // Each cancellation is in its order's history, as 取消订餐 leaves it.
    const [cancelled] = await rowsOf<{ orders: number; traced: number }>(
      t0.db,
      sql`select count(*)::int as orders, count(h.record_id)::int as traced from meal_order o
          left join sys_record_history h on h.record_id = o.id and h.action = 'cancel'
          where o.tenant_id = 0 and o.status in ('4', '5') and o.cancel_reason like '家长取消%'`,
    );
    expect(cancelled!.orders).toBeGreaterThan(2);
    expect(cancelled!.traced).toBe(cancelled!.orders);
  });

  it('counted the stores at the month’s end, one stocktake audited into the stock, one waiting; each repair reported by who lives there', async () => {
    const takes = await rowsOf<{ id: string; audit: string; diff: string; moved: string }>(
      t0.db,
      sql`select s.id, s.audit_status as audit, s.diff_amount_cents::text as diff,
            (select coalesce(sum(m.amount_cents), 0)::text from sup_stock_move m where m.bill_id = s.id and m.kind = 'ADJUST') as moved
          from sup_stocktake s where s.tenant_id = 0 and s.remark like '月末盘点%' order by s.bill_no`,
    );
    expect(takes.map((take) => take.audit)).toEqual(['2', '1']);
    expect(takes[0]!.diff).not.toBe('0');
    expect(takes[0]!.moved).toBe(takes[0]!.diff);
    expect(takes[1]!.moved).toBe('0');
    const repairs = await rowsOf<{ reporter: string; resident: boolean }>(
      t0.db,
      sql`select r.reporter_name as reporter, exists (select 1 from prop_owner o where o.tenant_id = 0 and o.name = r.reporter_name and o.mobile = r.reporter_mobile) as resident
          from prop_repair r where r.tenant_id = 0`,
    );
    expect(new Set(repairs.map((repair) => repair.reporter)).size).toBeGreaterThanOrEqual(3);
    expect(repairs.every((repair) => repair.resident)).toBe(true);
    // No two people of the school share a name.
    const [names] = await rowsOf<{ people: number; names: number }>(t0.db, sql`select count(*)::int as people, count(distinct real_name)::int as names from memb_member where tenant_id = 0`);
    expect(names!.names).toBe(names!.people);
  });

  it('settled last summer’s leavers class by class: one class whole, the other but for a boarder who still owes, frozen and waiting', async () => {
    const batches = await rowsOf<{ name: string; status: string; persons: number; done: number; failed: number }>(
      t0.db,
      sql`select name, status, persons, done, failed from memb_graduation_batch where tenant_id = 0 and grad_year = 2026 order by name`,
    );
    expect(batches).toEqual([
      { name: '2026届高三（1）班离校结算', status: '3', persons: 12, done: 12, failed: 0 },
      { name: '2026届高三（2）班离校结算', status: '4', persons: 9, done: 8, failed: 1 },
    ]);
    // One settlement a leaver, what the old system held paid back; the one who owes keeps everything until the fee is paid.
    const leavers = await rowsOf<{ result: string; err: string | null; account: string; member: string; postings: number; owed: number }>(
      t0.db,
      sql`select i.result, i.err_msg as err, a.account_status as account, m.member_status as member,
            (select count(*)::int from fin_txn x where x.account_id = a.id and x.txn_type = 'GRADUATE') as postings,
            (select coalesce(sum(b.owed_cents), 0)::int from pay_tuition_bill b where b.member_id = m.id and b.del_flag = 0) as owed
          from memb_graduation_item i join memb_graduation_batch g on g.id = i.batch_id
            join memb_member m on m.id = i.member_id join memb_account a on a.member_id = m.id
          where g.tenant_id = 0 and g.grad_year = 2026`,
    );
    const settled = leavers.filter((leaver) => leaver.result === '1');
    expect(settled).toHaveLength(20);
    expect(settled.every((leaver) => leaver.account === '3' && leaver.member === '3' && leaver.postings === 1 && leaver.owed === 0)).toBe(true);
    expect(leavers.filter((leaver) => leaver.result !== '1')).toEqual([
      { result: '2', err: '学费管理中有 1 张账单未缴清（欠费 800.00 元），请先缴清或减免后重试', account: '2', member: '1', postings: 0, owed: 80000 },
    ]);
  });
});
