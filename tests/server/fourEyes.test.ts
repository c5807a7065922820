/**
 * Maker ≠ checker by person, on every flow (finding M-N2): a maker who also runs users cannot check
 * their own work through a peer whose password they set, nor through an account they created. The
 * subsidy batch as the finding told it, then a sweep over every declared action with makers
 * (`notBy`): each refuses the maker's second faces through the one four-eyes rule and lets an
 * independent checker past it; and 充值冲正, a hand route, through the same rule.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as t from '@server/db/schema';
import { dictionaries } from '@server/db/seed/dictionaries';
import { FOUR_EYES_MESSAGES } from '@server/modules/auth/fourEyes';
import { entityTables } from '@server/modules/entities';
import { entityCodes } from '@shared/engine/derive';
import { flowActions, type FlowActionSpec } from '@shared/engine/flow';
import type { EntitySpec, FieldSpec } from '@shared/engine/spec';
import { flowEntities } from '@shared/entities';
import { subsidy } from '@shared/entities/members/subsidy';
import { dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { apiOf } from '../support/api';
import { cardOfficeOf, key } from '../support/cardOffice';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, roleWithUser } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

const CREATED_BY_MAKER = '审核人账号由录入人创建，创建后90天内不能审核其录入的单据';
const USERS = ['system:users', 'user:add', 'user:resetPassword'];

/** The holder chooses their own password (and signs in again: a change ends their sessions). */
async function ownPassword(token: string, username: string, from: string, to: string): Promise<string> {
  const changed = await call(token, 'PUT', '/sys/user/updatePassword', { username, oldpassword: from, password: to, confirmpassword: to });
  expect(changed.body.success, changed.body.message).toBe(true);
  return signIn(t0.app, username, to);
}

/**
 * The maker's faces: the maker (holding `codes` and 用户管理), a peer whose password the maker reset,
 * an account the maker made with their own role (its holder's own password since), and an
 * independent checker who chose their own password.
 */
async function facesOf(name: string, codes: string[]) {
  const maker = await roleWithUser(admin, `${name}_maker`, [...codes, ...USERS]);
  const peer = await roleWithUser(admin, `${name}_peer`, codes);
  await ownPassword(peer.token, peer.username, 'Clerk-Pass-61', 'Peer-pass-2');
  const reset = await call(maker.token, 'PUT', '/sys/user/changePassword', { username: peer.username, password: 'Known-pass-3', confirmpassword: 'Known-pass-3' });
  expect(reset.body.success, reset.body.message).toBe(true);
  const made = await call(maker.token, 'POST', '/sys/user/add', { username: `${name}_second`, realname: '第二个我', password: 'Second-pass1', selectedroles: maker.roleId });
  expect(made.body.success, made.body.message).toBe(true);
  const second = await ownPassword(await signIn(t0.app, `${name}_second`, 'Second-pass1'), `${name}_second`, 'Second-pass1', 'Second-pass2');
  const independent = await roleWithUser(admin, `${name}_checker`, codes);
  return {
    maker,
    peer: await signIn(t0.app, peer.username, 'Known-pass-3'),
    second,
    checker: await ownPassword(independent.token, independent.username, 'Clerk-Pass-61', 'Checker-pass-4'),
  };
}

describe('补助 audited by a second face of its maker (the finding)', () => {
  it('refuses a peer whose password the maker reset and an account the maker made; an independent checker audits and the maker issues', async () => {
    const faces = await facesOf('fe_subsidy', [entityCodes(subsidy).read, 'subsidy:add', 'subsidy:pickMembers', 'subsidy:submit', 'subsidy:audit', 'subsidy:reject', 'subsidy:issue']);
    const [pupil] = await t0.db
      .select({ id: t.members.id, accountId: t.accounts.id })
      .from(t.members)
      .innerJoin(t.accounts, and(eq(t.accounts.memberId, t.members.id), eq(t.accounts.accountStatus, '1')))
      .where(and(eq(t.members.tenantId, 0), eq(t.members.memberStatus, '1')))
      .orderBy(sql`${t.members.memberNo} desc`)
      .limit(1);
    const subsidyOf = async () => (await t0.db.select({ subsidy: t.accounts.subsidy }).from(t.accounts).where(eq(t.accounts.id, pupil!.accountId)))[0]!.subsidy;
    const before = await subsidyOf();
    const made = await call(faces.maker.token, 'POST', '/memb/subsidy/add', { name: '困难补助', subsidyType: '2', fundSource: '2', startDate: dayIn(DEFAULT_TIME_ZONE), clearMode: '0' });
    expect(made.body.success, made.body.message).toBe(true);
    const id = made.body.result.id as string;
    const picked = await call(faces.maker.token, 'POST', '/memb/subsidy/pickMembers', { id, members: '甲', memberIds: pupil!.id, amount: '300' });
    expect(picked.body.success, picked.body.message).toBe(true);
    expect((await call(faces.maker.token, 'POST', '/memb/subsidy/submit', { id })).body.success).toBe(true);
    const audit = (token: string) => call(token, 'POST', '/memb/subsidy/audit', { id });
    const batch = async () => (await get(admin, `/memb/subsidy/queryById?id=${id}`)).body.result;

    expect((await audit(faces.maker.token)).body.message).toBe('不能审核自己制单或提交的记录，请由其他人审核');
    const asPeer = await audit(faces.peer);
    expect([asPeer.status, asPeer.body.message]).toEqual([400, FOUR_EYES_MESSAGES.passwordSetByOther]);
    const asSecond = await audit(faces.second);
    expect([asSecond.status, asSecond.body.message]).toEqual([400, CREATED_BY_MAKER]);
    // Rejecting is a checker's act too.
    expect((await call(faces.peer, 'POST', '/memb/subsidy/reject', { id, auditOpinion: '不同意' })).body.message).toBe(FOUR_EYES_MESSAGES.passwordSetByOther);
    expect(await batch()).toMatchObject({ auditStatus: '1', auditBy: null });
    // Not audited: nothing can be issued, the wallet is as it was.
    expect((await call(faces.maker.token, 'POST', '/memb/subsidy/issue', { id })).status).toBe(400);
    expect(await subsidyOf()).toBe(before);

    const checked = await audit(faces.checker);
    expect(checked.body.message).toBe('已审核');
    expect((await call(faces.maker.token, 'POST', '/memb/subsidy/issue', { id })).body.success).toBe(true);
    await expect.poll(async () => (await batch()).issueStatus, { timeout: 30_000 }).toBe('1');
    expect(await subsidyOf()).toBe(before + 30000);
  });
});

describe('充值冲正, a hand route with a maker', () => {
  it('is refused to the cashier’s second faces by the same rule, and done by another person', async () => {
    const faces = await facesOf('fe_reversal', ['members:accounts', 'account:recharge', 'account:rechargeReversal']);
    const { open, recharge } = cardOfficeOf(
      () => t0,
      () => admin,
      620000,
    );
    const { accountId } = await open();
    const posted = await recharge(faces.maker.token, accountId, '40.00');
    expect(posted.body.success, posted.body.message).toBe(true);
    const reverse = (token: string) => call(token, 'POST', '/memb/account/rechargeReversal', { idempotencyKey: key(), txnId: posted.body.result.id, reason: '录错金额' });
    expect((await reverse(faces.maker.token)).body.message).toBe('充值冲正须由另一位操作员办理');
    expect((await reverse(faces.peer)).body.message).toBe(FOUR_EYES_MESSAGES.passwordSetByOther);
    expect((await reverse(faces.second)).body.message).toBe(CREATED_BY_MAKER);
    expect((await reverse(faces.checker)).body.result).toMatchObject({ txnType: 'RECHARGE_REVERSAL', amountCents: 4000 });
  });
});

/** An entity's table and its actions with makers: the sweep's cases. */
const registrations = new Map(entityTables().map(([spec, table]) => [spec.id, table]));
const declared = flowEntities().flatMap((spec) =>
  flowActions(spec)
    .filter(({ action }) => action.notBy?.length)
    .map(({ action, code }) => ({ spec, action, code })),
);

/** A value an input takes (a reason, a dictionary's first item). */
function inputValue(field: FieldSpec): unknown {
  if (field.type === 'dict') return dictionaries().find((dictionary) => dictionary.code === field.dict)!.items[0]![0];
  if (field.type === 'money' || field.type === 'number') return String(field.min ?? 1);
  return '核对';
}

/** A bare value for a required column of a record no seed made. */
function bareValue(key: string, column: PgColumn): unknown {
  if (key === 'tenantId') return 0;
  if (column.columnType.startsWith('PgDate')) return column.dataType === 'date' ? new Date() : '2026-01-01';
  if (column.columnType.startsWith('PgTimestamp')) return column.dataType === 'date' ? new Date() : new Date().toISOString();
  if (column.dataType === 'number' || column.dataType === 'bigint') return 0;
  if (column.dataType === 'boolean') return false;
  if (column.dataType === 'json') return {};
  return `FE${randomUUID().slice(0, 8)}`;
}

/** A live record of the entity (a seeded one, else a bare one) in a state the action starts from, its makers the maker. */
async function recordFor(spec: EntitySpec, action: FlowActionSpec, maker: string): Promise<string> {
  const table = registrations.get(spec.id) as unknown as PgTable & Record<string, PgColumn>;
  const listed = await get(admin, `${spec.api}/list?pageNo=1&pageSize=1`);
  expect(listed.body.success, `${spec.id}: ${listed.body.message}`).toBe(true);
  let id = listed.body.result.records[0]?.id as string | undefined;
  if (!id) {
    const required = Object.entries(getTableColumns(table)).filter(([, column]) => column.notNull && !column.hasDefault);
    const [made] = (await t0.db
      .insert(table)
      .values(Object.fromEntries(required.map(([key, column]) => [key, bareValue(key, column)])))
      .returning({ id: table.id! })) as { id: string }[];
    id = made!.id;
  }
  const typed = (column: PgColumn, value: string) => (column.dataType === 'number' ? Number(value) : column.dataType === 'boolean' ? value === 'true' : value);
  const set = {
    ...Object.fromEntries(Object.entries(action.from).map(([key, states]) => [key, typed(table[key]!, states[0]!)])),
    ...Object.fromEntries((action.notBy ?? []).map((key) => [key, maker])),
  };
  await t0.db.update(table).set(set).where(eq(table.id!, id!));
  return id!;
}

describe('every action with makers goes through the one four-eyes rule', () => {
  let faces: Awaited<ReturnType<typeof facesOf>>;
  beforeAll(async () => {
    faces = await facesOf('fe_sweep', [...new Set(declared.map(({ code }) => code))]);
  });

  it('covers every declared action with makers, each on a registered entity', () => {
    // The finding's flows are among them: 补助, 合并退款, 减免, 请假退费, 采购/出库/退货/盘点, 供应商准入, 亲情号码, 活动, 物业.
    expect(declared.map(({ spec, action }) => `${spec.id}.${action.id}`)).toEqual(
      expect.arrayContaining([
        'members.subsidy.audit',
        'meals.refundBatch.audit',
        'members.tuitionBill.approveWaive',
        'payments.propertyBill.approveWaive',
        'payments.mealLeaveRefund.approve',
        'supply.purchase.audit',
        'supply.shipment.audit',
        'supply.return.audit',
        'supply.stocktake.audit',
        'supply.supplier.admit',
        'calls.number.approve',
        'activities.activity.approve',
        'property.topic.approve',
        'members.adjustment.approve',
      ]),
    );
    for (const { spec } of declared) expect(registrations.has(spec.id), spec.id).toBe(true);
  });

  it.each(declared.map((one) => [`${one.spec.id}.${one.action.id}`, one] as const))('%s: refuses the maker’s second faces, lets an independent checker past', async (_name, { spec, action }) => {
    const id = await recordFor(spec, action, faces.maker.username);
    const body = () => ({ id, idempotencyKey: randomUUID(), ...Object.fromEntries((action.input ?? []).filter((field) => field.required).map((field) => [field.key, inputValue(field)])) });
    const route = flowActions(spec).find((one) => one.action === action)!.route;
    const act = (token: string) => call(token, 'POST', route, body());
    const own = await act(faces.maker.token);
    expect([own.status, own.body.message]).toEqual([400, expect.stringMatching(/自己制单或提交的记录|录入人与审核人不能为同一人/)]);
    const asPeer = await act(faces.peer);
    expect([asPeer.status, asPeer.body.message]).toEqual([400, FOUR_EYES_MESSAGES.passwordSetByOther]);
    const asSecond = await act(faces.second);
    expect([asSecond.status, asSecond.body.message]).toEqual([400, CREATED_BY_MAKER]);
    // Its state did not move.
    const table = registrations.get(spec.id) as unknown as PgTable & Record<string, PgColumn>;
    const [row] = await t0.db.select().from(table).where(eq(table.id!, id));
    for (const [key, states] of Object.entries(action.from)) expect(String((row as Record<string, unknown>)[key]), `${spec.id}.${key}`).toBe(states[0]);
    // Another person is past the rule (what the action itself then says of a made-up record is its own business).
    const checked = await act(faces.checker);
    expect([FOUR_EYES_MESSAGES.samePerson, FOUR_EYES_MESSAGES.passwordSetByOther, CREATED_BY_MAKER], checked.body.message).not.toContain(checked.body.message);
    expect(checked.body.message).not.toMatch(/自己制单或提交的记录/);
  });
});
