/**
 * The consumption terminals' API: a payment or an offline batch signed with the terminal's key,
 * each record posted once and answered by itself; bad signatures, old timestamps and disabled
 * terminals refused; the key shown once.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { rowsOf } from '@server/db/rows';
import * as t from '@server/db/schema';

import { terminalSigningText, type TerminalRecord } from '@shared/terminal';
import { apiOf } from '../support/api';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';
import { timeOutsideMeals } from '../support/terminalTime';
import { addDays, clockIn, dayIn } from '@shared/schoolTime';

let t0: TestApp;
let admin: string;
const { call, get } = apiOf(() => t0);
let terminalId: string;
let secret: string;
const SERIAL = 'POS0101';

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  const [device] = await t0.db.select().from(t.devices).where(eq(t.devices.serialNo, SERIAL));
  terminalId = device!.id;
  const issued = await call(admin, 'POST', '/dev/device/issueKey', { id: terminalId });
  expect(issued.body.message).toBe('密钥已生成，请立即配置到终端，关闭后将无法再次查看');
  secret = issued.body.result.secret;
});
afterAll(async () => t0?.close());

/** The school's wall clock, as a terminal in a Beijing canteen sends it. */
const now = () => timeOutsideMeals('Asia/Shanghai');
let serial = 0;
const record = (cardNo: string, amount: number, extra: Partial<TerminalRecord> = {}): TerminalRecord => ({ serialNo: `S${++serial}`, cardNo, amount, deviceTime: now(), ...extra });

/** Posts as the terminal would: the records signed with its key over the documented text. */
async function post(records: TerminalRecord[], options: { key?: string; timestamp?: number; serialHeader?: string } = {}) {
  const timestamp = String(options.timestamp ?? Date.now());
  const terminalSerial = options.serialHeader ?? SERIAL;
  const signature = createHmac('sha256', options.key ?? secret)
    .update(terminalSigningText(terminalSerial, timestamp, records))
    .digest('hex');
  const response = await t0.app.inject({
    method: 'POST',
    url: `${BASE}/terminal/consume`,
    headers: { 'content-type': 'application/json', 'x-terminal-serial': terminalSerial, 'x-timestamp': timestamp, 'x-signature': signature },
    payload: JSON.stringify({ records }),
  });
  return { status: response.statusCode, body: response.json() };
}

/** A seeded card with money on it (cash only), and its account's cash (cents). */
async function seededCard(index = 0): Promise<{ cardNo: string; accountId: string; cash: number }> {
  const rows = await t0.db
    .select({ cardNo: t.cards.cardNo, accountId: t.accounts.id, cash: t.accounts.cash })
    .from(t.cards)
    .innerJoin(t.accounts, eq(t.accounts.id, t.cards.accountId))
    // Cash only: a payment takes subsidy and gift first, and the tests count the cash it leaves.
    .where(and(eq(t.cards.cardStatus, '1'), eq(t.accounts.subsidy, 0), eq(t.accounts.gift, 0)))
    .orderBy(t.cards.cardNo);
  return rows[index]!;
}

describe('the terminal API', () => {
  it('posts a signed payment at its canteen and store, and a retried record once', async () => {
    const card = await seededCard(0);
    const first = record(card.cardNo, 1250);
    const answer = await post([first]);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual([expect.objectContaining({ serialNo: first.serialNo, success: true, message: '消费成功！', cash: card.cash - 1250 })]);
    // The terminal did not hear the answer and sends it again: nothing new is posted.
    const again = await post([first]);
    expect(again.body.result[0]).toMatchObject({ success: true, message: '该请求已办理', cash: card.cash - 1250 });
    const [txn] = await t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.txnNo, answer.body.result[0].txnNo));
    const [device] = await t0.db.select().from(t.devices).where(eq(t.devices.id, terminalId));
    expect(txn).toMatchObject({ txnType: 'CONSUME', canteenId: device!.canteenId, storeId: device!.storeId, operator: `terminal:${SERIAL}`, amount: 1250 });
    expect(device!.lastSeenAt).not.toBeNull();
    // It shows in 消费记录.
    const listed = (await get(admin, `/pay/consumption/list?txnNo=${txn!.txnNo}`)).body.result.records;
    expect(listed[0]).toMatchObject({ amount: 12.5, canteenId: device!.canteenId });
  });

  it('answers an offline batch record by record, in order, refusals with their reasons, posted in one transaction', async () => {
    const card = await seededCard(1);
    const records = [record(card.cardNo, 300), record('00000000', 300), record(card.cardNo, 99_999_00), record(card.cardNo, 0), record(card.cardNo, 200)];
    const answer = await post(records);
    expect(answer.body.result.map((row: { success: boolean; message: string }) => [row.success, row.message])).toEqual([
      [true, '消费成功！'],
      [false, '卡片不存在'],
      [false, '超过单次消费限额（50.00元）'],
      [false, '金额必须大于0（amount）'],
      [true, '消费成功！'],
    ]);
    const [account] = await t0.db.select({ cash: t.accounts.cash }).from(t.accounts).where(eq(t.accounts.id, card.accountId));
    expect(account!.cash).toBe(card.cash - 500);
    // The upload's payments were one transaction: one commit for the batch.
    const txnNos = answer.body.result.filter((row: { success: boolean }) => row.success).map((row: { txnNo: string }) => row.txnNo);
    const writers = await rowsOf<{ xid: string }>(
      t0.db,
      sql`SELECT xmin::text AS xid FROM fin_txn WHERE txn_no IN (${sql.join(
        txnNos.map((no: string) => sql`${no}`),
        sql`, `,
      )})`,
    );
    expect(writers).toHaveLength(2);
    expect(new Set(writers.map((row) => row.xid)).size).toBe(1);
    // The same upload again (the terminal never heard the answer): the posted records are answered as done, nothing is posted twice.
    const again = await post(records);
    expect(again.body.result.map((row: { success: boolean; message: string; txnNo?: string }) => [row.success, row.message, row.txnNo ?? null])).toEqual([
      [true, '该请求已办理', txnNos[0]],
      [false, '卡片不存在', null],
      [false, '超过单次消费限额（50.00元）', null],
      [false, '金额必须大于0（amount）', null],
      [true, '该请求已办理', txnNos[1]],
    ]);
    const [after] = await t0.db.select({ cash: t.accounts.cash }).from(t.accounts).where(eq(t.accounts.id, card.accountId));
    expect(after!.cash).toBe(card.cash - 500);
  });

  it('refuses a wrong key, a changed record, an old timestamp, an unknown terminal and a disabled one', async () => {
    const card = await seededCard(2);
    const one = record(card.cardNo, 100);
    expect((await post([one], { key: 'not-the-key' })).status).toBe(401);
    expect((await post([one], { timestamp: Date.now() - 10 * 60 * 1000 })).body.message).toBe('终端时间与服务器相差过大');
    expect((await post([one], { serialHeader: 'POS9999' })).status).toBe(401);
    // Signed for 1.00, sent as 100.00.
    const signedText = terminalSigningText(SERIAL, String(Date.now()), [one]);
    const signature = createHmac('sha256', secret).update(signedText).digest('hex');
    const tampered = await t0.app.inject({
      method: 'POST',
      url: `${BASE}/terminal/consume`,
      headers: { 'content-type': 'application/json', 'x-terminal-serial': SERIAL, 'x-timestamp': signedText.split('\n')[0]!.split('|')[1]!, 'x-signature': signature },
      payload: JSON.stringify({ records: [{ ...one, amount: 10000 }] }),
    });
    expect(tampered.statusCode).toBe(401);
    const edit = await call(admin, 'PUT', '/dev/device/edit', { ...(await get(admin, `/dev/device/queryById?id=${terminalId}`)).body.result, status: '0' });
    expect(edit.body.success, edit.body.message).toBe(true);
    const disabled = await post([one]);
    expect(disabled.status).toBe(403);
    expect(disabled.body.message).toBe('终端已停用');
    await call(admin, 'PUT', '/dev/device/edit', { ...(await get(admin, `/dev/device/queryById?id=${terminalId}`)).body.result, status: '1' });
    const [account] = await t0.db.select({ cash: t.accounts.cash }).from(t.accounts).where(eq(t.accounts.id, card.accountId));
    expect(account!.cash).toBe(card.cash);
  });

  it('pays a breakfast at the terminal at the price the counter charges: the meal from the canteen’s window, or as the record names it', async () => {
    // At the terminal at 07:30 (today's, or yesterday's before then): the canteen's breakfast window.
    const zone = 'Asia/Shanghai';
    const day = clockIn(zone) >= '07:31' ? dayIn(zone) : addDays(dayIn(zone), -1);
    const [pupil] = await t0.db
      .select({ cardNo: t.cards.cardNo })
      .from(t.cards)
      .innerJoin(t.accounts, eq(t.accounts.id, t.cards.accountId))
      .innerJoin(t.members, eq(t.members.id, t.cards.memberId))
      .innerJoin(t.memberTypes, eq(t.memberTypes.id, t.members.memberTypeId))
      // Five payments (¥44.00) ahead, within a pupil's six a day and ¥150.00: one who has paid at most
      // once today (late in the day almost every pupil has eaten), the fewest payments first.
      .leftJoin(t.accountDays, and(eq(t.accountDays.accountId, t.accounts.id), eq(t.accountDays.accDate, dayIn(zone))))
      .where(
        and(
          eq(t.cards.cardStatus, '1'),
          eq(t.accounts.accountStatus, '1'),
          eq(t.memberTypes.code, 'STUDENT'),
          gte(t.accounts.cash, 5000),
          or(isNull(t.accountDays.accountId), and(lte(t.accountDays.payments, 1), lte(t.accountDays.spent, 10000))),
          // No breakfast yet on the days paid for: the allowance is once per meal a day.
          sql`not exists (select 1 from fin_txn b where b.account_id = ${t.accounts.id} and b.meal_type = '1' and b.acc_date in (${dayIn(zone)}::date, ${day}::date))`,
        ),
      )
      .orderBy(sql`coalesce(${t.accountDays.payments}, 0)`, desc(t.cards.cardNo))
      .limit(1);
    const postedOf = async (txnNo: string) => (await t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.txnNo, txnNo)))[0]!;
    // At the counter, a pupil's ¥10.00 breakfast costs ¥8.00 (学生早餐补贴, 80%).
    const counter = await call(admin, 'POST', '/pay/consume', { idempotencyKey: randomUUID(), cardNo: pupil!.cardNo, amount: '10.00', mealType: '1' });
    expect(counter.body.success, counter.body.message).toBe(true);
    expect(await postedOf(counter.body.result.txnNo)).toMatchObject({ amount: 800, mealType: '1' });
    const atBreakfast = await post([record(pupil!.cardNo, 1000, { deviceTime: `${day} 07:30:00` })]);
    expect(atBreakfast.body.result[0]).toMatchObject({ success: true, message: '消费成功！' });
    expect(await postedOf(atBreakfast.body.result[0].txnNo)).toMatchObject({ amount: 800, mealType: '1' });
    // A record that names its meal is of that meal, whatever the hour.
    const named = await post([record(pupil!.cardNo, 1000, { mealType: '1' })]);
    expect(await postedOf(named.body.result[0].txnNo)).toMatchObject({ amount: 800, mealType: '1' });
    // Outside every window, and named by no record: no meal, the full price.
    const between = await post([record(pupil!.cardNo, 1000)]);
    expect(await postedOf(between.body.result[0].txnNo)).toMatchObject({ amount: 1000, mealType: null });
    // 消费记录's 餐次 filter finds the terminal's breakfast.
    const listed = (await get(admin, `/pay/consumption/list?mealType=1&txnNo=${atBreakfast.body.result[0].txnNo}`)).body.result.records;
    expect(listed).toHaveLength(1);
    // The terminals keep their canteen's meals: breakfast moved to start at 07:40 (餐别设置) holds at once.
    const breakfasts = (await get(admin, '/meals/config/list?mealType=1&pageSize=50')).body.result.records as { id: string; startTime: string }[];
    expect(breakfasts.length).toBeGreaterThan(0);
    const moved = async (startTime: (breakfast: { startTime: string }) => string) => {
      for (const breakfast of breakfasts) {
        const whole = (await get(admin, `/meals/config/queryById?id=${breakfast.id}`)).body.result;
        const edited = await call(admin, 'PUT', '/meals/config/edit', { ...whole, startTime: startTime(breakfast) });
        expect(edited.body.success, edited.body.message).toBe(true);
      }
    };
    await moved(() => '07:40');
    try {
      const early = await post([record(pupil!.cardNo, 1000, { deviceTime: `${day} 07:30:00` })]);
      expect(await postedOf(early.body.result[0].txnNo)).toMatchObject({ amount: 1000, mealType: null });
    } finally {
      await moved((breakfast) => breakfast.startTime);
    }
  });

  it('never answers the key again, and a new key replaces the old one', async () => {
    const read = (await get(admin, `/dev/device/queryById?id=${terminalId}`)).body.result;
    expect(read).not.toHaveProperty('secret');
    expect(JSON.stringify((await get(admin, '/dev/device/list')).body.result)).not.toContain(secret);
    const old = secret;
    secret = (await call(admin, 'POST', '/dev/device/issueKey', { id: terminalId })).body.result.secret;
    expect(secret).not.toBe(old);
    const card = await seededCard(3);
    expect((await post([record(card.cardNo, 100)], { key: old })).status).toBe(401);
    expect((await post([record(card.cardNo, 100)])).body.result[0].success).toBe(true);
  });
});
