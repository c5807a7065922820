/**
 * The card ledger through its routes, on PGlite and on PostgreSQL: opening an account with its
 * deposit, recharge, consumption along the wallet order with the limits, refunds along the same
 * split, recharge reversal by a second person, idempotent retries, refusals with their reasons,
 * other schools, and a ledger that always balances and agrees with the accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { apiOf } from '../support/api';
import { cardOfficeOf, key } from '../support/cardOffice';
import { createTestApp, signIn, type TestApp } from '../support/testApp';
import { writePosting } from '../support/ledgerWrite';

let t0: TestApp;
let admin: string;
let clerk: string;
const { call, get, roleWithUser, secondSchool, waiveCheckerWait } = apiOf(() => t0);
const { freshMember, open, recharge, consume, balances, callback } = cardOfficeOf(
  () => t0,
  () => admin,
);
let cardSerial = 200000;

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  // The administrator makes the work and creates its checkers: the school lets them check at once.
  await waiveCheckerWait(admin);
  // A second card-office clerk with a password of their own: reversals need another person than who posted.
  clerk = (
    await roleWithUser(admin, 'cardclerk', ['members:accounts', 'account:recharge', 'account:rechargeReversal', 'account:adjust', 'payments:consumption', 'consume:add', 'consume:refund'], {
      ownPassword: true,
    })
  ).token;
});
afterAll(async () => t0?.close());

/** Issues subsidy straight into a wallet the way the subsidy batch will (a balanced posting). */
const giveSubsidy = (accountId: string, cents: number) => writePosting(t0.db, { accountId, txnType: 'SUBSIDY_ISSUE', amount: cents, accDate: '2026-11-23' });

describe('opening an account', () => {
  it('creates the account and its card with the member type’s limits, and takes the deposit into the DEPOSIT wallet', async () => {
    const { accountId, cardNo, answer } = await open();
    expect(answer).toMatchObject({ txnType: 'OPEN', amountCents: 2000, parts: { DEPOSIT: 2000 }, balances: { CASH: 0, DEPOSIT: 2000 } });
    const account = await balances(accountId);
    expect(account).toMatchObject({ accountStatus: '1', deposit: 2000, singleLimit: 5000, dailyLimit: 15000, dailyLimitCount: 6 });
    const [card] = await t0.db.select().from(t.cards).where(eq(t.cards.cardNo, cardNo));
    expect(card).toMatchObject({ accountId, cardStatus: '1' });
    // The member list shows the card and the balances beside the member.
    await recharge(admin, accountId, '12.34');
    const [member] = await t0.db.select({ memberNo: t.members.memberNo }).from(t.members).innerJoin(t.accounts, eq(t.accounts.memberId, t.members.id)).where(eq(t.accounts.id, accountId));
    const [row] = (await get(admin, `/memb/member/list?memberNo=${member!.memberNo}`)).body.result.records;
    expect(row).toMatchObject({ cardNo, cash: 12.34, subsidy: 0 });
  });

  it('refuses a second account, a card number in use and a member who has left', async () => {
    const { cardNo } = await open();
    const member = await freshMember();
    const again = await call(admin, 'POST', '/memb/account/open', { idempotencyKey: key(), memberId: member, cardNo, physNo: 'FFEE0011' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('卡号或物理卡号已被使用');
    const [left] = await t0.db.select({ id: t.members.id }).from(t.members).where(eq(t.members.memberStatus, '2')).limit(1);
    const gone = await call(admin, 'POST', '/memb/account/open', { idempotencyKey: key(), memberId: left!.id, cardNo: '99887766', physNo: 'FFEE0012' });
    expect(gone.body.message).toBe('该人员不在校（在职），不能开户');
  });
});

describe('recharge and consumption', () => {
  it('recharges in cents exactly and refuses amounts that are not money', async () => {
    const { accountId } = await open();
    expect((await recharge(admin, accountId, '50.10')).body.result.balances.CASH).toBe(5010);
    expect((await recharge(admin, accountId, 0.2)).body.result.balances.CASH).toBe(5030);
    for (const [amount, message] of [
      ['0', '金额必须大于0（amount）'],
      ['-5', '金额必须大于0（amount）'],
      ['1.234', '金额格式不正确，最多两位小数（amount）'],
      ['abc', '金额格式不正确，最多两位小数（amount）'],
    ] as const) {
      const refused = await recharge(admin, accountId, amount);
      expect(refused.status, amount).toBe(400);
      expect(refused.body.message, amount).toBe(message);
    }
    expect((await balances(accountId)).cash).toBe(5030);
  });

  it('spends subsidy, then gift, then cash, and refunds back along the same split, cash first', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '30.00');
    await giveSubsidy(accountId, 1000);
    const paid = await consume(cardNo, '15.00');
    expect(paid.body.result).toMatchObject({ parts: { SUBSIDY: 1000, CASH: 500 }, balances: { SUBSIDY: 0, CASH: 2500 } });
    // Part of it back: the cash part first.
    const part = await call(clerk, 'POST', '/pay/consume/refund', { idempotencyKey: key(), txnId: paid.body.result.id, amount: '7.00', reason: '退菜' });
    expect(part.body.result).toMatchObject({ parts: { CASH: 500, SUBSIDY: 200 }, balances: { CASH: 3000, SUBSIDY: 200 } });
    const rest = await call(clerk, 'POST', '/pay/consume/refund', { idempotencyKey: key(), txnId: paid.body.result.id, reason: '退餐' });
    expect(rest.body.result).toMatchObject({ amountCents: 800, parts: { SUBSIDY: 800 }, balances: { CASH: 3000, SUBSIDY: 1000 } });
    const more = await call(clerk, 'POST', '/pay/consume/refund', { idempotencyKey: key(), txnId: paid.body.result.id, amount: '0.01', reason: '再退' });
    expect(more.body.message).toBe('该笔消费已全部退款');
  });

  it('refuses over the single limit, over the daily limit and count, and beyond the balance', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '500.00');
    expect((await consume(cardNo, '50.01')).body.message).toBe('超过单次消费限额（50.00元）');
    for (const amount of ['50.00', '50.00', '50.00']) expect((await consume(cardNo, amount)).body.success).toBe(true);
    expect((await consume(cardNo, '0.01')).body.message).toBe('超过当日消费限额（150.00元）');
    const small = await open();
    await recharge(admin, small.accountId, '5.00');
    const short = await consume(small.cardNo, '5.01');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('余额不足');
    for (let i = 0; i < 6; i += 1) expect((await consume(small.cardNo, '0.50')).body.success).toBe(true);
    expect((await consume(small.cardNo, '0.50')).body.message).toBe('超过当日消费次数（6次）');
    expect((await balances(small.accountId)).cash).toBe(200);
  });

  it('lets staff overdraw where their type allows it', async () => {
    const { accountId, cardNo } = await open('教职工');
    expect((await consume(cardNo, '12.00')).body.result.balances.CASH).toBe(-1200);
    expect((await balances(accountId)).cash).toBe(-1200);
  });

  it('refuses a lost or cancelled card and a frozen account, and says why', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '20.00');
    await t0.db.update(t.cards).set({ cardStatus: '2' }).where(eq(t.cards.cardNo, cardNo));
    expect((await consume(cardNo, '1.00')).body.message).toBe('卡片已挂失');
    await t0.db.update(t.cards).set({ cardStatus: '1' }).where(eq(t.cards.cardNo, cardNo));
    await t0.db.update(t.accounts).set({ accountStatus: '2' }).where(eq(t.accounts.id, accountId));
    expect((await consume(cardNo, '1.00')).body.message).toBe('账户已冻结，不能办理该业务');
    expect((await recharge(admin, accountId, '1.00')).body.message).toBe('账户已冻结，不能办理该业务');
    expect((await consume('00000000', '1.00')).body.message).toBe('卡片不存在');
    expect((await balances(accountId)).cash).toBe(2000);
  });
});

describe('retries and reversals', () => {
  it('a retried request posts once and answers the first result; a key reused for something else is refused', async () => {
    const { accountId, cardNo } = await open();
    const first = key();
    const answers = await Promise.all([recharge(admin, accountId, '10.00', first), recharge(admin, accountId, '10.00', first), recharge(admin, accountId, '10.00', first)]);
    expect(new Set(answers.map((answer) => answer.body.result.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.body.result.replayed)).toHaveLength(2);
    expect((await balances(accountId)).cash).toBe(1000);
    const reused = await recharge(admin, accountId, '20.00', first);
    expect(reused.status).toBe(409);
    const pay = key();
    expect((await consume(cardNo, '3.00', pay)).body.result.replayed).toBe(false);
    expect((await consume(cardNo, '3.00', pay)).body.result.replayed).toBe(true);
    expect((await balances(accountId)).cash).toBe(700);
  });

  it('a recharge is reversed by a second person, once, and never beyond the cash left', async () => {
    const { accountId, cardNo } = await open();
    const posted = (await recharge(admin, accountId, '40.00')).body.result;
    const own = await call(admin, 'POST', '/memb/account/rechargeReversal', { idempotencyKey: key(), txnId: posted.id, reason: '录错金额' });
    expect(own.body.message).toBe('充值冲正须由另一位操作员办理');
    await consume(cardNo, '10.00');
    const tooMuch = await call(clerk, 'POST', '/memb/account/rechargeReversal', { idempotencyKey: key(), txnId: posted.id, reason: '录错金额' });
    expect(tooMuch.body.message).toBe('冲正金额大于账户现金余额');
    await recharge(clerk, accountId, '10.00');
    const reversed = await call(clerk, 'POST', '/memb/account/rechargeReversal', { idempotencyKey: key(), txnId: posted.id, reason: '录错金额' });
    expect(reversed.body.result).toMatchObject({ txnType: 'RECHARGE_REVERSAL', amountCents: 4000, balances: { CASH: 0 } });
    const twice = await call(clerk, 'POST', '/memb/account/rechargeReversal', { idempotencyKey: key(), txnId: posted.id, reason: '录错金额' });
    expect(twice.body.message).toBe('该笔充值已冲正');
  });

  it('ledger rows cannot be changed or removed, even by the database owner', async () => {
    const { accountId } = await open();
    await recharge(admin, accountId, '1.00');
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'changed',
        (error: Error & { cause?: unknown }) => String(error.cause ?? error),
      );
    expect(await refusal(t0.db.execute(sql`UPDATE fin_entry SET amount_cents = 1 WHERE account_ref = ${accountId}`))).toMatch(/never updated or deleted/);
    expect(await refusal(t0.db.execute(sql`DELETE FROM fin_txn WHERE account_id = ${accountId}`))).toMatch(/never updated or deleted/);
  });
});

describe('online recharge', () => {
  it('stays pending until the signed callback, which posts once however often it comes', async () => {
    const { accountId } = await open();
    const started = await call(admin, 'POST', '/memb/account/recharge', { idempotencyKey: key(), accountId, amount: '88.00', channel: 'wechat' });
    expect(started.body.message).toBe('已创建支付订单，等待支付结果');
    const { orderNo } = started.body.result;
    expect(started.body.result).toMatchObject({ status: '0', amountCents: 8800 });
    expect((await balances(accountId)).cash).toBe(0);
    const paid = { outTradeNo: orderNo, providerTxnId: 'WX4200001', amount: 8800, paidAt: '2026-11-23 12:00:00' };
    // A forged callback, a wrong amount and another channel's key are refused; nothing posts.
    expect((await callback('wechat', paid, 'forged-key-forged-key')).status).toBe(401);
    expect((await callback('wechat', { ...paid, amount: 880000 })).body.message).toBe('支付金额与订单金额不一致');
    expect((await callback('alipay', paid)).status).toBe(404);
    expect((await balances(accountId)).cash).toBe(0);
    const answers = await Promise.all([callback('wechat', paid), callback('wechat', paid), callback('wechat', paid)]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.result.txnNo)).size).toBe(1);
    expect((await balances(accountId)).cash).toBe(8800);
    const [order] = await t0.db.select().from(t.rechargeOrders).where(eq(t.rechargeOrders.orderNo, orderNo));
    expect(order).toMatchObject({ status: '1', providerTxnId: 'WX4200001' });
    const [txn] = await t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.id, order!.txnId!));
    expect(txn).toMatchObject({ txnType: 'RECHARGE', channel: 'wechat', amount: 8800 });
  });

  it('the same key answers the same order; an unknown order is refused', async () => {
    const { accountId } = await open();
    const again = key();
    const first = (await call(admin, 'POST', '/memb/account/recharge', { idempotencyKey: again, accountId, amount: '10.00', channel: 'alipay' })).body.result;
    const second = (await call(admin, 'POST', '/memb/account/recharge', { idempotencyKey: again, accountId, amount: '10.00', channel: 'alipay' })).body.result;
    expect(second).toMatchObject({ orderNo: first.orderNo, replayed: true });
    expect((await callback('alipay', { outTradeNo: 'R0000', providerTxnId: 'A1', amount: 1000, paidAt: '2026-11-23 12:00:00' })).status).toBe(404);
  });
});

describe('card and account states', () => {
  it('a lost card cannot pay until the loss is cancelled; card states never move money', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '20.00');
    const [card] = await t0.db.select({ id: t.cards.id }).from(t.cards).where(eq(t.cards.cardNo, cardNo));
    expect((await call(admin, 'POST', '/memb/card/reportLoss', { id: card!.id })).body.message).toBe('挂失成功！');
    expect((await call(admin, 'POST', '/memb/card/reportLoss', { id: card!.id })).body.message).toBe(`「${cardNo}」当前状态为挂失，不能挂失`);
    expect((await consume(cardNo, '1.00')).body.message).toBe('卡片已挂失');
    expect((await call(admin, 'POST', '/memb/card/cancelLoss', { id: card!.id })).body.message).toBe('解挂成功！');
    expect((await consume(cardNo, '1.00')).body.success).toBe(true);
    expect((await balances(accountId)).cash).toBe(1900);
  });

  it('a frozen account is refused until unfrozen', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '5.00');
    expect((await call(admin, 'POST', '/memb/account/freeze', { id: accountId })).body.message).toBe('冻结成功！');
    // Its card is frozen with it: the terminal says so.
    expect((await consume(cardNo, '1.00')).body.message).toBe('卡片已冻结');
    expect((await call(admin, 'POST', '/memb/account/freeze', { id: accountId })).body.message).toMatch(/」当前状态为冻结，不能冻结账户$/);
    expect((await call(admin, 'POST', '/memb/account/unfreeze', { id: accountId })).body.message).toBe('解冻成功！');
    expect((await consume(cardNo, '1.00')).body.success).toBe(true);
  });

  it('补卡 cancels the lost card, issues the new one on the same account, charges the fee once, and keeps balance and history', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '50.00');
    await consume(cardNo, '5.00');
    const [old] = await t0.db.select({ id: t.cards.id }).from(t.cards).where(eq(t.cards.cardNo, cardNo));
    cardSerial += 1;
    const replacement = { idempotencyKey: key(), cardId: old!.id, cardNo: String(cardSerial), physNo: `cafe${cardSerial}`, feePay: '1', remark: '丢失' };
    expect((await call(admin, 'POST', '/memb/card/replace', replacement)).body.message).toBe('请先挂失原卡');
    await call(admin, 'POST', '/memb/card/reportLoss', { id: old!.id });
    const done = await call(admin, 'POST', '/memb/card/replace', replacement);
    expect(done.body.message).toMatch(/^补卡成功！/);
    // The pupil type's replacement fee (20.00) from the card's cash: 50 − 5 − 20.
    expect(done.body.result).toMatchObject({ txnType: 'CARD_REPLACE', amountCents: 2000, parts: { CASH: 2000 }, balances: { CASH: 2500, DEPOSIT: 2000 } });
    expect((await call(admin, 'POST', '/memb/card/replace', replacement)).body.result.replayed).toBe(true);
    const [oldNow] = await t0.db.select().from(t.cards).where(eq(t.cards.id, old!.id));
    expect(oldNow).toMatchObject({ cardStatus: '4', closeReason: '2' });
    expect((await consume(cardNo, '1.00')).body.message).toBe('卡片已注销');
    // The new card pays from the same account; the chip number works as well.
    expect((await consume(replacement.cardNo, '1.00')).body.result.balances.CASH).toBe(2400);
    expect((await consume(`CAFE${cardSerial}`, '1.00')).body.result.balances.CASH).toBe(2300);
    const history = await t0.db.select({ type: t.ledgerTransactions.txnType }).from(t.ledgerTransactions).where(eq(t.ledgerTransactions.accountId, accountId));
    expect(history.map((row) => row.type).sort()).toEqual(['CARD_REPLACE', 'CONSUME', 'CONSUME', 'CONSUME', 'OPEN', 'RECHARGE']);
    // The 补卡 bill names both cards, the fee and how it was paid; it lists in 补卡管理.
    const [bill] = await t0.db.select().from(t.cardReplacements).where(eq(t.cardReplacements.txnId, done.body.result.id));
    expect(bill).toMatchObject({ oldCardId: old!.id, newCardId: done.body.result.cardId, reason: '1', fee: 2000, feePay: '1', status: '1', billNo: done.body.result.billNo });
    expect(bill!.billNo).toMatch(/^BK\d{8}[0-9A-F]{8}$/);
    const listed = (await get(admin, `/memb/cardReplace/list?billNo=${bill!.billNo}`)).body.result.records;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ oldCardId_dictText: cardNo, newCardId_dictText: replacement.cardNo, reason_dictText: '丢失', fee: 20, feePay_dictText: '卡内扣除' });
  });

  it('换卡 swaps a damaged card (closed as 换卡, the card fee charged), and refuses a lost one', async () => {
    const { accountId, cardNo } = await open('家长');
    await recharge(admin, accountId, '30.00');
    const [old] = await t0.db.select({ id: t.cards.id }).from(t.cards).where(eq(t.cards.cardNo, cardNo));
    cardSerial += 1;
    const change = { idempotencyKey: key(), cardId: old!.id, cardNo: String(cardSerial), physNo: `beef${cardSerial}`, feePay: '2', reason: '3' };
    expect((await call(admin, 'POST', '/memb/card/change', { ...change, reason: '1' })).status).toBe(400);
    const done = await call(admin, 'POST', '/memb/card/change', change);
    expect(done.body.message).toMatch(/^换卡成功！/);
    // The parent type's card fee (10.00) paid at the counter: the cash stays 30.
    expect(done.body.result).toMatchObject({ txnType: 'CARD_CHANGE', amountCents: 1000, balances: { CASH: 3000 } });
    const lines = await t0.db
      .select({ ref: t.ledgerEntries.accountRef, dc: t.ledgerEntries.dc, amount: t.ledgerEntries.amount })
      .from(t.ledgerEntries)
      .where(eq(t.ledgerEntries.txnId, done.body.result.id));
    expect(lines).toEqual(
      expect.arrayContaining([
        { ref: '1001', dc: 'D', amount: 1000 },
        { ref: '6005', dc: 'C', amount: 1000 },
      ]),
    );
    const [oldNow] = await t0.db.select().from(t.cards).where(eq(t.cards.id, old!.id));
    expect(oldNow).toMatchObject({ cardStatus: '4', closeReason: '3' });
    const [bill] = await t0.db.select().from(t.cardReplacements).where(eq(t.cardReplacements.txnId, done.body.result.id));
    expect(bill).toMatchObject({ reason: '3', fee: 1000, feePay: '2' });
    expect((await consume(change.cardNo, '1.00')).body.result.balances.CASH).toBe(2900);
    // A lost card is replaced (补卡), not changed.
    const [current] = await t0.db.select({ id: t.cards.id }).from(t.cards).where(eq(t.cards.cardNo, change.cardNo));
    await call(admin, 'POST', '/memb/card/reportLoss', { id: current!.id });
    cardSerial += 1;
    const lost = await call(admin, 'POST', '/memb/card/change', { ...change, idempotencyKey: key(), cardId: current!.id, cardNo: String(cardSerial), physNo: `beef${cardSerial}` });
    expect(lost.body.message).toBe('挂失的卡请办理补卡');
  });

  it('撤销 a 补卡 the same day: the new card cancelled, the old one lost again, the fee paid back once; refused once the new card was used', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '30.00');
    const [old] = await t0.db.select({ id: t.cards.id }).from(t.cards).where(eq(t.cards.cardNo, cardNo));
    await call(admin, 'POST', '/memb/card/reportLoss', { id: old!.id });
    cardSerial += 1;
    const done = await call(admin, 'POST', '/memb/card/replace', { idempotencyKey: key(), cardId: old!.id, cardNo: String(cardSerial), physNo: `d00d${cardSerial}`, feePay: '1', remark: '丢失' });
    expect(done.body.result.balances.CASH).toBe(1000);
    const [bill] = await t0.db.select().from(t.cardReplacements).where(eq(t.cardReplacements.txnId, done.body.result.id));
    expect(bill!.oldCardStatus).toBe('2');
    const cancel = { idempotencyKey: key(), id: bill!.id, reason: '卡号录错' };
    // Whoever may only read 补卡管理 cannot cancel.
    const reader = await roleWithUser(admin, 'repairreader', ['members:card-repair']);
    expect((await call(reader.token, 'POST', '/memb/cardReplace/cancel', cancel)).status).toBe(403);
    expect((await call(admin, 'POST', '/memb/cardReplace/cancel', { ...cancel, reason: '' })).status).toBe(400);
    const undone = await call(admin, 'POST', '/memb/cardReplace/cancel', cancel);
    expect(undone.body.message).toMatch(/^补卡已撤销/);
    expect(undone.body.result).toMatchObject({ txnType: 'CARD_REPLACE_REVERSAL', amountCents: 2000, balances: { CASH: 3000 } });
    expect((await call(admin, 'POST', '/memb/cardReplace/cancel', cancel)).body.result.replayed).toBe(true);
    expect((await call(admin, 'POST', '/memb/cardReplace/cancel', { ...cancel, idempotencyKey: key() })).body.message).toBe('该补卡单已撤销');
    const [oldNow] = await t0.db.select().from(t.cards).where(eq(t.cards.id, old!.id));
    expect(oldNow).toMatchObject({ cardStatus: '2', closeReason: null, closeTime: null });
    const [newNow] = await t0.db.select().from(t.cards).where(eq(t.cards.id, done.body.result.cardId));
    expect(newNow).toMatchObject({ cardStatus: '4', closeReason: '6' });
    const [billNow] = await t0.db.select().from(t.cardReplacements).where(eq(t.cardReplacements.id, bill!.id));
    expect(billNow).toMatchObject({ status: '2', cancelBy: 'admin', cancelReason: '卡号录错', cancelTxnId: undone.body.result.id });
    const [reversal] = await t0.db.select().from(t.ledgerTransactions).where(eq(t.ledgerTransactions.id, undone.body.result.id));
    expect(reversal!.reversalOf).toBe(done.body.result.id);

    // The card is replaced again and pays once: now the replacement stays.
    cardSerial += 1;
    const again = await call(admin, 'POST', '/memb/card/replace', { idempotencyKey: key(), cardId: old!.id, cardNo: String(cardSerial), physNo: `d00d${cardSerial}`, feePay: '2', remark: '丢失' });
    expect(again.body.success, again.body.message).toBe(true);
    expect((await consume(String(cardSerial), '1.00')).body.success).toBe(true);
    const [used] = await t0.db.select({ id: t.cardReplacements.id }).from(t.cardReplacements).where(eq(t.cardReplacements.txnId, again.body.result.id));
    expect((await call(admin, 'POST', '/memb/cardReplace/cancel', { idempotencyKey: key(), id: used!.id, reason: '误办' })).body.message).toBe('新卡已使用，不能撤销');
    // Only the day's bills: yesterday's is refused.
    await t0.db
      .update(t.cardReplacements)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(t.cardReplacements.id, used!.id));
    expect((await call(admin, 'POST', '/memb/cardReplace/cancel', { idempotencyKey: key(), id: used!.id, reason: '误办' })).body.message).toBe('只能撤销当天办理的补卡');
    const other = (await secondSchool(35, 'school35')).token;
    expect((await call(other, 'POST', '/memb/cardReplace/cancel', { idempotencyKey: key(), id: used!.id, reason: '误办' })).status).toBe(404);
    expect((await get(admin, '/memb/account/reconcile')).body.result).toMatchObject({ drift: [], unbalanced: [] });
  });
});

describe('退卡', () => {
  const cardIdOf = async (cardNo: string) => (await t0.db.select({ id: t.cards.id }).from(t.cards).where(eq(t.cards.cardNo, cardNo)))[0]!.id;

  it("cancels the card and pays the deposit back with the account's last card; the account and its cash stay", async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '12.00');
    const body = { idempotencyKey: key(), cardId: await cardIdOf(cardNo), deposit: 'refund', reason: '转学' };
    const done = await call(admin, 'POST', '/memb/card/return', body);
    expect(done.body.message).toMatch(/^退卡成功！/);
    expect(done.body.result).toMatchObject({ txnType: 'CARD_RETURN', amountCents: 2000, parts: { DEPOSIT: 2000 }, balances: { CASH: 1200, DEPOSIT: 0 } });
    expect((await call(admin, 'POST', '/memb/card/return', body)).body.result.replayed).toBe(true);
    const [card] = await t0.db.select().from(t.cards).where(eq(t.cards.cardNo, cardNo));
    expect(card).toMatchObject({ cardStatus: '4', closeReason: '1' });
    expect(await balances(accountId)).toMatchObject({ accountStatus: '1', cash: 1200, deposit: 0 });
    expect((await consume(cardNo, '1.00')).body.message).toBe('卡片已注销');
    expect((await call(admin, 'POST', '/memb/card/return', { ...body, idempotencyKey: key() })).body.message).toBe('该卡已注销');
  });

  it('keeps the deposit of a lost card that was not handed back, as income', async () => {
    const { cardNo } = await open();
    const cardId = await cardIdOf(cardNo);
    await call(admin, 'POST', '/memb/card/reportLoss', { id: cardId });
    expect((await call(admin, 'POST', '/memb/card/return', { idempotencyKey: key(), cardId, deposit: 'refund', reason: '丢失' })).body.message).toBe('挂失的卡未交回，押金不能退还');
    const kept = await call(admin, 'POST', '/memb/card/return', { idempotencyKey: key(), cardId, deposit: 'forfeit', reason: '丢失' });
    expect(kept.body.result).toMatchObject({ amountCents: 0, parts: { DEPOSIT: 2000 }, balances: { DEPOSIT: 0 } });
    const lines = await t0.db.select({ ref: t.ledgerEntries.accountRef, dc: t.ledgerEntries.dc }).from(t.ledgerEntries).where(eq(t.ledgerEntries.txnId, kept.body.result.id));
    expect(lines).toContainEqual({ ref: '6001', dc: 'C' });
  });

  it('needs its own button, and another school cannot return this one’s card', async () => {
    const { cardNo } = await open();
    const cardId = await cardIdOf(cardNo);
    const viewer = await roleWithUser(admin, 'cardviewer', ['members:cards']);
    expect((await call(viewer.token, 'POST', '/memb/card/return', { idempotencyKey: key(), cardId, deposit: 'refund', reason: 'x' })).status).toBe(403);
    const other = (await secondSchool(33, 'school33')).token;
    expect((await call(other, 'POST', '/memb/card/return', { idempotencyKey: key(), cardId, deposit: 'refund', reason: 'x' })).status).toBe(404);
    expect((await call(other, 'POST', '/memb/card/change', { idempotencyKey: key(), cardId, cardNo: '99887766', physNo: 'ABCDEF01', feePay: '2', reason: '2' })).status).toBe(404);
  });
});

describe('finding people at the counter', () => {
  it('finds a person by card or chip number, 学/工号, name and pinyin, with their card and balance', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '8.80');
    const [person] = await t0.db
      .select({ memberNo: t.members.memberNo, realName: t.members.realName })
      .from(t.members)
      .innerJoin(t.accounts, eq(t.accounts.memberId, t.members.id))
      .where(eq(t.accounts.id, accountId));
    const search = async (keyword: string) =>
      (await get(admin, `/memb/member/search?keyword=${encodeURIComponent(keyword)}`)).body.result as { memberNo: string; cardNo: string; cash: number; cardStatus: string; dept: string }[];
    const [byCard] = await search(cardNo);
    expect(byCard).toMatchObject({ memberNo: person!.memberNo, cardNo, cardStatus: '1', cash: 8.8 });
    expect(byCard!.dept).toMatch(/班/);
    expect((await search(`a1b2${cardNo}`))[0]).toMatchObject({ memberNo: person!.memberNo });
    expect((await search(person!.memberNo)).map((hit) => hit.memberNo)).toContain(person!.memberNo);
    expect((await search(person!.realName)).map((hit) => hit.memberNo)).toContain(person!.memberNo);
    const { pinyin } = await import('pinyin-pro');
    const initials = (pinyin(person!.realName, { toneType: 'none', type: 'array' }) as string[]).map((syllable) => syllable[0]).join('');
    const byInitials = await search(initials);
    expect(byInitials.length).toBeGreaterThan(0);
    expect(await search('没有这个人')).toEqual([]);
    const other = (await secondSchool(32, 'school32')).token;
    expect((await get(other, `/memb/member/search?keyword=${cardNo}`)).body.result).toEqual([]);
    const canteen = await signIn(t0.app, 'canteen');
    expect((await get(canteen, `/memb/member/search?keyword=${cardNo}`)).status).toBe(403);
  });

  it("lists an account's latest postings with what each did to the balance", async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '20.00');
    await consume(cardNo, '3.50');
    const rows = (await get(admin, `/memb/account/transactions?accountId=${accountId}`)).body.result as { txnType: string; change: number }[];
    expect(rows.map((row) => [row.txnType, row.change])).toEqual([
      ['CONSUME', -3.5],
      ['RECHARGE', 20],
      ['OPEN', 0],
    ]);
  });
});

describe('closing an account', () => {
  it('pays out the cash and the deposit, clears the subsidy, cancels the cards, and then refuses everything', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '30.00');
    await giveSubsidy(accountId, 500);
    await consume(cardNo, '2.00');
    const closed = await call(admin, 'POST', '/memb/account/close', { idempotencyKey: key(), accountId, deposit: 'refund', reason: '毕业离校' });
    expect(closed.body.message).toMatch(/^销户成功！/);
    // 30 − (2 from the subsidy) = 30 cash, 3 subsidy left, 20 deposit: 50 paid out.
    expect(closed.body.result).toMatchObject({ txnType: 'CLOSE', amountCents: 5000, parts: { CASH: 3000, SUBSIDY: 300, DEPOSIT: 2000 }, balances: { CASH: 0, SUBSIDY: 0, GIFT: 0, DEPOSIT: 0 } });
    expect(await balances(accountId)).toMatchObject({ accountStatus: '3', cash: 0, deposit: 0 });
    const [card] = await t0.db.select().from(t.cards).where(eq(t.cards.cardNo, cardNo));
    expect(card).toMatchObject({ cardStatus: '4', closeReason: '5' });
    expect((await consume(cardNo, '1.00')).body.message).toBe('卡片已注销');
    expect((await recharge(admin, accountId, '1.00')).body.message).toBe('账户已销户');
    expect((await call(admin, 'POST', '/memb/account/close', { idempotencyKey: key(), accountId, deposit: 'refund', reason: '再次' })).body.message).toBe('账户已销户');
  });

  it('keeps a forfeited deposit as income and refuses an overdrawn account', async () => {
    const { accountId } = await open();
    const closed = await call(admin, 'POST', '/memb/account/close', { idempotencyKey: key(), accountId, deposit: 'forfeit', reason: '无卡退卡' });
    expect(closed.body.result).toMatchObject({ amountCents: 0, parts: { DEPOSIT: 2000 } });
    const [income] = await t0.db.select().from(t.ledgerEntries).where(eq(t.ledgerEntries.txnId, closed.body.result.id));
    expect(income).toBeDefined();
    const lines = await t0.db.select({ ref: t.ledgerEntries.accountRef, dc: t.ledgerEntries.dc }).from(t.ledgerEntries).where(eq(t.ledgerEntries.txnId, closed.body.result.id));
    expect(lines).toContainEqual({ ref: '6001', dc: 'C' });
    const staff = await open('教职工');
    await consume(staff.cardNo, '5.00');
    const refused = await call(admin, 'POST', '/memb/account/close', { idempotencyKey: key(), accountId: staff.accountId, deposit: 'refund', reason: '离职' });
    expect(refused.body.message).toBe('账户现金为负（透支），请先充值补足后再销户');
  });
});

describe('permissions, schools and reconciliation', () => {
  it('asks for a session and for each operation’s code', async () => {
    const { accountId } = await open();
    expect((await call('', 'POST', '/memb/account/recharge', { idempotencyKey: key(), accountId, amount: '1', channel: 'cash' })).status).toBe(401);
    const reader = (await roleWithUser(admin, 'accountreader', ['members:accounts'])).token;
    for (const [url, body] of [
      ['/memb/account/recharge', { idempotencyKey: key(), accountId, amount: '1', channel: 'cash' }],
      ['/memb/account/open', { idempotencyKey: key(), memberId: 'x', cardNo: '1234', physNo: 'AABBCCDD' }],
      ['/pay/consume', { idempotencyKey: key(), cardNo: '1234', amount: '1' }],
    ] as const) {
      expect((await call(reader, 'POST', url, body)).status, url).toBe(403);
    }
  });

  it("another school cannot see or move this school's money", async () => {
    const { accountId, cardNo } = await open();
    const other = (await secondSchool(31, 'school31')).token;
    expect((await recharge(other, accountId, '5.00')).status).toBe(404);
    expect((await call(other, 'POST', '/pay/consume', { idempotencyKey: key(), cardNo, amount: '1' })).body.message).toBe('卡片不存在');
    expect((await balances(accountId)).cash).toBe(0);
  });

  it('every transaction balances and every account agrees with its ledger', async () => {
    const report = (await get(admin, '/memb/account/reconcile')).body.result;
    expect(report.accounts).toBeGreaterThan(5);
    expect(report.unbalanced).toEqual([]);
    expect(report.drift).toEqual([]);
    // A cache that drifted is found.
    const { accountId } = await open();
    await t0.db.update(t.accounts).set({ cash: 1 }).where(eq(t.accounts.id, accountId));
    expect((await get(admin, '/memb/account/reconcile')).body.result.drift).toEqual([{ accountId, wallet: 'CASH', cached: 1, ledger: 0 }]);
    await t0.db.update(t.accounts).set({ cash: 0 }).where(eq(t.accounts.id, accountId));
  });
});

describe('手工调账', () => {
  const enter = (token: string, body: Record<string, unknown>) =>
    call(token, 'POST', '/memb/account/adjust', { idempotencyKey: key(), wallet: 'CASH', direction: '1', reason: '重复扣费补回', ...body });

  it('is entered by one person and posted only when another approves it; entering twice with one key makes one request', async () => {
    const { accountId } = await open();
    await recharge(admin, accountId, '10.00');
    const idempotencyKey = key();
    const entered = await enter(clerk, { accountId, amount: '3.50', idempotencyKey });
    expect(entered.body.message).toBe(`调账单 ${entered.body.result.billNo} 已提交，等待另一位操作员审核`);
    expect(entered.body.result).toMatchObject({ status: '0', amount: 350, createBy: 'cardclerk_user' });
    expect(entered.body.result.billNo).toMatch(/^TZ\d{8}[0-9A-F]{8}$/);
    expect((await enter(clerk, { accountId, amount: '3.50', idempotencyKey })).body.result).toMatchObject({ id: entered.body.result.id, replayed: true });
    // Nothing moved yet.
    expect((await balances(accountId)).cash).toBe(1000);
    // The clerk who entered it cannot approve it.
    const own = await call(clerk, 'POST', '/memb/account/adjust/approve', { idempotencyKey: key(), id: entered.body.result.id });
    expect([own.status, own.body.message]).toEqual([403, expect.any(String)]);
    const self = await enter(admin, { accountId, amount: '1.00' });
    expect((await call(admin, 'POST', '/memb/account/adjust/approve', { idempotencyKey: key(), id: self.body.result.id })).body.message).toBe('录入人与审核人不能为同一人');
    // Another person approves: posted once, as an ADJUST from other income into the cash.
    const approval = { idempotencyKey: key(), id: entered.body.result.id, remark: '核对无误' };
    const posted = await call(admin, 'POST', '/memb/account/adjust/approve', approval);
    expect(posted.body.message).toBe('调账已入账！（录入：cardclerk_user，审核：admin）');
    expect(posted.body.result).toMatchObject({ txnType: 'ADJUST', amountCents: 350, parts: { CASH: 350 }, balances: { CASH: 1350 } });
    expect((await call(admin, 'POST', '/memb/account/adjust/approve', approval)).body.result.replayed).toBe(true);
    expect((await call(admin, 'POST', '/memb/account/adjust/approve', { ...approval, idempotencyKey: key() })).body.message).toBe('该调账单已处理');
    const lines = await t0.db.select({ ref: t.ledgerEntries.accountRef, dc: t.ledgerEntries.dc }).from(t.ledgerEntries).where(eq(t.ledgerEntries.txnId, posted.body.result.id));
    expect(lines).toEqual(
      expect.arrayContaining([
        { ref: '6001', dc: 'D' },
        { ref: accountId, dc: 'C' },
      ]),
    );
    const listed = (await get(admin, `/memb/adjustment/list?billNo=${entered.body.result.billNo}`)).body.result.records;
    expect(listed[0]).toMatchObject({ status_dictText: '已入账', checkBy: 'admin', checkRemark: '核对无误', amount: 3.5, direction_dictText: '调增' });
    // Its history: entered by one, approved by the other with the posting named; the replay wrote nothing.
    const history = (await get(admin, `/sys/recordHistory/list?entity=members.adjustment&id=${entered.body.result.id}`)).body.result;
    // The posting among them, in the ledger's words (the same second as its approval).
    expect(history.map((entry: { action: string; operator: string }) => [entry.action, entry.operator]).sort()).toEqual([
      ['add', 'cardclerk_user'],
      ['approve', 'admin'],
      ['posting', 'admin'],
    ]);
    // Newest first: the entry comes last (the approval and its posting are one transaction's).
    expect(history.at(-1).action).toBe('add');
    expect(history.find((entry: { action: string }) => entry.action === 'approve').note).toBe(`入账 ${posted.body.result.txnNo}`);
    expect(history.find((entry: { action: string }) => entry.action === 'posting')).toMatchObject({
      actionText: '手工调账',
      posting: { txnNo: posted.body.result.txnNo, amount: '3.50', reversal: false },
    });
    // The account's history shows the postings into it too, newest first.
    const accountHistory = (await get(admin, `/sys/recordHistory/list?entity=members.account&id=${accountId}`)).body.result;
    expect(accountHistory[0]).toMatchObject({ action: 'posting', posting: { txnNo: posted.body.result.txnNo } });
    expect(accountHistory.filter((entry: { action: string }) => entry.action === 'posting').length).toBeGreaterThan(1);
  });

  it('never lowers a wallet below zero, and a rejected request posts nothing', async () => {
    const { accountId } = await open();
    await recharge(admin, accountId, '2.00');
    const lower = await enter(clerk, { accountId, amount: '5.00', direction: '2' });
    expect((await call(admin, 'POST', '/memb/account/adjust/approve', { idempotencyKey: key(), id: lower.body.result.id })).body.message).toBe('调减金额大于钱包余额');
    expect((await call(admin, 'POST', '/memb/account/adjust/reject', { id: lower.body.result.id, remark: '' })).status).toBe(400);
    expect((await call(admin, 'POST', '/memb/account/adjust/reject', { id: lower.body.result.id, remark: '金额有误' })).body.message).toBe('已驳回（录入：cardclerk_user，审核：admin）');
    const [row] = await t0.db.select().from(t.adjustments).where(eq(t.adjustments.id, lower.body.result.id));
    expect(row).toMatchObject({ status: '2', checkBy: 'admin', checkRemark: '金额有误', txnId: null });
    expect((await balances(accountId)).cash).toBe(200);
    expect((await enter(clerk, { accountId, amount: '0' })).body.message).toMatch(/金额必须大于0/);
    expect((await enter(clerk, { accountId, amount: '1.234' })).body.message).toMatch(/最多两位小数/);
    expect((await enter(clerk, { accountId, amount: '1.00', wallet: 'DEPOSIT' })).status).toBe(400);
    const other = (await secondSchool(34, 'school34')).token;
    expect((await call(other, 'POST', '/memb/account/adjust/reject', { id: lower.body.result.id, remark: 'x' })).status).toBe(404);
  });
});

describe('人员类型与折扣', () => {
  it('a payment takes the member type’s most particular discount row, and one row per canteen and meal', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '40.00');
    const [pupil] = await t0.db
      .select({ id: t.memberTypes.id })
      .from(t.memberTypes)
      .where(and(eq(t.memberTypes.code, 'STUDENT'), eq(t.memberTypes.tenantId, 0)));
    const [canteen] = await t0.db.select({ id: t.mealCanteens.id }).from(t.mealCanteens).where(eq(t.mealCanteens.tenantId, 0)).limit(1);
    const pay = (amount: string, extra: Record<string, unknown>) => call(admin, 'POST', '/pay/consume', { idempotencyKey: key(), cardNo, amount, ...extra });
    // The seed: pupils pay 800‰ at breakfast anywhere.
    const breakfast = await pay('5.00', { mealType: '1' });
    expect(breakfast.body.result).toMatchObject({ amountCents: 400, balances: { CASH: 3600 } });
    // A row for this canteen's breakfast is more particular than "every canteen".
    const added = await call(admin, 'POST', '/memb/typeDiscount/add', { memberTypeId: pupil!.id, name: '本食堂早餐', canteenId: canteen!.id, mealType: '1', discountPermille: 500 });
    expect(added.body.success, added.body.message).toBe(true);
    expect((await pay('5.00', { mealType: '1', canteenId: canteen!.id })).body.result.amountCents).toBe(250);
    expect((await pay('5.00', { mealType: '2', canteenId: canteen!.id })).body.result.amountCents).toBe(500);
    const summary = await t0.db.select({ summary: t.ledgerTransactions.summary }).from(t.ledgerTransactions).where(eq(t.ledgerTransactions.id, breakfast.body.result.id));
    expect(summary[0]!.summary).toBe('消费（原价 5.00 元，折扣 800‰）');
    const twin = await call(admin, 'POST', '/memb/typeDiscount/add', { memberTypeId: pupil!.id, name: '重复', canteenId: canteen!.id, mealType: '1', discountPermille: 700 });
    expect(twin.body.message).toBe('该人员类型在这个食堂、档口和餐次已有生效期重叠的折扣规则');
    expect((await call(admin, 'POST', '/memb/typeDiscount/add', { memberTypeId: pupil!.id, name: '过大', mealType: '4', discountPermille: 1001 })).status).toBe(400);
    await call(admin, 'DELETE', `/memb/typeDiscount/delete?id=${added.body.result.id}`);
  });

  it('a store’s fixed price and the meal allowances: once per meal a day, what is kept goes to the subsidy wallet, a refund gives the school its part back last', async () => {
    const { accountId, cardNo } = await open('教职工');
    await recharge(admin, accountId, '30.00');
    const [staff] = await t0.db
      .select({ id: t.memberTypes.id })
      .from(t.memberTypes)
      .where(and(eq(t.memberTypes.code, 'STAFF'), eq(t.memberTypes.tenantId, 0)));
    const [store] = await t0.db.select({ id: t.mealStores.id, canteenId: t.mealStores.canteenId }).from(t.mealStores).where(eq(t.mealStores.tenantId, 0)).limit(1);
    const [otherCanteen] = await t0.db
      .select({ id: t.mealCanteens.id })
      .from(t.mealCanteens)
      .where(and(eq(t.mealCanteens.tenantId, 0), ne(t.mealCanteens.id, store!.canteenId)))
      .limit(1);
    const rule = (values: Record<string, unknown>) =>
      call(admin, 'POST', '/memb/typeDiscount/add', { memberTypeId: staff!.id, name: '规则', discountPermille: 1000, allowanceMode: '0', allowanceValidity: '1', ...values });
    const pay = (amount: string, extra: Record<string, unknown>) =>
      call(admin, 'POST', '/pay/consume', { idempotencyKey: key(), cardNo, amount, canteenId: store!.canteenId, storeId: store!.id, ...extra });
    const summaryOf = async (id: string) => (await t0.db.select({ summary: t.ledgerTransactions.summary }).from(t.ledgerTransactions).where(eq(t.ledgerTransactions.id, id)))[0]!.summary;

    // The rules a row must keep, in the words the form shows.
    expect((await rule({ mealType: '4', allowanceMode: '1' })).body.message).toBe('固定补贴请填写餐补金额（allowance）');
    expect((await rule({ mealType: '4', allowanceMode: '3' })).body.message).toBe('比率餐补请填写餐补比率（allowancePermille）');
    expect((await rule({ mealType: '4', storeId: store!.id })).body.message).toBe('选择档口时请同时选择其食堂（canteenId）');
    expect((await rule({ mealType: '4', canteenId: otherCanteen!.id, storeId: store!.id })).body.message).toBe('所选档口不属于所选食堂');
    expect((await rule({ mealType: '4', validFrom: '2026-02-01', validTo: '2026-01-01' })).body.message).toBe('失效日期不能早于生效日期（validTo）');
    expect((await rule({ mealType: '4', fixedPrice: '0' })).body.message).toBe('固定价必须大于0，免费餐请选择餐补方式（fixedPrice）');

    // Breakfast at this store: a fixed price of ¥4, ¥3 of it paid by the school, what is left kept.
    const breakfastRule = await rule({
      name: '档口早餐',
      canteenId: store!.canteenId,
      storeId: store!.id,
      mealType: '1',
      fixedPrice: '4.00',
      allowanceMode: '1',
      allowance: '3.00',
      allowanceValidity: '2',
    });
    expect(breakfastRule.body.success, breakfastRule.body.message).toBe(true);
    const first = await pay('6.50', { mealType: '1' });
    expect(first.body.result).toMatchObject({ amountCents: 400, balances: { CASH: 2900, SUBSIDY: 0 } });
    expect(await summaryOf(first.body.result.id)).toBe('消费（原价 6.50 元，固定价，餐补 3.00 元）');
    // The second breakfast the same day pays in full (a cheaper one at the fixed price's cap).
    const second = await pay('3.50', { mealType: '1' });
    expect(second.body.result).toMatchObject({ amountCents: 350, balances: { CASH: 2550 } });

    // Lunch anywhere in the school: free, and the single limit does not count the school's part.
    const lunchRule = await rule({ name: '免费午餐', mealType: '2', allowanceMode: '2' });
    expect(lunchRule.body.success, lunchRule.body.message).toBe(true);
    const lunch = await pay('15.00', { mealType: '2' });
    expect(lunch.body.result).toMatchObject({ amountCents: 1500, balances: { CASH: 2550 } });
    // Supper: the school pays 40%; the refund gives the member's part back before the school's.
    const supperRule = await rule({ name: '晚餐比率', mealType: '3', canteenId: store!.canteenId, storeId: store!.id, allowanceMode: '3', allowancePermille: 400 });
    expect(supperRule.body.success, supperRule.body.message).toBe(true);
    const supper = await pay('10.00', { mealType: '3' });
    expect(supper.body.result).toMatchObject({ amountCents: 1000, parts: { CASH: 600 }, balances: { CASH: 1950 } });
    const part = await call(admin, 'POST', '/pay/consume/refund', { idempotencyKey: key(), txnId: supper.body.result.id, amount: '7.00', reason: '退菜' });
    expect(part.body.result).toMatchObject({ amountCents: 700, balances: { CASH: 2550 } });
    const rest = await call(admin, 'POST', '/pay/consume/refund', { idempotencyKey: key(), txnId: supper.body.result.id, reason: '退餐' });
    expect(rest.body.result).toMatchObject({ amountCents: 300, balances: { CASH: 2550 } });
    const allowanceLines = await t0.db
      .select({ dc: t.ledgerEntries.dc, amount: t.ledgerEntries.amount })
      .from(t.ledgerEntries)
      .where(and(eq(t.ledgerEntries.accountRef, '6602'), inArray(t.ledgerEntries.txnId, [part.body.result.id, rest.body.result.id])));
    expect(allowanceLines.sort((a, b) => a.amount - b.amount)).toEqual([
      { dc: 'C', amount: 100 },
      { dc: 'C', amount: 300 },
    ]);

    // 永久有效: a fixed allowance larger than the meal leaves the rest in the subsidy wallet.
    const snack = await rule({ name: '夜宵补贴', mealType: '4', allowanceMode: '1', allowance: '5.00', allowanceValidity: '2' });
    expect(snack.body.success, snack.body.message).toBe(true);
    const night = await pay('2.00', { mealType: '4' });
    expect(night.body.result).toMatchObject({ amountCents: 200, balances: { CASH: 2550, SUBSIDY: 300 } });
    expect(await summaryOf(night.body.result.id)).toBe('消费（餐补 2.00 元，餐补余额 3.00 元转入补助）');
    // Refunding it returns the ¥2 the school paid; the ¥3 kept stays a grant.
    const back = await call(admin, 'POST', '/pay/consume/refund', { idempotencyKey: key(), txnId: night.body.result.id, reason: '退餐' });
    expect(back.body.result).toMatchObject({ amountCents: 200, balances: { SUBSIDY: 300 } });

    // A row out of its period does not apply; rows of one scope may follow each other, not overlap.
    await call(admin, 'DELETE', `/memb/typeDiscount/delete?id=${snack.body.result.id}`);
    const past = await rule({ name: '往期', mealType: '4', discountPermille: 500, validFrom: '2020-01-01', validTo: '2020-12-31' });
    expect(past.body.success, past.body.message).toBe(true);
    expect((await pay('2.00', { mealType: '4' })).body.result.amountCents).toBe(200);
    expect((await rule({ name: '下期', mealType: '4', discountPermille: 500, validFrom: '2021-01-01' })).body.success).toBe(true);
    expect((await rule({ name: '重叠', mealType: '4', discountPermille: 600, validFrom: '2020-06-01', validTo: '2020-06-30' })).body.message).toBe(
      '该人员类型在这个食堂、档口和餐次已有生效期重叠的折扣规则',
    );
    expect((await pay('2.00', { mealType: '4' })).body.result.amountCents).toBe(100);
    expect((await get(admin, '/memb/account/reconcile')).body.result).toMatchObject({ drift: [], unbalanced: [] });
    const rows = await t0.db.select({ id: t.typeDiscounts.id }).from(t.typeDiscounts).where(eq(t.typeDiscounts.memberTypeId, staff!.id));
    for (const row of rows)
      await t0.db
        .update(t.typeDiscounts)
        .set({ delFlag: 1 })
        .where(and(eq(t.typeDiscounts.id, row.id), ne(t.typeDiscounts.name, '教工晚餐优惠')));
  });
});

describe('what a ledger action works out before it posts (its quote)', () => {
  it('消费退款 offers what is left to refund; 销户 pays out the cash and, if chosen, the deposit; 补卡 shows the type’s fee', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '40.00');
    const paid = (await consume(cardNo, '9.00')).body.result;
    const quoteOf = async (url: string, body: Record<string, unknown>) => {
      const answer = await call(admin, 'POST', url, body);
      expect(answer.body.success, answer.body.message).toBe(true);
      return answer.body.result as { figures: Record<string, number | null>; defaults?: Record<string, string> };
    };
    expect(await quoteOf('/pay/consume/refund/quote', { txnId: paid.id })).toEqual({ figures: { refundable: paid.amountCents }, defaults: { amount: (paid.amountCents / 100).toFixed(2) } });
    await call(admin, 'POST', '/pay/consume/refund', { idempotencyKey: key(), txnId: paid.id, amount: '1.00', reason: '少打' });
    expect((await quoteOf('/pay/consume/refund/quote', { txnId: paid.id })).figures.refundable).toBe(paid.amountCents - 100);

    const cash = (await balances(accountId)).cash;
    expect((await quoteOf('/memb/account/close/quote', { accountId, deposit: 'refund' })).figures.payOut).toBe(cash + 2000);
    expect((await quoteOf('/memb/account/close/quote', { accountId, deposit: 'forfeit' })).figures.payOut).toBe(cash);
    // A value its dictionary has not is refused, as the action itself refuses it.
    expect((await call(admin, 'POST', '/memb/account/close/quote', { accountId, deposit: 'keep' })).status).toBe(400);

    const [card] = await t0.db.select({ id: t.cards.id }).from(t.cards).where(eq(t.cards.cardNo, cardNo));
    expect((await quoteOf('/memb/card/replace/quote', { cardId: card!.id })).figures).toEqual({ fee: 2000 });
    // A lost card was not handed back: its deposit is kept, and the dialog starts from 转收入.
    await call(admin, 'POST', '/memb/card/reportLoss', { id: card!.id });
    expect(await quoteOf('/memb/card/return/quote', { cardId: card!.id })).toEqual({ figures: { deposit: 2000, depositBack: 0 }, defaults: { deposit: 'forfeit' } });
    // Another school's record is nothing to quote.
    const other = (await secondSchool(38, 'school38')).token;
    expect((await call(other, 'POST', '/memb/card/replace/quote', { cardId: card!.id })).status).toBe(404);
  });

  it('柜台消费 names the card by its number or by its id, suggests the meal of the school’s clock, and takes a store only of the canteen chosen', async () => {
    const { accountId, cardNo } = await open();
    await recharge(admin, accountId, '30.00');
    const [card] = await t0.db.select({ id: t.cards.id }).from(t.cards).where(eq(t.cards.cardNo, cardNo));
    const quote = (await call(admin, 'POST', '/pay/consume/quote', { cardNo })).body.result;
    expect(quote.figures).toEqual({ cash: 3000 });
    expect(['1', '2', '3', '4']).toContain(quote.defaults.mealType);
    expect(quote.defaults.canteenId).toBeTruthy();
    // The dialog opened on the card sends its id: the engine reads the number from the record.
    const byId = await call(admin, 'POST', '/pay/consume', { idempotencyKey: key(), id: card!.id, amount: '2.00' });
    expect(byId.body.message).toMatch(/^消费成功！实付 ¥[\d.]+，现金余额 ¥[\d.]+$/);
    const [canteenA, canteenB] = await t0.db.select({ id: t.mealCanteens.id }).from(t.mealCanteens).where(eq(t.mealCanteens.tenantId, 0)).orderBy(t.mealCanteens.sortNo).limit(2);
    const [storeOfB] = await t0.db.select({ id: t.mealStores.id }).from(t.mealStores).where(eq(t.mealStores.canteenId, canteenB!.id)).limit(1);
    const mismatched = await call(admin, 'POST', '/pay/consume', { idempotencyKey: key(), cardNo, amount: '1.00', canteenId: canteenA!.id, storeId: storeOfB!.id });
    expect([mismatched.status, mismatched.body.message]).toEqual([400, '档口不属于所选食堂']);
    expect((await balances(accountId)).cash).toBe(3000 - byId.body.result.amountCents);
    // Named by its id, the card must be in use: a lost one is refused by its state (its number could be reused once cancelled).
    await call(admin, 'POST', '/memb/card/reportLoss', { id: card!.id });
    const lost = await call(admin, 'POST', '/pay/consume', { idempotencyKey: key(), id: card!.id, amount: '1.00' });
    expect([lost.status, lost.body.message]).toEqual([400, `「${cardNo}」当前状态为挂失，不能柜台消费，请先解挂`]);
    expect((await call(admin, 'POST', '/pay/consume/quote', { id: card!.id })).status).toBe(400);
  });
});
