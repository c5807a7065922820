/**
 * 消息中心 through its routes, on PGlite and on PostgreSQL: templates with `${name}` variables
 * (malformed ones refused, a test send filled with sample values and logged with its billing
 * count); messages to a class's parents on several channels — recipients written, texts sent and
 * logged, WeChat refused for parents without a bound account, 重发失败, 撤回 taking the console
 * copies back, a planned message sent by the dispatch job; 短信通知's 重发 as a new row; school
 * notices sanitised, published to their scope, read through the texted link (counted once,
 * acknowledged), 提醒未读 once an hour, withdrawn; another school sees none of it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { toEnglish } from '@server/http/language';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { doors } from '@areas/access/server/tables';
import { newId } from '@server/db/ids';
import { tellEvents } from '@server/modules/messages/events';
import type { GateRecord } from '@areas/access/shared/gate';
import { smsParts } from '@shared/messages';
import { dateTimeIn, DEFAULT_TIME_ZONE, startOfSchoolDay } from '@shared/schoolTime';
import { apiOf } from '../support/api';
import { gateHeaders } from '../support/gate';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get } = apiOf(() => t0);
const outbox = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ccu-sms-')), 'sms-outbox.log');
const sent = () => (fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8') : '');
let classId: string;
let parentsOfClass: number;

beforeAll(async () => {
  t0 = await createTestApp({ sms: { driver: 'log', outbox } });
  admin = await signIn(t0.app, 'admin');
  // The second class of the first grade: the seed's notices and messages went to the first.
  const [klass] = await t0.db
    .select({ id: t.memberDepartments.id })
    .from(t.memberDepartments)
    .where(and(eq(t.memberDepartments.tenantId, 0), eq(t.memberDepartments.name, '高一（2）班')));
  classId = klass!.id;
  const pupils = await t0.db
    .select({ id: t.members.id })
    .from(t.members)
    .where(and(eq(t.members.deptId, classId), eq(t.members.memberStatus, '1')));
  const all = await t0.db.select({ studentId: t.parents.studentId, receive: t.parents.receiveNotice, status: t.parents.status }).from(t.parents);
  parentsOfClass = all.filter((row) => row.receive && row.status === '1' && pupils.some((pupil) => pupil.id === row.studentId)).length;
});
afterAll(async () => t0?.close());

const listOf = async (url: string) => (await get(admin, url)).body.result.records as (Record<string, unknown> & { id: string })[];

describe('消息模板', () => {
  it('starts every school with the business events’ templates, and refuses a malformed variable', async () => {
    const codes = (await listOf('/msg/template/list?pageSize=50')).map((row) => row.code);
    expect(codes).toEqual(expect.arrayContaining(['LOW_BALANCE', 'LEAVE_RESULT', 'BILL_DUE', 'MOVE_CAR', 'ATTENDANCE_LATE']));
    const bad = await call(admin, 'POST', '/msg/template/add', { code: 'bad_one', name: '坏模板', channel: '3', scene: '1', content: '你好 ${ name}' });
    expect(bad.body.message).toBe('模板变量 ${ name} 写法不对，应为 ${字母开头的名称}');
    const taken = await call(admin, 'POST', '/msg/template/add', { code: 'low_balance', name: '重复', channel: '3', scene: '2', content: '余额${balance}' });
    expect(taken.body.success).toBe(false);
  });

  it('sends a test filled with sample values, logged with its billing count', async () => {
    const added = await call(admin, 'POST', '/msg/template/add', {
      code: 'exam_notice',
      name: '考试通知',
      channel: '3',
      scene: '1',
      signName: '示例学校',
      content: '${name}同学：期末考试于${day}开始。',
    });
    expect(added.body.success, added.body.message).toBe(true);
    const [template] = await listOf('/msg/template/list?code=EXAM_NOTICE');
    expect(template).toMatchObject({ code: 'EXAM_NOTICE', status: '1' });
    const tested = await call(admin, 'POST', '/msg/template/test', { id: template!.id, mobile: '13700001111', samples: 'name=李雷\nday=1月10日' });
    expect(tested.body.success, tested.body.message).toBe(true);
    expect(sent()).toContain('13700001111\t【示例学校】李雷同学：期末考试于1月10日开始。');
    const [log] = await listOf('/msg/sms/list?mobile=13700001111');
    expect(log).toMatchObject({ status: '2', parts: 1, templateCode: 'EXAM_NOTICE', scene: '1' });
  });

  it('counts a long text in parts of 67', () => {
    expect(smsParts('字'.repeat(70))).toBe(1);
    expect(smsParts('字'.repeat(71))).toBe(2);
    expect(smsParts('字'.repeat(134))).toBe(2);
    expect(smsParts('字'.repeat(135))).toBe(3);
  });
});

describe('消息管理', () => {
  it('needs the person or class its scope names', async () => {
    const none = await call(admin, 'POST', '/msg/message/add', { title: '测试', content: '内容', scene: '1', channels: '1', audience: '2', scope: '2' });
    expect(none.body.message).toBe('接收范围为班级/部门时，请选择班级或部门');
  });

  it('sends to a class’s parents on every channel: texts logged, WeChat refused without a bound account, 重发失败 and 撤回', async () => {
    expect(parentsOfClass).toBeGreaterThan(0);
    const added = await call(admin, 'POST', '/msg/message/add', { title: '春游通知', content: '周三春游，请带午餐。', scene: '1', channels: '1,2,3', audience: '2', scope: '2', deptId: classId });
    expect(added.body.success, added.body.message).toBe(true);
    const [draft] = await listOf('/msg/message/list?title=春游通知');
    expect(draft!.billNo).toMatch(/^XX\d{12}$/);
    const before = sent().split('\n').length;
    const sending = await call(admin, 'POST', '/msg/message/send', { id: draft!.id });
    expect(sending.body.success, sending.body.message).toBe(true);
    const [message] = await listOf('/msg/message/list?title=春游通知');
    const wechatBound = (
      await t0.db
        .select()
        .from(t.messageRecipients)
        .where(and(eq(t.messageRecipients.messageId, draft!.id), eq(t.messageRecipients.channel, '2'), eq(t.messageRecipients.status, '1')))
    ).length;
    expect(message).toMatchObject({ total: parentsOfClass * 3, sent: parentsOfClass * 2 + wechatBound, failed: parentsOfClass - wechatBound, sentBy: 'admin' });
    expect(message!.status).toBe(wechatBound === parentsOfClass ? '2' : '3');
    expect(sent().split('\n').length - before).toBe(parentsOfClass);
    expect(sent()).toContain('春游通知：周三春游，请带午餐。');
    const failedRows = await listOf(`/msg/recipient/list?messageId=${draft!.id}&status=2`);
    expect(failedRows.every((row) => row.errMsg === '未绑定微信')).toBe(true);
    // Read in English, the same failure is the catalogue's English (nothing is stored beside a fixed text).
    const inEnglish = await call(admin, 'GET', `/msg/recipient/list?messageId=${draft!.id}&status=2`, undefined, { 'accept-language': 'en' });
    expect(inEnglish.body.result.records.map((row: { errMsg: string }) => row.errMsg)).toEqual(failedRows.map(() => toEnglish('未绑定微信')));
    expect(toEnglish('未绑定微信')).not.toBe('未绑定微信');
    // Sent: no longer edited or sent again.
    expect((await call(admin, 'PUT', '/msg/message/edit', { id: draft!.id, title: '改' })).body.success).toBe(false);
    expect((await call(admin, 'POST', '/msg/message/send', { id: draft!.id })).body.success).toBe(false);

    if (failedRows.length) {
      const retried = await call(admin, 'POST', '/msg/message/resend', { id: draft!.id });
      expect(retried.body.success, retried.body.message).toBe(true);
      expect((await listOf(`/msg/recipient/list?messageId=${draft!.id}&status=2`)).length).toBe(failedRows.length);
    }
    const withdrawn = await call(admin, 'POST', '/msg/message/withdraw', { id: draft!.id });
    expect(withdrawn.body.success, withdrawn.body.message).toBe(true);
    const rows = await listOf(`/msg/recipient/list?messageId=${draft!.id}&pageSize=200`);
    expect(rows.filter((row) => row.channel === '1').every((row) => row.status === '4')).toBe(true);
    expect(rows.filter((row) => row.channel === '3').every((row) => row.status === '1')).toBe(true);
    expect((await listOf('/msg/message/list?title=春游通知'))[0]!.status).toBe('5');
  });

  it('keeps a planned message for the dispatch job, which sends it when its time comes', async () => {
    const pupil = (await t0.db.select({ id: t.members.id, mobile: t.members.mobile }).from(t.members).where(eq(t.members.deptId, classId)))[0]!;
    const planAt = dateTimeIn(DEFAULT_TIME_ZONE, new Date(Date.now() + 3_600_000));
    const added = await call(admin, 'POST', '/msg/message/add', { title: '定时测试', content: '明早 7:30 集合。', scene: '1', channels: '1', audience: '1', scope: '1', memberId: pupil.id, planAt });
    expect(added.body.success, added.body.message).toBe(true);
    const [draft] = await listOf('/msg/message/list?title=定时测试');
    const planned = await call(admin, 'POST', '/msg/message/send', { id: draft!.id });
    expect(planned.body.message).toBe('已定时，到时自动发送');
    expect((await listOf('/msg/message/list?title=定时测试'))[0]).toMatchObject({ status: '1', total: 0 });
    // Not yet due: the job leaves it.
    expect((await get(admin, '/sys/quartzJob/execute?jobClassName=messageDispatch')).body.success).toBe(true);
    expect((await listOf('/msg/message/list?title=定时测试'))[0]).toMatchObject({ status: '1' });
    await t0.db
      .update(t.messages)
      .set({ planAt: new Date(Date.now() - 1000) })
      .where(eq(t.messages.id, draft!.id));
    expect((await get(admin, '/sys/quartzJob/execute?jobClassName=messageDispatch')).body.success).toBe(true);
    expect((await listOf('/msg/message/list?title=定时测试'))[0]).toMatchObject({ status: '2', total: 1, sent: 1 });
  });
});

describe('business events through their templates', () => {
  it('tells a pupil’s parents the leave decision by the school’s LEAVE_RESULT template, and nothing once it is stopped', async () => {
    const [pupil] = await t0.db
      .select({ id: t.members.id, name: t.members.realName })
      .from(t.members)
      .innerJoin(t.parents, eq(t.parents.studentId, t.members.id))
      .where(and(eq(t.members.tenantId, 0), eq(t.parents.receiveNotice, true), eq(t.parents.status, '1')))
      .limit(1);
    const ask = (startTime: string, endTime: string) => call(admin, 'POST', '/memb/leave/add', { memberId: pupil!.id, leaveType: '1', startTime, endTime, reason: '看病', source: '2' });
    const asked = await ask('2027-03-01 08:00:00', '2027-03-01 12:00:00');
    expect(asked.body.success, asked.body.message).toBe(true);
    const before = sent();
    expect((await call(admin, 'POST', '/memb/leave/approve', { id: asked.body.result.id })).body.success).toBe(true);
    expect(sent().slice(before.length)).toContain(`${pupil!.name}的请假（2027-03-01 08:00至2027-03-01 12:00）已批准。`);
    const [message] = await listOf('/msg/message/list?column=billNo&order=desc');
    expect(message).toMatchObject({ templateCode: 'LEAVE_RESULT', scene: '5', status: '2' });

    const [template] = await listOf('/msg/template/list?code=LEAVE_RESULT');
    expect((await call(admin, 'POST', '/msg/template/disable', { ids: [template!.id] })).body.success).toBe(true);
    const second = await ask('2027-03-02 08:00:00', '2027-03-02 12:00:00');
    const quiet = sent();
    expect((await call(admin, 'POST', '/memb/leave/reject', { id: second.body.result.id, approveOpinion: '请家长到校' })).body.success).toBe(true);
    expect(sent()).toBe(quiet);
  });

  it('tells each payment and school-gate pass once through CONSUME and ARRIVAL, from the first run on, and nothing while a template is stopped', async () => {
    const context = t0.app.appContext;
    const told = (code: string) =>
      t0.db
        .select()
        .from(t.messages)
        .where(and(eq(t.messages.tenantId, 0), eq(t.messages.templateCode, code)));
    // The first run only marks: the sample's history is never told.
    expect(await tellEvents(context, 0)).toEqual({ CONSUME: 0, ARRIVAL: 0 });
    expect(await told('CONSUME')).toHaveLength(0);

    const [pupil] = await t0.db
      .select({ id: t.members.id, name: t.members.realName, cardNo: t.cards.cardNo })
      .from(t.members)
      .innerJoin(t.cards, and(eq(t.cards.memberId, t.members.id), eq(t.cards.cardStatus, '1')))
      .innerJoin(t.parents, and(eq(t.parents.studentId, t.members.id), eq(t.parents.receiveNotice, true), eq(t.parents.status, '1')))
      .where(and(eq(t.members.deptId, classId), eq(t.members.memberStatus, '1')))
      .limit(1);
    const [canteen] = await t0.db.select({ id: t.mealCanteens.id, name: t.mealCanteens.name }).from(t.mealCanteens).where(eq(t.mealCanteens.tenantId, 0)).limit(1);
    const pay = async (amount: string) => {
      const paid = await call(admin, 'POST', '/pay/consume', { idempotencyKey: newId(), cardNo: pupil!.cardNo, amount, canteenId: canteen!.id, mealType: '2' });
      expect(paid.body.success, paid.body.message).toBe(true);
      return paid.body.result;
    };
    const paid = await pay('12.50');
    // A pass at the south gate two minutes ago.
    const [door] = await t0.db
      .select()
      .from(doors)
      .where(and(eq(doors.tenantId, 0), eq(doors.name, '南大门')));
    const key = { serial: door!.serialNo, secret: (await call(admin, 'POST', '/acs/door/issueKey', { id: door!.id })).body.result.secret as string };
    const records: GateRecord[] = [{ serialNo: `EV${Date.now()}`, cardNo: pupil!.cardNo, direction: '1', method: '1', deviceTime: dateTimeIn(DEFAULT_TIME_ZONE, new Date(Date.now() - 120_000)) }];
    const passed = await t0.app.inject({ method: 'POST', url: `${BASE}/gate/access`, headers: gateHeaders(key, records), payload: { records } });
    expect(passed.json().result[0].allowed).toBe(true);

    expect(await tellEvents(context, 0)).toEqual({ CONSUME: 1, ARRIVAL: 1 });
    const [consumed] = await told('CONSUME');
    const [account] = await t0.db.select().from(t.accounts).where(eq(t.accounts.id, paid.accountId));
    const balance = ((account!.cash + account!.subsidy + account!.gift) / 100).toFixed(2);
    expect(consumed).toMatchObject({ memberId: pupil!.id, scene: '3', audience: '2' });
    expect(consumed!.content).toMatch(new RegExp(`^${pupil!.name}于\\d{2}-\\d{2} \\d{2}:\\d{2}在${canteen!.name}消费12\\.50元，余额${balance.replace('.', '\\.')}元。$`));
    const [arrived] = await told('ARRIVAL');
    expect(arrived!.content).toMatch(new RegExp(`^${pupil!.name}已于\\d{2}:\\d{2}进校（南大门）。$`));
    // Told once.
    expect(await tellEvents(context, 0)).toEqual({ CONSUME: 0, ARRIVAL: 0 });

    // Stopped: nothing told, and switched on again, what happened meanwhile is not told late.
    const [template] = await listOf('/msg/template/list?code=CONSUME');
    expect((await call(admin, 'POST', '/msg/template/disable', { ids: [template!.id] })).body.success).toBe(true);
    await pay('3.00');
    expect(await tellEvents(context, 0)).toEqual({ CONSUME: 0, ARRIVAL: 0 });
    expect((await call(admin, 'POST', '/msg/template/enable', { ids: [template!.id] })).body.success).toBe(true);
    expect(await tellEvents(context, 0)).toEqual({ CONSUME: 0, ARRIVAL: 0 });
    expect(await told('CONSUME')).toHaveLength(1);
  });
});

describe('余额不足提醒', () => {
  it('tells the members under the line through LOW_BALANCE once a day', async () => {
    // The sample school's balances move with the hour it was made at, and its weeks' 17:00 runs may have told some
    // today already (once a day): the line is set just above the lowest balance of those not told today.
    const toldToday = sql`exists (select 1 from msg_message m where m.member_id = ${t.members.id} and m.template_code = 'LOW_BALANCE'
      and m.create_time >= ${startOfSchoolDay(DEFAULT_TIME_ZONE)})`;
    const eligible = and(eq(t.accounts.tenantId, 0), eq(t.accounts.delFlag, 0), eq(t.accounts.accountStatus, '1'), eq(t.members.memberStatus, '1'), sql`not ${toldToday}`);
    const balance = sql<number>`${t.accounts.cash} + ${t.accounts.subsidy} + ${t.accounts.gift}`;
    const [lowest] = await t0.db
      .select({ cents: sql<string>`min(${balance})` })
      .from(t.accounts)
      .innerJoin(t.members, eq(t.members.id, t.accounts.memberId))
      .where(eligible);
    const lineYuan = Math.floor(Number(lowest!.cents) / 100) + 1;
    await t0.db
      .update(t.quartzJobs)
      .set({ parameter: String(lineYuan) })
      .where(eq(t.quartzJobs.jobClassName, 'lowBalanceReminder'));
    const low = await t0.db
      .select({ id: t.accounts.id })
      .from(t.accounts)
      .innerJoin(t.members, eq(t.members.id, t.accounts.memberId))
      .where(and(eligible, sql`${balance} < ${lineYuan * 100}`));
    expect(low.length).toBeGreaterThan(0);
    const before = (await get(admin, '/msg/message/list?scene=2&pageSize=1')).body.result.total as number;
    const ran = await get(admin, '/sys/quartzJob/execute?jobClassName=lowBalanceReminder');
    expect(ran.body.success, ran.body.message).toBe(true);
    const told = async () => (await get(admin, '/msg/message/list?scene=2&pageSize=1')).body.result.total as number;
    expect(await told()).toBe(before + low.length);
    const [one] = await listOf('/msg/message/list?scene=2');
    expect(one!.content).toMatch(new RegExp(`的校园卡余额为\\d+\\.\\d{2}元，已低于${lineYuan}\\.00元，请及时充值。$`));
    await get(admin, '/sys/quartzJob/execute?jobClassName=lowBalanceReminder');
    expect(await told()).toBe(before + low.length);
  });
});

describe('短信通知', () => {
  it('lists every text with its parts in the total line, and 重发 sends a failed one again as a new row', async () => {
    const failedId = newId();
    await t0.db
      .insert(t.smsLogs)
      .values({ id: failedId, tenantId: 0, mobile: '13600002222', content: '缴费提醒：请于月底前缴纳住宿费。', parts: 1, scene: '6', status: '3', errMsg: '短信发送失败，请稍后重试' });
    const listed = await get(admin, '/msg/sms/list?mobile=1360000');
    expect(listed.body.result.records).toHaveLength(1);
    const resent = await call(admin, 'POST', '/msg/sms/resend', { ids: [failedId] });
    expect(resent.body.success, resent.body.message).toBe(true);
    const rows = await listOf('/msg/sms/list?mobile=13600002222');
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id !== failedId)).toMatchObject({ status: '2', scene: '6' });
    expect(sent()).toContain('13600002222\t缴费提醒：请于月底前缴纳住宿费。');
    // Only a failed one is sent again.
    const good = rows.find((row) => row.id !== failedId)!;
    expect((await call(admin, 'POST', '/msg/sms/resend', { ids: [good.id] })).body.success).toBe(false);
  });
});

describe('学校通知', () => {
  const readPage = (token: string, query = '') => t0.app.inject({ method: 'GET', url: `${BASE}/msg/notice/read/${token}${query}` });

  it('is sanitised, published to its class’s parents, read through the link once, acknowledged, reminded once an hour and withdrawn', async () => {
    const noDept = await call(admin, 'POST', '/msg/schoolNotice/add', { title: '班级通知', kind: '1', scope: '3', content: '<p>内容</p>' });
    expect(noDept.body.message).toBe('范围为年级或班级时，请选择年级/班级');
    const added = await call(admin, 'POST', '/msg/schoolNotice/add', {
      title: '运动会报名',
      kind: '4',
      scope: '3',
      deptId: classId,
      needReceipt: true,
      content: '<p onclick="steal()">请于周五前报名<script>alert(1)</script></p>',
    });
    expect(added.body.success, added.body.message).toBe(true);
    const [draft] = await listOf('/msg/schoolNotice/list?title=运动会报名');
    const stored = (await get(admin, `/msg/schoolNotice/queryById?id=${draft!.id}`)).body.result;
    expect(stored.content).toBe('<p>请于周五前报名</p>');

    const published = await call(admin, 'POST', '/msg/schoolNotice/publish', { id: draft!.id });
    expect(published.body.success, published.body.message).toBe(true);
    expect((await listOf('/msg/schoolNotice/list?title=运动会报名'))[0]).toMatchObject({ status: '1', total: parentsOfClass, readCount: 0, publishBy: 'admin' });
    const receipts = await t0.db.select().from(t.noticeReceipts).where(eq(t.noticeReceipts.noticeId, draft!.id));
    expect(receipts).toHaveLength(parentsOfClass);

    const first = receipts[0]!;
    const page = await readPage(first.token);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('运动会报名');
    expect(page.body).toContain('我已阅读并确认');
    expect(page.body).not.toContain('<script');
    await readPage(first.token);
    expect((await listOf('/msg/schoolNotice/list?title=运动会报名'))[0]).toMatchObject({ readCount: 1 });
    const confirmed = await readPage(first.token, '?confirm=1');
    expect(confirmed.body).toContain('已确认回执');
    expect((await listOf(`/msg/noticeReceipt/list?noticeId=${draft!.id}&name=${encodeURIComponent(first.name)}`))[0]!.confirmedAt).toBeTruthy();
    expect((await readPage('x'.repeat(22))).statusCode).toBe(404);

    const before = sent();
    const reminded = await call(admin, 'POST', '/msg/schoolNotice/remind', { id: draft!.id });
    expect(reminded.body.success, reminded.body.message).toBe(true);
    const texts = sent().slice(before.length).trim().split('\n');
    expect(texts).toHaveLength(parentsOfClass - 1);
    expect(texts[0]).toMatch(new RegExp(`您有一条学校通知「运动会报名」尚未阅读：${BASE}/msg/notice/read/[A-Za-z0-9_-]{22}$`));
    expect(texts.join('\n')).not.toContain(first.token);
    expect((await call(admin, 'POST', '/msg/schoolNotice/remind', { id: draft!.id })).body.message).toBe('一小时内已提醒过，请稍后再试');

    expect((await call(admin, 'POST', '/msg/schoolNotice/withdraw', { id: draft!.id })).body.success).toBe(true);
    expect((await readPage(first.token)).statusCode).toBe(404);
  });

  it('shows another school none of it', async () => {
    const created = await call(admin, 'POST', '/sys/tenant/add', { name: '消息测试学校', adminUsername: 'msgschool', adminRealname: '李老师', adminPassword: 'Msg-school-2026' });
    expect(created.body.success, created.body.message).toBe(true);
    const other = await signIn(t0.app, 'msgschool', 'Msg-school-2026');
    for (const url of ['/msg/schoolNotice/list', '/msg/message/list', '/msg/sms/list', '/msg/recipient/list', '/msg/noticeReceipt/list']) expect((await get(other, url)).body.result.total).toBe(0);
    // A new school starts with its own templates.
    expect((await get(other, '/msg/template/list?code=LOW_BALANCE')).body.result.total).toBe(1);
  });
});
