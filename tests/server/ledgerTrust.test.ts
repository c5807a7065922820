/**
 * The card office a school can trust (issue 25), through the routes on PGlite and PostgreSQL: the
 * school's own day on a server in another zone, device times checked, every retried operation
 * answered with its first result and balances, keys that belong to their caller, numbers unique by
 * construction, money for closed and frozen accounts held as 待退款, the overdraft ceiling, the
 * same-day reversal rule and a ledger the database itself keeps append-only.
 */
// The server runs in UTC; the school is in Beijing. Set before anything reads the clock.
process.env.TZ = 'UTC';

import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { addDays, dateTimeIn, dayIn } from '@shared/schoolTime';
import { terminalSigningText, type TerminalRecord } from '@shared/terminal';
import { apiOf, type Answer } from '../support/api';
import { cardOfficeOf, key } from '../support/cardOffice';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';
import { timeOutsideMeals } from '../support/terminalTime';
import { writePosting } from '../support/ledgerWrite';

let t0: TestApp;
let admin: string;
let clerk: string;
const { call, get, roleWithUser, waiveCheckerWait } = apiOf(() => t0);
const { freshMember, open, recharge, consume, balances, callback, nextCard } = cardOfficeOf(
  () => t0,
  () => admin,
  300000,
);
const BEIJING = 'Asia/Shanghai';
const SERIAL = 'POS0101';
let terminal: { id: string; secret: string };

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  // The administrator makes the work and creates its checkers: the school lets them check at once.
  await waiveCheckerWait(admin);
  clerk = (
    await roleWithUser(
      admin,
      'trustclerk',
      ['members:accounts', 'account:recharge', 'account:rechargeReversal', 'account:adjust', 'account:adjustCheck', 'payments:consumption', 'consume:add', 'consume:refund'],
      { ownPassword: true },
    )
  ).token;
  const [device] = await t0.db.select().from(t.devices).where(eq(t.devices.serialNo, SERIAL));
  const issued = await call(admin, 'POST', '/dev/device/issueKey', { id: device!.id });
  terminal = { id: device!.id, secret: issued.body.result.secret };
});
afterAll(async () => t0?.close());

/** The card was issued some days ago: an offline payment of an earlier day is one it could make. */
const issuedDaysAgo = (cardNo: string, days: number) =>
  t0.db
    .update(t.cards)
    .set({ issueDate: addDays(dayIn(BEIJING), -days) })
    .where(eq(t.cards.cardNo, cardNo));

let serial = 0;
const record = (cardNo: string, amount: number, deviceTime = timeOutsideMeals(BEIJING)): TerminalRecord => ({ serialNo: `R${++serial}`, cardNo, amount, deviceTime });

/** Posts a batch as the terminal would, signed with its key. */
async function upload(records: TerminalRecord[]): Promise<{ success: boolean; message: string; txnNo?: string }[]> {
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', terminal.secret)
    .update(terminalSigningText(SERIAL, timestamp, records))
    .digest('hex');
  const response = await t0.app.inject({
    method: 'POST',
    url: `${BASE}/terminal/consume`,
    headers: { 'content-type': 'application/json', 'x-terminal-serial': SERIAL, 'x-timestamp': timestamp, 'x-signature': signature },
    payload: JSON.stringify({ records }),
  });
  expect(response.statusCode).toBe(200);
  return response.json().result;
}

/** The posting a caller's key made, if any: how many exist tells whether a retry posted twice. */
const postingsOf = (idempotencyKey: string) => t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.idempotencyKey, idempotencyKey));

/** Two identical requests at the same instant: both succeed with the same answer, and one posting exists. */
async function twiceAtOnce(send: () => Promise<Answer>, idempotencyKey: string) {
  const [first, second] = await Promise.all([send(), send()]);
  expect(first.body.success, first.body.message).toBe(true);
  expect(second.body.success, second.body.message).toBe(true);
  const strip = (answer: Answer) => ({ ...answer.body.result, replayed: undefined });
  expect(strip(first)).toEqual(strip(second));
  expect([first.body.result.replayed, second.body.result.replayed].sort()).toEqual([false, true]);
  const postings = await t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.idempotencyKey, idempotencyKey));
  expect(postings).toHaveLength(1);
  return first.body.result;
}

const reconciled = async () => expect((await get(admin, '/memb/account/reconcile')).body.result).toMatchObject({ drift: [], unbalanced: [] });

describe("the school's own day", () => {
  it('a Beijing breakfast at 06:00 counts toward that day on a UTC server, and is booked to it', async () => {
    const { accountId, cardNo } = await open();
    await issuedDaysAgo(cardNo, 3);
    await recharge(admin, accountId, '50.00');
    await t0.db.update(t.accounts).set({ dailyLimit: 1000, dailyLimitCount: null }).where(eq(t.accounts.id, accountId));
    const yesterday = addDays(dayIn(BEIJING), -1);
    const dayBefore = addDays(yesterday, -1);
    // 23:50 the day before and 06:00 are one UTC day (15:50 and 22:00 UTC), two Beijing days (both
    // outside the canteen's meal windows: no meal's discount).
    const answers = await upload([record(cardNo, 600, `${dayBefore} 23:50:00`), record(cardNo, 600, `${yesterday} 06:00:00`), record(cardNo, 600, `${yesterday} 14:00:00`)]);
    expect(answers.map((answer) => [answer.success, answer.message])).toEqual([
      [true, '消费成功！'],
      [true, '消费成功！'],
      // The afternoon is the same Beijing day as breakfast: 6 + 6 is over the 10.00 daily limit.
      [false, '超过当日消费限额（10.00元）'],
    ]);
    const [breakfast] = await t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.txnNo, answers[1]!.txnNo!));
    expect(breakfast!.accDate).toBe(yesterday);
    expect(breakfast!.txnNo.slice(0, 8)).toBe(yesterday.replaceAll('-', ''));
    const days = await t0.db.select().from(t.accountDays).where(eq(t.accountDays.accountId, accountId)).orderBy(t.accountDays.accDate);
    expect(days.map((day) => [day.accDate, day.spent, day.payments])).toEqual([
      [dayBefore, 600, 1],
      [yesterday, 600, 1],
    ]);
  });

  it('a refund gives back the spending of its payment’s day, not today’s', async () => {
    const { accountId, cardNo } = await open();
    await issuedDaysAgo(cardNo, 3);
    await recharge(admin, accountId, '500.00');
    await t0.db.update(t.accounts).set({ dailyLimit: 15000, dailyLimitCount: null }).where(eq(t.accounts.id, accountId));
    const yesterday = addDays(dayIn(BEIJING), -1);
    const earlier = await upload([1, 2, 3].map((minute) => record(cardNo, 4500, `${yesterday} 15:0${minute}:00`)));
    expect(earlier.every((answer) => answer.success)).toBe(true);
    for (const answer of earlier) {
      const [paid] = await t0.db.select({ id: t.ledgerTransactions.id }).from(t.ledgerTransactions).where(eq(t.ledgerTransactions.txnNo, answer.txnNo!));
      const refunded = await call(clerk, 'POST', '/pay/consume/refund', { idempotencyKey: key(), txnId: paid!.id, reason: '多扣' });
      expect(refunded.body.success, refunded.body.message).toBe(true);
    }
    // Today's 150.00 is whole: three payments of 45.00, and the fourth is over it.
    const today = await upload([0, 1, 2, 3].map(() => record(cardNo, 4500)));
    expect(today.map((answer) => answer.message)).toEqual(['消费成功！', '消费成功！', '消费成功！', '超过当日消费限额（150.00元）']);
    const days = await t0.db.select().from(t.accountDays).where(eq(t.accountDays.accountId, accountId)).orderBy(t.accountDays.accDate);
    expect(days.map((day) => [day.accDate, day.spent])).toEqual([
      [yesterday, 0],
      [dayIn(BEIJING), 13500],
    ]);
    await reconciled();
  });

  it('refuses impossible, stale and future device times record by record, with the reason', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '20.00');
    const old = `${addDays(dayIn(BEIJING), -8)} 12:00:00`;
    const ahead = dateTimeIn(BEIJING, new Date(Date.now() + 10 * 60_000));
    const answers = await upload([
      record(cardNo, 100),
      record(cardNo, 100, '2026-02-31 25:61:61'),
      record(cardNo, 100, '2026-02-29 12:00:00'),
      record(cardNo, 100, old),
      record(cardNo, 100, ahead),
      record(cardNo, 100),
    ]);
    expect(answers.map((answer) => [answer.success, answer.message])).toEqual([
      [true, '消费成功！'],
      [false, '交易时间无效（2026-02-31 25:61:61）'],
      [false, '交易时间无效（2026-02-29 12:00:00）'],
      [false, `离线交易已超过7天的上传期限（${old}）`],
      [false, `交易时间晚于服务器时间超过5分钟（${ahead}），请校准终端时钟`],
      [true, '消费成功！'],
    ]);
    expect((await balances(accountId)).cash).toBe(1800);
  });

  it('an offline payment is refused for a member type that does not allow it, and before its card was issued', async () => {
    const yesterday = addDays(dayIn(BEIJING), -1);
    // A parent's card (家长: 允许离线消费 off) pays online, not offline.
    const parent = await open('家长');
    await issuedDaysAgo(parent.cardNo, 3);
    await recharge(admin, parent.accountId, '50.00');
    const parentAnswers = await upload([record(parent.cardNo, 100, `${yesterday} 15:00:00`), record(parent.cardNo, 100, dateTimeIn(BEIJING))]);
    expect(parentAnswers.map((answer) => [answer.success, answer.message])).toEqual([
      [false, '该人员类型不允许离线消费'],
      [true, '消费成功！'],
    ]);
    // A pupil's card issued today cannot have paid yesterday; today it can.
    const pupil = await open();
    await recharge(admin, pupil.accountId, '50.00');
    const pupilAnswers = await upload([record(pupil.cardNo, 100, `${yesterday} 15:00:00`), record(pupil.cardNo, 100)]);
    expect(pupilAnswers.map((answer) => [answer.success, answer.message])).toEqual([
      [false, `交易日期早于发卡日期（${dayIn(BEIJING)}）`],
      [true, '消费成功！'],
    ]);
    // A record posted already is answered as it was, however late it is sent again.
    await issuedDaysAgo(pupil.cardNo, 3);
    const late = record(pupil.cardNo, 100, `${yesterday} 15:10:00`);
    expect((await upload([late]))[0]).toMatchObject({ success: true, message: '消费成功！' });
    await issuedDaysAgo(pupil.cardNo, 0);
    expect((await upload([late]))[0]).toMatchObject({ success: true, message: '该请求已办理' });
  });

  it('学校管理 keeps a school’s time zone and upload window, and refuses a zone that does not exist', async () => {
    const school = (await get(admin, '/sys/tenant/queryById?id=0')).body.result;
    expect(school).toMatchObject({ timeZone: 'Asia/Shanghai', offlineDays: 7, recordRangeDays: 31 });
    const wrong = await call(admin, 'PUT', '/sys/tenant/edit', { id: 0, name: school.name, timeZone: 'Mars/Olympus' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('时区无效，请填写如 Asia/Shanghai 的时区名称（timeZone）');
    expect((await call(admin, 'PUT', '/sys/tenant/edit', { id: 0, name: school.name, offlineDays: 40 })).body.message).toBe('离线交易上传期限须为1到30天（offlineDays）');
    const saved = await call(admin, 'PUT', '/sys/tenant/edit', { id: 0, name: school.name, offlineDays: 3 });
    expect(saved.body.success, saved.body.message).toBe(true);
    const { accountId, cardNo } = await open();
    await issuedDaysAgo(cardNo, 10);
    await recharge(admin, accountId, '5.00');
    const fourDays = `${addDays(dayIn(BEIJING), -4)} 12:00:00`;
    expect((await upload([record(cardNo, 100, fourDays)]))[0]!.message).toBe(`离线交易已超过3天的上传期限（${fourDays}）`);
    await call(admin, 'PUT', '/sys/tenant/edit', { id: 0, name: school.name, offlineDays: 7 });
    expect((await upload([record(cardNo, 100, fourDays)]))[0]!.success).toBe(true);
  });
});

describe('every retry answers with its first result', () => {
  it('on every money route, two identical requests at once post once and answer alike', async () => {
    // 开户
    const member = await open();
    const { cardNo: newNo, physNo } = nextCard();
    const memberId = await freshMember();
    const openKey = key();
    const opened = await twiceAtOnce(() => call(admin, 'POST', '/memb/account/open', { idempotencyKey: openKey, memberId, cardNo: newNo, physNo }), openKey);
    expect(opened.txnType).toBe('OPEN');
    // 充值
    const rechargeKey = key();
    await twiceAtOnce(() => recharge(admin, member.accountId, '30.00', rechargeKey), rechargeKey);
    // 消费
    const payKey = key();
    const paid = await twiceAtOnce(() => consume(member.cardNo, '4.00', payKey), payKey);
    // 退款
    const refundKey = key();
    await twiceAtOnce(() => call(clerk, 'POST', '/pay/consume/refund', { idempotencyKey: refundKey, txnId: paid.id, amount: '1.00', reason: '少打一份' }), refundKey);
    // 冲正 (by another operator than who recharged)
    const reverseKey = key();
    const small = (await recharge(admin, member.accountId, '2.00')).body.result;
    await twiceAtOnce(() => call(clerk, 'POST', '/memb/account/rechargeReversal', { idempotencyKey: reverseKey, txnId: small.id, reason: '录错' }), reverseKey);
    // 调账录入: a request, not a posting; the two answers name one bill.
    const adjustKey = key();
    const [entered, enteredAgain] = await Promise.all(
      [0, 1].map(() => call(clerk, 'POST', '/memb/account/adjust', { idempotencyKey: adjustKey, accountId: member.accountId, wallet: 'CASH', direction: '1', amount: '3.00', reason: '补录' })),
    );
    expect(entered!.body.success, entered!.body.message).toBe(true);
    expect(enteredAgain!.body.success, enteredAgain!.body.message).toBe(true);
    expect(entered!.body.result.id).toBe(enteredAgain!.body.result.id);
    expect(await t0.db.select().from(t.adjustments).where(eq(t.adjustments.idempotencyKey, adjustKey))).toHaveLength(1);
    // 调账审核
    const approveKey = key();
    await twiceAtOnce(() => call(admin, 'POST', '/memb/account/adjust/approve', { idempotencyKey: approveKey, id: entered!.body.result.id }), approveKey);
    // 补卡 (of a lost card)
    const [card] = await t0.db.select().from(t.cards).where(eq(t.cards.cardNo, member.cardNo));
    expect((await call(admin, 'POST', '/memb/card/reportLoss', { id: card!.id })).body.success).toBe(true);
    const replaceKey = key();
    const next = nextCard();
    const replaced = await twiceAtOnce(() => call(admin, 'POST', '/memb/card/replace', { idempotencyKey: replaceKey, cardId: card!.id, ...next, feePay: '2', remark: '丢失' }), replaceKey);
    // 退卡
    const returnKey = key();
    await twiceAtOnce(() => call(admin, 'POST', '/memb/card/return', { idempotencyKey: returnKey, cardId: replaced.cardId, deposit: 'refund', reason: '离校' }), returnKey);
    // 销户
    const closeKey = key();
    await twiceAtOnce(() => call(admin, 'POST', '/memb/account/close', { idempotencyKey: closeKey, accountId: member.accountId, deposit: 'refund', reason: '离校' }), closeKey);
    await reconciled();
  });

  it('a replay carries the balances the first posting left, not today’s', async () => {
    const { accountId } = await open();
    const first = key();
    expect((await recharge(admin, accountId, '10.00', first)).body.result.balances.CASH).toBe(1000);
    expect((await recharge(admin, accountId, '5.00')).body.result.balances.CASH).toBe(1500);
    const replayed = await recharge(admin, accountId, '10.00', first);
    expect(replayed.body.message).toBe('该请求已办理');
    expect(replayed.body.result).toMatchObject({ replayed: true, balances: { CASH: 1000 } });
  });

  it('a key belongs to its caller: another user’s same key is another request, and a counter cannot take a terminal’s', async () => {
    const { accountId, cardNo } = await open();
    const shared = key();
    const mine = await recharge(admin, accountId, '1.00', shared);
    const theirs = await recharge(clerk, accountId, '1.00', shared);
    expect(theirs.body.success, theirs.body.message).toBe(true);
    expect(theirs.body.result.replayed).toBe(false);
    expect(theirs.body.result.txnNo).not.toBe(mine.body.result.txnNo);
    expect((await balances(accountId)).cash).toBe(200);
    // A counter request sent with the key the terminal will use for its record R…: the terminal still posts its own.
    const coming = record(cardNo, 50);
    const guessed = `T${terminal.id.slice(0, 12)}-${coming.serialNo}`;
    expect((await consume(cardNo, '0.50', guessed)).body.success).toBe(true);
    const [answer] = await upload([coming]);
    expect(answer).toMatchObject({ success: true, message: '消费成功！' });
    expect(await postingsOf(guessed)).toHaveLength(2);
    expect((await balances(accountId)).cash).toBe(100);
  });

  it('numbers postings from a sequence: the school’s day and ten digits, never twice', async () => {
    const { accountId } = await open();
    const answers = await Promise.all(Array.from({ length: 6 }, () => recharge(admin, accountId, '1.00')));
    const numbers = answers.map((answer) => answer.body.result.txnNo as string);
    expect(new Set(numbers).size).toBe(6);
    for (const number of numbers) expect(number).toMatch(new RegExp(`^${dayIn(BEIJING).replaceAll('-', '')}\\d{10}$`));
  });
});

describe('money that an account cannot take', () => {
  it('a refund to a closed account is held as 待退款, paid out in cash, and the ledger still balances', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '30.00');
    const paid = (await consume(cardNo, '10.00')).body.result;
    expect((await call(admin, 'POST', '/memb/account/close', { idempotencyKey: key(), accountId, deposit: 'refund', reason: '转学' })).body.success).toBe(true);
    const refunded = await call(clerk, 'POST', '/pay/consume/refund', { idempotencyKey: key(), txnId: paid.id, reason: '多扣' });
    expect(refunded.body.success, refunded.body.message).toBe(true);
    expect(await balances(accountId)).toMatchObject({ accountStatus: '3', cash: 0, subsidy: 0, gift: 0 });
    const [held] = await t0.db.select().from(t.pendingRefunds).where(eq(t.pendingRefunds.accountId, accountId));
    expect(held).toMatchObject({ amount: 1000, status: '0', sourceType: 'CONSUME_REFUND' });
    // Nothing is left to refund: the held money counts as refunded.
    expect((await call(clerk, 'POST', '/pay/consume/refund', { idempotencyKey: key(), txnId: paid.id, reason: '再退' })).body.message).toBe('该笔消费已全部退款');
    const listed = (await get(admin, `/memb/pendingRefund/list?accountId=${accountId}`)).body.result.records;
    expect(listed).toEqual([expect.objectContaining({ id: held!.id, amount: 10, status: '0', status_dictText: '待处理' })]);
    expect((await call(admin, 'POST', '/memb/pendingRefund/credit', { idempotencyKey: key(), id: held!.id })).body.message).toBe('账户已销户或冻结，只能退现');
    const payoutKey = key();
    const paidOut = await twiceAtOnce(() => call(admin, 'POST', '/memb/pendingRefund/payout', { idempotencyKey: payoutKey, id: held!.id }), payoutKey);
    expect(paidOut).toMatchObject({ txnType: 'PENDING_PAYOUT', amountCents: 1000, balances: { CASH: 0 } });
    expect((await call(admin, 'POST', '/memb/pendingRefund/payout', { idempotencyKey: key(), id: held!.id })).body.message).toBe('该待退款已处理');
    const [resolved] = await t0.db.select().from(t.pendingRefunds).where(eq(t.pendingRefunds.id, held!.id));
    expect(resolved).toMatchObject({ status: '1', resolveTxnId: paidOut.id });
    await reconciled();
  });

  it('a refund to a frozen account waits, and is credited once the account is unfrozen', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '10.00');
    const paid = (await consume(cardNo, '4.00')).body.result;
    await call(admin, 'POST', '/memb/account/freeze', { id: accountId });
    await call(clerk, 'POST', '/pay/consume/refund', { idempotencyKey: key(), txnId: paid.id, amount: '1.50', reason: '少打' });
    expect((await balances(accountId)).cash).toBe(600);
    const [held] = await t0.db.select().from(t.pendingRefunds).where(eq(t.pendingRefunds.accountId, accountId));
    expect(held).toMatchObject({ amount: 150, status: '0' });
    expect((await call(admin, 'POST', '/memb/pendingRefund/credit', { idempotencyKey: key(), id: held!.id })).body.message).toBe('账户已销户或冻结，只能退现');
    await call(admin, 'POST', '/memb/account/unfreeze', { id: accountId });
    const credited = await call(admin, 'POST', '/memb/pendingRefund/credit', { idempotencyKey: key(), id: held!.id });
    expect(credited.body.message).toBe('已入账！');
    expect(credited.body.result.balances.CASH).toBe(750);
    // The rest of the payment is still refundable, to the open account now.
    const rest = await call(clerk, 'POST', '/pay/consume/refund', { idempotencyKey: key(), txnId: paid.id, reason: '全退' });
    expect(rest.body.result).toMatchObject({ amountCents: 250, balances: { CASH: 1000 } });
    await reconciled();
  });

  it('a recharge held as 待退款 is not reversed from a wallet that never had it, and a 调增 waits for 解冻', async () => {
    const { accountId } = await open();
    await recharge(admin, accountId, '30.00');
    const order = (await call(admin, 'POST', '/memb/account/recharge', { idempotencyKey: key(), accountId, amount: '25.00', channel: 'wechat' })).body.result;
    await call(admin, 'POST', '/memb/account/freeze', { id: accountId });
    const paid = await callback('wechat', { outTradeNo: order.orderNo, providerTxnId: `WX${randomUUID().slice(0, 8)}`, amount: 2500, paidAt: dateTimeIn(BEIJING) });
    expect(paid.body.success, paid.body.message).toBe(true);
    const [online] = await t0.db
      .select({ id: t.ledgerTransactions.id })
      .from(t.ledgerTransactions)
      .where(and(eq(t.ledgerTransactions.accountId, accountId), eq(t.ledgerTransactions.txnType, 'RECHARGE'), eq(t.ledgerTransactions.channel, 'wechat')));
    const reversed = await call(clerk, 'POST', '/memb/account/rechargeReversal', { idempotencyKey: key(), txnId: online!.id, reason: '误充' });
    expect(reversed.body.message).toBe('该笔充值已转为待退款，请在待退款中退现或入账');
    expect((await balances(accountId)).cash).toBe(3000);
    const [held] = await t0.db.select().from(t.pendingRefunds).where(eq(t.pendingRefunds.accountId, accountId));
    expect(held).toMatchObject({ amount: 2500, status: '0' });
    // A 调增 is entered, and approved only once the account is unfrozen.
    const entered = await call(admin, 'POST', '/memb/account/adjust', { idempotencyKey: key(), accountId, wallet: 'CASH', direction: '1', amount: '5.00', reason: '补录' });
    expect(entered.body.success, entered.body.message).toBe(true);
    const approve = () => call(clerk, 'POST', '/memb/account/adjust/approve', { idempotencyKey: key(), id: entered.body.result.id });
    expect((await approve()).body.message).toBe('账户已冻结，解冻后才能审核调增');
    expect((await balances(accountId)).cash).toBe(3000);
    await call(admin, 'POST', '/memb/account/unfreeze', { id: accountId });
    const approved = await approve();
    expect(approved.body.success, approved.body.message).toBe(true);
    expect((await balances(accountId)).cash).toBe(3500);
    await reconciled();
  });

  it('closing an account closes its unpaid orders; one paid after all is held, not posted into it', async () => {
    const { accountId } = await open();
    const order = (await call(admin, 'POST', '/memb/account/recharge', { idempotencyKey: key(), accountId, amount: '25.00', channel: 'wechat' })).body.result;
    await call(admin, 'POST', '/memb/account/close', { idempotencyKey: key(), accountId, deposit: 'forfeit', reason: '离校' });
    const orderRow = async () => (await t0.db.select().from(t.rechargeOrders).where(eq(t.rechargeOrders.orderNo, order.orderNo)))[0]!;
    expect((await orderRow()).status).toBe('2');
    const paid = await callback('wechat', { outTradeNo: order.orderNo, providerTxnId: `WX${randomUUID().slice(0, 8)}`, amount: 2500, paidAt: dateTimeIn(BEIJING) });
    expect(paid.body.success, paid.body.message).toBe(true);
    expect((await balances(accountId)).cash).toBe(0);
    const [held] = await t0.db.select().from(t.pendingRefunds).where(eq(t.pendingRefunds.accountId, accountId));
    expect(held).toMatchObject({ amount: 2500, sourceType: 'RECHARGE', status: '0' });
    expect((await orderRow()).status).toBe('1');
    await reconciled();
  });
});

describe("an account's statement", () => {
  it('lists every posting of a range with the balances after it, chained from the opening to the closing balance', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '40.00');
    await consume(cardNo, '12.50');
    await recharge(admin, accountId, '5.00');
    const paid = (await consume(cardNo, '3.00')).body.result;
    await call(clerk, 'POST', '/pay/consume/refund', { idempotencyKey: key(), txnId: paid.id, amount: '1.00', reason: '少打' });
    const today = dayIn(BEIJING);
    const statement = (await get(admin, `/memb/account/statement?accountId=${accountId}&from=${today}&to=${today}`)).body.result;
    expect(statement).toMatchObject({ from: today, to: today, total: 6, opening: { cash: 0, deposit: 0 }, closing: { cash: 30.5, deposit: 20 }, credits: 46, debits: 15.5 });
    expect(statement.records.map((line: { txnType: string }) => line.txnType)).toEqual(['CONSUME_REFUND', 'CONSUME', 'RECHARGE', 'CONSUME', 'RECHARGE', 'OPEN']);
    // Oldest to newest, each line's balance is the one before it plus what it moved.
    const lines = [...statement.records].reverse();
    let cash = statement.opening.cash;
    for (const line of lines) {
      cash = Math.round((cash + line.moved.cash) * 100) / 100;
      expect(line.after.cash).toBe(cash);
    }
    expect(cash).toBe(statement.closing.cash);
    expect(lines[2]).toMatchObject({ change: -12.5, after: { cash: 27.5 }, postedAt: expect.stringMatching(new RegExp(`^${today} `)) });
    // A page, a range before the account existed, and ranges that are refused.
    expect(
      (await get(admin, `/memb/account/statement?accountId=${accountId}&from=${today}&to=${today}&pageSize=2&pageNo=2`)).body.result.records.map((line: { txnType: string }) => line.txnType),
    ).toEqual(['RECHARGE', 'CONSUME']);
    // A page past the last says the range's edges and totals all the same.
    expect((await get(admin, `/memb/account/statement?accountId=${accountId}&from=${today}&to=${today}&pageSize=2&pageNo=9`)).body.result).toMatchObject({
      total: 6,
      records: [],
      opening: { cash: 0 },
      closing: { cash: 30.5, deposit: 20 },
      credits: 46,
      debits: 15.5,
    });
    const before = addDays(today, -10);
    expect((await get(admin, `/memb/account/statement?accountId=${accountId}&from=${before}&to=${before}`)).body.result).toMatchObject({ total: 0, records: [], closing: { cash: 0 } });
    // A range with no posting after some: it opens and closes on the last one before it.
    const tomorrow = addDays(today, 1);
    expect((await get(admin, `/memb/account/statement?accountId=${accountId}&from=${tomorrow}&to=${tomorrow}`)).body.result).toMatchObject({
      total: 0,
      records: [],
      opening: { cash: 30.5, deposit: 20 },
      closing: { cash: 30.5, deposit: 20 },
    });
    expect((await get(admin, `/memb/account/statement?accountId=${accountId}&from=${today}&to=${before}`)).body.message).toBe('开始日期不能晚于结束日期');
    expect((await get(admin, `/memb/account/statement?accountId=${accountId}&from=2026-02-30`)).body.message).toMatch(/^日期格式应为YYYY-MM-DD/);
    const exported = await t0.app.inject({ method: 'GET', url: `${BASE}/memb/account/statement/export?accountId=${accountId}&from=${today}&to=${today}`, headers: { 'X-Access-Token': admin } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('chains a back-dated offline payment on the day it was posted: every range opens and closes on its lines', async () => {
    const { accountId, cardNo } = await open();
    await issuedDaysAgo(cardNo, 3);
    const today = dayIn(BEIJING);
    const yesterday = addDays(today, -1);
    await recharge(admin, accountId, '10.00');
    // Yesterday's payment, uploaded today after the recharge.
    expect((await upload([record(cardNo, 300, `${yesterday} 15:00:00`)]))[0]).toMatchObject({ success: true });
    const statementOf = async (from: string, to: string) => (await get(admin, `/memb/account/statement?accountId=${accountId}&from=${from}&to=${to}`)).body.result;
    for (const [from, to] of [
      [yesterday, yesterday],
      [today, today],
      [yesterday, today],
    ] as const) {
      const statement = await statementOf(from, to);
      let cash = statement.opening.cash;
      for (const line of [...statement.records].reverse()) {
        cash = Math.round((cash + line.moved.cash) * 100) / 100;
        expect(line.after.cash, `${from}–${to} ${line.txnNo}`).toBe(cash);
      }
      expect(cash, `${from}–${to}`).toBe(statement.closing.cash);
      expect(statement.closing.cash).toBeGreaterThanOrEqual(0);
    }
    // The payment is listed on the day it was posted, its own day beside it.
    const todays = await statementOf(today, today);
    expect(todays.records[0]).toMatchObject({ txnType: 'CONSUME', accDate: yesterday, after: { cash: 7 } });
    expect(todays.closing.cash).toBe(7);
    expect((await statementOf(yesterday, yesterday)).records).toEqual([]);
  });
});

describe('records by person, place and number', () => {
  it('消费记录 finds a person’s payments by name, 学号, class and card, a terminal’s, and a number by its start, within a bounded range', async () => {
    const { accountId, cardNo, memberId } = await open();
    await recharge(admin, accountId, '30.00');
    const [member] = await t0.db.select().from(t.members).where(eq(t.members.id, memberId));
    const atCounter = (await consume(cardNo, '2.00')).body.result;
    const [byTerminal] = await upload([record(cardNo, 300)]);
    const list = async (query: string) => (await get(admin, `/pay/consumption/list?pageSize=50&${query}`)).body;
    const numbers = async (query: string) => (await list(query)).result.records.map((row: { txnNo: string }) => row.txnNo).sort();
    const both = [atCounter.txnNo, byTerminal!.txnNo].sort();
    expect(await numbers(`memberName=${encodeURIComponent(member!.realName)}&memberNo=${member!.memberNo}`)).toEqual(expect.arrayContaining(both));
    expect(await numbers(`memberNo=${member!.memberNo}`)).toEqual(both);
    expect(await numbers(`memberNo=${member!.memberNo}&deptId=${member!.deptId}`)).toEqual(both);
    expect(await numbers(`cardNo=${cardNo}`)).toEqual(both);
    expect(await numbers(`cardNo=${cardNo}&terminalId=${terminal.id}`)).toEqual([byTerminal!.txnNo]);
    // A number's start: the day's eight digits find the day's, the whole number the one.
    expect(await numbers(`txnNo=${atCounter.txnNo.slice(0, 8)}&cardNo=${cardNo}`)).toEqual(both);
    expect(await numbers(`txnNo=${atCounter.txnNo.slice(1, 9)}&cardNo=${cardNo}`)).toEqual([]);
    expect(await numbers(`txnNo=${atCounter.txnNo}`)).toEqual([atCounter.txnNo]);
    const row = (await list(`txnNo=${atCounter.txnNo}`)).result.records[0];
    expect(row).toMatchObject({ memberName: member!.realName, memberNo: member!.memberNo, deptId: member!.deptId, deptId_dictText: expect.any(String) });
    // Today is in the default range; a range longer than the school allows is refused; an old range finds none of today's.
    const today = dayIn(BEIJING);
    expect(await numbers(`cardNo=${cardNo}&postedAt_begin=${today}&postedAt_end=${today}`)).toEqual(both);
    expect(await numbers(`cardNo=${cardNo}&postedAt_begin=${addDays(today, -3)}&postedAt_end=${addDays(today, -1)}`)).toEqual([]);
    // The count and 合计 of a canteen's lunches over the range, from the kept daily sums and today's
    // postings, are what the ledger holds.
    const [canteen] = await t0.db.select({ id: t.mealCanteens.id }).from(t.mealCanteens).where(eq(t.mealCanteens.tenantId, 0)).limit(1);
    const begin = addDays(today, -20);
    for (let round = 0; round < 2; round += 1) {
      const page = (await list(`canteenId=${canteen!.id}&mealType=2&postedAt_begin=${begin}&postedAt_end=${today}`)).result;
      const [truth] = (
        (await t0.db.execute(sql`select count(*)::int as n, coalesce(sum(case when txn_type = 'CONSUME_REFUND' then -amount_cents else amount_cents end), 0)::int as net from fin_txn
          where tenant_id = 0 and txn_type in ('CONSUME', 'CONSUME_REFUND') and canteen_id = ${canteen!.id} and meal_type = '2'
            and posted_at >= ${`${begin}T00:00:00+08:00`}::timestamptz and posted_at < ${`${addDays(today, 1)}T00:00:00+08:00`}::timestamptz`)) as unknown as { rows: { n: number; net: number }[] }
      ).rows;
      expect(page.total).toBe(truth!.n);
      expect(page.footer.amount).toBe(truth!.net / 100);
      // A lunch today moves both; the kept days stay as they were.
      const lunch = await call(admin, 'POST', '/pay/consume', { idempotencyKey: key(), cardNo, amount: '1.00', canteenId: canteen!.id, mealType: '2' });
      expect(lunch.body.success, lunch.body.message).toBe(true);
    }
    // Without a range: today's, as the screen opens.
    const plain = (await list('')).result;
    expect(plain.total).toBe((await list(`postedAt_begin=${today}&postedAt_end=${today}`)).result.total);
    expect(plain.total).toBeLessThan((await list(`postedAt_begin=${addDays(today, -30)}&postedAt_end=${today}`)).result.total);
    const tooLong = await list(`postedAt_begin=${addDays(today, -40)}&postedAt_end=${today}`);
    expect(tooLong.message).toBe('查询区间不能超过31天，请缩小日期范围');
  });
});

describe('the rules of overdraft, reversal and an append-only ledger', () => {
  it('cash goes below zero only down to the member type’s 透支额度', async () => {
    const { cardNo, accountId } = await open('教职工');
    expect((await consume(cardNo, '150.00')).body.success).toBe(true);
    const over = await consume(cardNo, '60.00');
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('余额不足，超过透支额度（200.00元）');
    expect((await consume(cardNo, '50.00')).body.result.balances.CASH).toBe(-20000);
    expect((await balances(accountId)).cash).toBe(-20000);
    // Nor does a 补卡 fee taken from the card go past it; paid at the counter, it is taken.
    const [old] = await t0.db.select({ id: t.cards.id }).from(t.cards).where(eq(t.cards.cardNo, cardNo));
    await call(admin, 'POST', '/memb/card/reportLoss', { id: old!.id });
    const replacement = { idempotencyKey: key(), cardId: old!.id, ...nextCard(), feePay: '1', remark: '丢失' };
    expect((await call(admin, 'POST', '/memb/card/replace', replacement)).body.message).toBe('卡内现金余额不足以支付补卡费');
    expect((await balances(accountId)).cash).toBe(-20000);
    expect((await call(admin, 'POST', '/memb/card/replace', { ...replacement, idempotencyKey: key(), feePay: '2' })).body.message).toMatch(/^补卡成功！/);
    expect((await balances(accountId)).cash).toBe(-20000);
    // A pupil's type allows none.
    const pupil = await open();
    expect((await consume(pupil.cardNo, '0.01')).body.message).toBe('余额不足');
  });

  it('a recharge is reversed on its own accounting date only; later it is a manual adjustment', async () => {
    const { accountId } = await open();
    await recharge(admin, accountId, '20.00');
    // Yesterday's recharge, as the ledger keeps it (written the way the service writes one).
    const yesterday = addDays(dayIn(BEIJING), -1);
    const id = await writePosting(t0.db, { accountId, txnType: 'RECHARGE', amount: 500, accDate: yesterday, occurredAt: new Date(Date.now() - 86_400_000), operator: 'admin' });
    const late = await call(clerk, 'POST', '/memb/account/rechargeReversal', { idempotencyKey: key(), txnId: id, reason: '录错' });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('只能冲正当天的充值，之后的更正请办理手工调账');
    expect((await balances(accountId)).cash).toBe(2500);
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE of the ledger, and the delete of an account with postings', async () => {
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'changed',
        (error: Error & { cause?: unknown }) => String(error.cause ?? error),
      );
    expect(await refusal(t0.db.execute(sql`TRUNCATE fin_entry`))).toMatch(/never updated or deleted/);
    expect(await refusal(t0.db.execute(sql`TRUNCATE fin_txn CASCADE`))).toMatch(/never updated or deleted/);
    expect(await refusal(t0.db.execute(sql`UPDATE fin_txn SET amount_cents = 1 WHERE txn_type = 'OPEN'`))).toMatch(/never updated or deleted/);
    const [count] = await t0.db.select({ n: sql<number>`count(*)::int` }).from(t.ledgerEntries);
    expect(count!.n).toBeGreaterThan(0);
    // No foreign key from the ledger (it cost every payment a lookup): the delete itself is refused.
    const [posted] = await t0.db
      .select({ accountId: t.ledgerTransactions.accountId })
      .from(t.ledgerTransactions)
      .where(sql`account_id IS NOT NULL`)
      .limit(1);
    expect(await refusal(t0.db.execute(sql`DELETE FROM memb_account WHERE id = ${posted!.accountId}`))).toMatch(/has postings and cannot be deleted/);
    const [still] = await t0.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.accounts)
      .where(sql`id = ${posted!.accountId}`);
    expect(still!.n).toBe(1);
  });
});

describe('a day’s kept count and 合计 always equal the ledger', () => {
  /** 消费记录's count and 合计 over days, and the ledger's own, cut by the zone's midnights. */
  async function listedAndTrue(begin: string, end: string, offset: string, token = admin) {
    const page = (await get(token, `/pay/consumption/list?pageSize=1&postedAt_begin=${begin}&postedAt_end=${end}`)).body.result;
    const [truth] = (
      (await t0.db.execute(sql`select count(*)::int as n, coalesce(sum(case when txn_type = 'CONSUME_REFUND' then -amount_cents else amount_cents end), 0)::int as net from fin_txn
        where tenant_id = 0 and txn_type in ('CONSUME', 'CONSUME_REFUND')
          and posted_at >= ${`${begin}T00:00:00${offset}`}::timestamptz and posted_at < ${`${addDays(end, 1)}T00:00:00${offset}`}::timestamptz`)) as unknown as {
        rows: { n: number; net: number }[];
      }
    ).rows;
    return { listed: [page.total, Math.round(page.footer.amount * 100)], truth: [truth!.n, truth!.net] };
  }
  /** Drops the kept sums of these days (derived: the next list keeps them again). */
  const forgetKeptDays = async (...days: string[]) => {
    for (const day of days) {
      await t0.db.execute(sql`delete from fin_day_sum where tenant_id = 0 and day = ${day}::date`);
      await t0.db.execute(sql`delete from fin_day_sum_kept where tenant_id = 0 and day = ${day}::date`);
    }
  };
  /** A payment as it is in the ledger, stamped at a moment of our choosing (one that committed late). */
  const postedAt = (accountId: string, at: string, amount: number) => writePosting(t0.db, { accountId, txnType: 'CONSUME', amount, accDate: at.slice(0, 10), postedAt: new Date(at) });

  it('a payment stamped just before midnight that commits after a list asked at midnight is counted in its day', async () => {
    const { accountId } = await open();
    // Tonight's midnight: today is a day no list has kept yet.
    const yesterday = dayIn(BEIJING);
    const today = addDays(yesterday, 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Five seconds past the school's midnight: a clerk lists yesterday and today.
      vi.setSystemTime(new Date(`${today}T00:00:05+08:00`));
      const clerkToken = await signIn(t0.app, 'admin');
      const atMidnight = await listedAndTrue(yesterday, today, '+08:00', clerkToken);
      expect(atMidnight.listed).toEqual(atMidnight.truth);
      // Then the payment stamped 23:59:58 commits.
      await postedAt(accountId, `${yesterday}T23:59:58+08:00`, 777);
      const justAfter = await listedAndTrue(yesterday, today, '+08:00', clerkToken);
      expect(justAfter.listed).toEqual(justAfter.truth);
      expect(justAfter.truth).toEqual([atMidnight.truth[0]! + 1, atMidnight.truth[1]! + 777]);
      // Later yesterday is kept, with it.
      vi.setSystemTime(new Date(`${today}T00:20:00+08:00`));
      const kept = await listedAndTrue(yesterday, yesterday, '+08:00', clerkToken);
      expect(kept.listed).toEqual(kept.truth);
      const [row] = await t0.db
        .select()
        .from(t.daySumsKept)
        .where(and(eq(t.daySumsKept.tenantId, 0), eq(t.daySumsKept.day, yesterday)));
      expect(row).toMatchObject({ timeZone: BEIJING });
    } finally {
      vi.useRealTimers();
      // Today was kept from tomorrow's clock: forgotten again, as no list can keep it before it ends.
      await forgetKeptDays(yesterday);
    }
  });

  it('a school that changes its time zone has its days cut again by the new midnights', async () => {
    const { accountId } = await open();
    const day = addDays(dayIn(BEIJING), -2);
    // The days around it as if no list had kept them yet (earlier tests did): the posting below is one
    // of long ago, written now.
    await forgetKeptDays(addDays(day, -1), day);
    // 23:30 in Beijing is 00:30 the next day in Tokyo.
    await postedAt(accountId, `${addDays(day, -1)}T23:30:00+08:00`, 555);
    const beijing = await listedAndTrue(day, day, '+08:00');
    expect(beijing.listed).toEqual(beijing.truth);
    try {
      expect((await call(admin, 'PUT', '/sys/tenant/edit', { id: 0, name: '示例学校', timeZone: 'Asia/Tokyo' })).body.success).toBe(true);
      const tokyo = await listedAndTrue(day, day, '+09:00');
      expect(tokyo.listed).toEqual(tokyo.truth);
      expect(tokyo.truth[1]! - beijing.truth[1]!).not.toBe(0);
    } finally {
      await call(admin, 'PUT', '/sys/tenant/edit', { id: 0, name: '示例学校', timeZone: BEIJING });
    }
    const back = await listedAndTrue(day, day, '+08:00');
    expect(back.listed).toEqual(back.truth);
  });
});
