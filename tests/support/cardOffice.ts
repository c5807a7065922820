import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import * as t from '@server/db/schema';
import { apiOf } from './api';
import { paymentSigningText } from '@shared/payments';
import { BASE, TEST_PAYMENT_SECRETS, type TestApp } from './testApp';

export type MemberKind = '学生' | '教职工' | '家长';

/** A fresh idempotency key, as the console makes one when a money dialog opens. */
export const key = () => randomUUID().replaceAll('-', '');

/**
 * The card office's fixtures through its routes: members without an account, accounts opened with
 * a new card, recharges and payments. Card numbers start at `firstCard` so two files never collide.
 */
export function cardOfficeOf(app: () => TestApp, admin: () => string, firstCard = 100000) {
  const { call } = apiOf(app);
  let cardSerial = firstCard;

  /** A member of the seed (a pupil unless told) without an account yet; a newcomer once they all have one. */
  async function freshMember(type: MemberKind = '学生'): Promise<string> {
    const db = app().db;
    const rows = await db
      .select({ id: t.members.id })
      .from(t.members)
      .innerJoin(t.memberTypes, eq(t.memberTypes.id, t.members.memberTypeId))
      .where(and(eq(t.memberTypes.name, type), eq(t.members.memberStatus, '1'), eq(t.members.tenantId, 0), sql`not exists (select 1 from memb_account a where a.member_id = ${t.members.id})`))
      .limit(1);
    if (rows[0]) return rows[0].id;
    const [memberType] = await db
      .select({ id: t.memberTypes.id })
      .from(t.memberTypes)
      .where(and(eq(t.memberTypes.name, type), eq(t.memberTypes.tenantId, 0)));
    const [dept] = await db
      .select({ id: t.memberDepartments.id })
      .from(t.memberDepartments)
      .where(and(eq(t.memberDepartments.level, 5), eq(t.memberDepartments.tenantId, 0)))
      .limit(1);
    cardSerial += 1;
    const added = await call(admin(), 'POST', '/memb/member/add', { memberNo: `N${cardSerial}`, realName: '新同事', sex: '1', memberTypeId: memberType!.id, deptId: dept!.id, memberStatus: '1' });
    expect(added.body.success, added.body.message).toBe(true);
    return added.body.result.id;
  }

  /** A new card's numbers: printed and chip. */
  const nextCard = () => {
    cardSerial += 1;
    return { cardNo: String(cardSerial), physNo: `A1B2${cardSerial}` };
  };

  /** Opens an account with a new card; answers the account id and the card number. */
  async function open(type: MemberKind = '学生'): Promise<{ accountId: string; cardNo: string; memberId: string; answer: Record<string, unknown> }> {
    const { cardNo, physNo } = nextCard();
    const memberId = await freshMember(type);
    const answer = await call(admin(), 'POST', '/memb/account/open', { idempotencyKey: key(), memberId, cardNo, physNo });
    expect(answer.body.success, answer.body.message).toBe(true);
    return { accountId: answer.body.result.accountId, cardNo, memberId, answer: answer.body.result };
  }

  const recharge = (token: string, accountId: string, amount: unknown, idempotencyKey = key()) => call(token, 'POST', '/memb/account/recharge', { idempotencyKey, accountId, amount, channel: 'cash' });
  const consume = (cardNo: string, amount: unknown, idempotencyKey = key(), token = admin()) => call(token, 'POST', '/pay/consume', { idempotencyKey, cardNo, amount });
  const balances = async (accountId: string) => (await app().db.select().from(t.accounts).where(eq(t.accounts.id, accountId)))[0]!;

  /** A payment channel's callback, signed with its key (the test's, unless given). */
  const callback = async (channel: string, body: { outTradeNo: string; providerTxnId: string; amount: number; paidAt: string }, secret?: string) => {
    const signature = createHmac('sha256', secret ?? TEST_PAYMENT_SECRETS[channel as 'wechat'])
      .update(paymentSigningText(body))
      .digest('hex');
    const response = await app().app.inject({
      method: 'POST',
      url: `${BASE}/pay/callback/${channel}`,
      headers: { 'content-type': 'application/json', 'x-signature': signature },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json() };
  };

  return { freshMember, nextCard, open, recharge, consume, balances, callback };
}
