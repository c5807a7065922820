/**
 * 亲情通话 through its routes and the signed phone API, on PGlite and on PostgreSQL: a pupil's four
 * numbers (a fifth refused), audited by someone else, taken by a phone at its sync; a package
 * subscribed, paid from the card through the ledger and live; calls asked and posted, their
 * minutes taken (a call sent twice kept once, one beyond the minutes refused); 续期 after the end;
 * 退订 refunding the months not begun, once per request; bad signatures refused; another school
 * sees none of it.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '@server/db/schema';
import { callNumbers, callPhones } from '../../server/tables';
import { entityCodes } from '@shared/engine/derive';
import { callNumber } from '../../shared/entities/number';
import { phoneAskSigningText, phoneCallsSigningText, type CallRecordInput } from '../../shared/familyPhone';
import { addDays, addMonths, dateTimeIn, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { apiOf } from '../../../../../tests/support/api';
import { takeHeaders } from '../../../../../tests/support/gate';
import { BASE, createTestApp, signIn, type TestApp } from '../../../../../tests/support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, roleWithUser, waiveCheckerWait } = apiOf(() => t0);
const today = dayIn(DEFAULT_TIME_ZONE);
const PHONE = 'HJ0101';
let secret: string;
let pupil: { id: string; cardNo: string; cash: number; accountId: string };
let serial = 0;

/** A phone's request, signed with its key over the text it signs. */
async function phoneCall(url: string, body: unknown, text: (serial: string, timestamp: string) => string, key = secret) {
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', key).update(text(PHONE, timestamp)).digest('hex');
  const response = await t0.app.inject({
    method: 'POST',
    url: `${BASE}${url}`,
    headers: { 'content-type': 'application/json', 'x-terminal-serial': PHONE, 'x-timestamp': timestamp, 'x-signature': signature },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json() };
}
const sync = async (key = secret) => {
  const response = await t0.app.inject({ method: 'POST', url: `${BASE}/phone/sync`, headers: takeHeaders({ serial: PHONE, secret: key }, '/phone/sync'), payload: {} });
  return { status: response.statusCode, body: response.json() };
};
const ask = (dialled: string, video = false) =>
  phoneCall('/phone/authorize', { cardNo: pupil.cardNo, dialled, video }, (s, ts) => phoneAskSigningText(s, ts, { cardNo: pupil.cardNo, dialled, video }));
const calls = (records: CallRecordInput[]) => phoneCall('/phone/calls', { records }, (s, ts) => phoneCallsSigningText(s, ts, records));
const rang = (dialled: string, seconds: number, extra: Partial<CallRecordInput> = {}): CallRecordInput => ({
  serialNo: `T${(serial += 1)}`,
  cardNo: pupil.cardNo,
  dialled,
  startTime: dateTimeIn(DEFAULT_TIME_ZONE),
  seconds,
  ...extra,
});
const cash = async () => (await t0.db.select({ cash: t.accounts.cash }).from(t.accounts).where(eq(t.accounts.id, pupil.accountId)))[0]!.cash;

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  // The administrator makes the work and creates its checkers: the school lets them check at once.
  await waiveCheckerWait(admin);
  const [phone] = await t0.db.select().from(callPhones).where(eq(callPhones.serialNo, PHONE));
  secret = (await call(admin, 'POST', '/call/phone/issueKey', { id: phone!.id })).body.result.secret;
  // A pupil with money on the card and no family numbers yet.
  const candidates = await t0.db
    .select({ id: t.members.id, cardNo: t.cards.cardNo, cash: t.accounts.cash, accountId: t.accounts.id })
    .from(t.members)
    .innerJoin(t.cards, and(eq(t.cards.memberId, t.members.id), eq(t.cards.cardStatus, '1')))
    .innerJoin(t.accounts, and(eq(t.accounts.id, t.cards.accountId), eq(t.accounts.accountStatus, '1')))
    .orderBy(t.members.memberNo);
  const numbered = new Set((await t0.db.select({ memberId: callNumbers.memberId }).from(callNumbers)).map((row) => row.memberId));
  pupil = candidates.find((row) => !numbered.has(row.id) && row.cash >= 10_000)!;
});
afterAll(async () => t0?.close());

describe('通话成员 and the phones', () => {
  it('gives a pupil four keys and refuses a fifth number or one twice', async () => {
    for (const [index, phone] of ['13811110001', '13811110002', '13811110003', '13811110004'].entries()) {
      const added = await call(admin, 'POST', '/call/member/add', { memberId: pupil.id, phone, relation: index === 0 ? '1' : '2', allowVideo: index === 0 });
      expect(added.body.success, added.body.message).toBe(true);
    }
    const rows = (await get(admin, `/call/member/list?memberId=${pupil.id}&column=seq&order=asc`)).body.result.records;
    expect(rows.map((row: { seq: number; auditStatus: string }) => [row.seq, row.auditStatus])).toEqual([
      [1, '0'],
      [2, '0'],
      [3, '0'],
      [4, '0'],
    ]);
    const fifth = await call(admin, 'POST', '/call/member/add', { memberId: pupil.id, phone: '13811110005', relation: '3' });
    expect(fifth.body.message).toBe('每名学生最多登记4个亲情号码');
    const twice = await call(admin, 'POST', '/call/member/add', { memberId: pupil.id, phone: '13811110001', relation: '1' });
    expect(twice.body.message).toBe('该学生已登记号码 13811110001');
  });

  it('is audited by someone other than who entered it, and reaches the phone at its next sync', async () => {
    const rows = (await get(admin, `/call/member/list?memberId=${pupil.id}&column=seq&order=asc`)).body.result.records as { id: string; phone: string }[];
    const own = await call(admin, 'POST', '/call/member/approve', { ids: [rows[0]!.id] });
    expect(own.status).toBe(400);
    const auditor = await roleWithUser(admin, 'call_auditor', [entityCodes(callNumber).read, 'callMember:approve', 'callMember:reject'], { ownPassword: true });
    const approved = await call(auditor.token, 'POST', '/call/member/approve', { ids: rows.slice(0, 3).map((row) => row.id) });
    expect(approved.body.success, approved.body.message).toBe(true);
    const rejected = await call(auditor.token, 'POST', '/call/member/reject', { ids: [rows[3]!.id], rejectReason: '号码不是家长本人' });
    expect(rejected.body.success, rejected.body.message).toBe(true);
    const taken = await sync();
    expect(taken.status).toBe(200);
    const mine = taken.body.result.numbers.filter((number: { cardNos: string[] }) => number.cardNos.includes(pupil.cardNo));
    expect(mine.map((number: { phone: string; seq: number }) => [number.seq, number.phone])).toEqual([
      [1, '13811110001'],
      [2, '13811110002'],
      [3, '13811110003'],
    ]);
    const after = (await get(admin, `/call/member/list?memberId=${pupil.id}&column=seq&order=asc`)).body.result.records;
    expect(after.slice(0, 3).every((row: { pushStatus: string }) => row.pushStatus === '1')).toBe(true);
    // A number stopped leaves the phone's list at its next sync.
    await call(admin, 'POST', '/call/member/disable', { ids: [rows[2]!.id] });
    expect((await sync()).body.result.numbers.filter((number: { cardNos: string[] }) => number.cardNos.includes(pupil.cardNo))).toHaveLength(2);
    const forged = await sync('not-the-key');
    expect(forged.status).toBe(401);
  });
});

describe('packages, subscriptions and calls', () => {
  let subscriptionId: string;
  let packageId: string;

  it('subscribes a pupil, refuses calls until it is paid from the card, then lets them ring', async () => {
    const added = await call(admin, 'POST', '/call/package/add', { name: '测试语音套餐', kind: '1', monthlyMinutes: 5, price: 30, validMonths: 3, deviceTypes: '1' });
    expect(added.body.success, added.body.message).toBe(true);
    packageId = added.body.result.id;
    const subscribed = await call(admin, 'POST', '/call/package/subscribe', { ids: [packageId], memberId: pupil.id });
    expect(subscribed.body.success, subscribed.body.message).toBe(true);
    const [sub] = (await get(admin, `/call/subscription/list?memberId=${pupil.id}`)).body.result.records;
    subscriptionId = sub.id;
    expect(sub).toMatchObject({ status: '0', startDate: today, endDate: addDays(addMonths(today, 3), -1), due: 30, owed: 30, minutesLeft: 5 });
    expect((await ask('13811110001')).body.result).toMatchObject({ allowed: false, reason: '没有有效的通话套餐' });
    const before = await cash();
    const paid = await call(admin, 'POST', '/call/subscription/payFromCard', { idempotencyKey: randomUUID(), id: subscriptionId, amount: 30 });
    expect(paid.body.success, paid.body.message).toBe(true);
    expect(await cash()).toBe(before - 3000);
    const [payment] = (await get(admin, `/pay/payment/list?billNo=${sub.billNo}`)).body.result.records;
    expect(payment).toMatchObject({ itemType: '6', amount: 30, channel: '1' });
    expect((await get(admin, `/call/subscription/queryById?id=${subscriptionId}`)).body.result).toMatchObject({ status: '1', payStatus: '2', owed: 0 });
    expect((await ask('13811110001')).body.result).toMatchObject({ allowed: true, minutesLeft: 5 });
    expect((await ask('13811110004')).body.result).toMatchObject({ allowed: false, reason: '号码未通过审核' });
    expect((await ask('13811110001', true)).body.result).toMatchObject({ allowed: false, reason: '套餐不含视频通话' });
  });

  it('takes whole minutes begun from the month, keeps a call sent twice once, and refuses past the minutes', async () => {
    const first = rang('13811110001', 61);
    const posted = await calls([first, rang('13811110002', 120)]);
    expect(posted.body.result).toEqual([
      expect.objectContaining({ serialNo: first.serialNo, allowed: true, minutes: 2, minutesLeft: 3 }),
      expect.objectContaining({ allowed: true, minutes: 2, minutesLeft: 1 }),
    ]);
    const again = await calls([first]);
    expect(again.body.result[0]).toMatchObject({ replayed: true, minutes: 2 });
    // One minute left: a long call takes it; then the month is used up.
    expect((await calls([rang('13811110001', 300)])).body.result[0]).toMatchObject({ allowed: true, minutes: 1, minutesLeft: 0 });
    expect((await calls([rang('13811110002', 30)])).body.result[0]).toMatchObject({ allowed: false, minutes: 0, reason: '本月通话分钟已用完' });
    expect((await ask('13811110001')).body.result).toMatchObject({ allowed: false, reason: '本月通话分钟已用完' });
    const records = (await get(admin, `/call/record/list?memberId=${pupil.id}&pageSize=50`)).body.result;
    expect(records.total).toBe(4);
    expect(records.footer.minutes).toBe(5);
    expect((await get(admin, `/call/subscription/queryById?id=${subscriptionId}`)).body.result.minutesLeft).toBe(0);
    const old = await calls([rang('13811110001', 60, { startTime: `${addDays(today, -30)} 19:00:00` })]);
    expect(old.body.result[0]).toMatchObject({ success: false, message: expect.stringContaining('离线交易已超过') });
  });

  it('renews from the day after the end, and cancels with the months not begun back on the card, once', async () => {
    const renewed = await call(admin, 'POST', '/call/subscription/renew', { ids: [subscriptionId] });
    expect(renewed.body.success, renewed.body.message).toBe(true);
    const next = (await get(admin, `/call/subscription/list?memberId=${pupil.id}&status=0`)).body.result.records[0];
    expect(next).toMatchObject({ startDate: addMonths(today, 3), due: 30 });
    expect((await call(admin, 'POST', '/call/subscription/renew', { ids: [subscriptionId] })).body.message).toMatch(/^已续期，续期账单 TC/);
    // Cancelled unpaid: no money moves.
    const unpaid = await call(admin, 'POST', '/call/subscription/unsubscribe', { idempotencyKey: randomUUID(), id: next.id, reason: '家长不再续订' });
    expect(unpaid.body).toMatchObject({ success: true, message: '已退订' });
    // The first month has begun: two of three come back (20.00 of 30.00).
    const before = await cash();
    const key = randomUUID();
    const cancelled = await call(admin, 'POST', '/call/subscription/unsubscribe', { idempotencyKey: key, id: subscriptionId, reason: '转学' });
    expect(cancelled.body.message).toBe('已退订，退回卡内 20.00 元');
    expect(await cash()).toBe(before + 2000);
    const again = await call(admin, 'POST', '/call/subscription/unsubscribe', { idempotencyKey: key, id: subscriptionId, reason: '转学' });
    expect(again.body).toMatchObject({ message: '该请求已办理', result: { refunded: 2000, replayed: true } });
    expect(await cash()).toBe(before + 2000);
    expect((await get(admin, `/call/subscription/queryById?id=${subscriptionId}`)).body.result).toMatchObject({ status: '3', refunded: 20, payStatus: '1' });
    expect((await ask('13811110001')).body.result).toMatchObject({ allowed: false, reason: '没有有效的通话套餐' });
  });

  it('another school sees none of it and cannot use this school’s phone records', async () => {
    const created = await call(admin, 'POST', '/sys/tenant/add', { name: '亲情通话隔离学校', adminUsername: 'callsother', adminRealname: '赵老师', adminPassword: 'Calls-school-2026' });
    expect(created.body.success, created.body.message).toBe(true);
    const other = await signIn(t0.app, 'callsother', 'Calls-school-2026');
    for (const url of ['/call/member/list', '/call/phone/list', '/call/package/list', '/call/subscription/list', '/call/record/list']) expect((await get(other, url)).body.result.total).toBe(0);
    expect((await get(other, `/call/subscription/queryById?id=${subscriptionId}`)).body.success).toBe(false);
    expect((await call(other, 'POST', '/call/subscription/unsubscribe', { idempotencyKey: randomUUID(), id: subscriptionId, reason: 'x' })).body.success).toBe(false);
  });
});
