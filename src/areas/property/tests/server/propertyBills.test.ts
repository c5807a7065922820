/**
 * 房屋管理 and 物业费缴纳 through their routes, on PGlite and on PostgreSQL: a house named by its
 * building, unit and room once in the school; 绑定业主 adding it to the owner's houses; 批量生成 and
 * 生成物业费 billing area × price × months once per month (the rest named with why); a bill added by
 * hand refused over a billed month; 减免 asked by one person and audited by another; a counter
 * payment and a card payment (a retry answered with the first posting) each in 缴费记录; a refund
 * within what the card paid; the bill in 到期账单 and its balance equal to its ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { propertyBills } from '../../server/tables';
import { ledgerService } from '@server/modules/ledger/service';
import { propertyFee, monthsOf } from '@areas/property/server/propertyBills';
import { entityCodes } from '@shared/engine/derive';
import { propertyBill } from '@areas/property/shared/entities/propertyBill';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { apiOf } from '../../../../../tests/support/api';
import { createTestApp, signIn, type TestApp } from '../../../../../tests/support/testApp';

let t0: TestApp;
let admin: string;
let clerk: string;
const { call, get, roleWithUser } = apiOf(() => t0);
const today = dayIn(DEFAULT_TIME_ZONE);
let staff: { memberId: string; accountId: string; name: string };
let ownerId: string;

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  clerk = (await roleWithUser(admin, 'property_clerk', [entityCodes(propertyBill).read, 'propertyBill:requestWaive', 'propertyBill:approveWaive', 'propertyBill:payOffline'])).token;
  const [row] = await t0.db
    .select({ memberId: t.members.id, accountId: t.accounts.id, name: t.members.realName })
    .from(t.members)
    .innerJoin(t.accounts, and(eq(t.accounts.memberId, t.members.id), eq(t.accounts.accountStatus, '1')))
    .innerJoin(t.memberTypes, eq(t.memberTypes.id, t.members.memberTypeId))
    .where(and(eq(t.members.tenantId, 0), eq(t.memberTypes.code, 'STAFF')))
    .limit(1);
  staff = row!;
  await ledgerService(t0.db).recharge({ tenantId: 0, username: 'admin' }, { key: 'property-topup-1', accountId: staff.accountId, amountCents: 200_000, channel: 'cash' });
  const owner = await call(admin, 'POST', '/prop/owner/add', { name: staff.name, mobile: '13900000001', ownerRole: '1', houses: '9栋1单元0101', status: '1', memberId: staff.memberId });
  expect(owner.body.success, owner.body.message).toBe(true);
  ownerId = (await get(admin, '/prop/owner/list?mobile=13900000001')).body.result.records[0].id;
});
afterAll(async () => t0?.close());

const houseOf = async (name: string) => (await get(admin, `/prop/house/list?name=${encodeURIComponent(name)}`)).body.result.records[0] as Record<string, unknown> & { id: string };
const billsOf = async (houseId: string) => (await get(admin, `/pay/property/list?houseId=${houseId}&column=periodFrom&order=asc`)).body.result.records as (Record<string, unknown> & { id: string })[];

describe('房屋管理', () => {
  it('names a house by building, unit and room, once in the school', async () => {
    const added = await call(admin, 'POST', '/prop/house/add', { building: '9栋', unit: '1', room: '0101', buildArea: '100.5', usage: '1', houseStatus: '1', feePrice: '1.2' });
    expect(added.body.success, added.body.message).toBe(true);
    expect(await houseOf('9栋1单元0101')).toMatchObject({ building: '9栋', buildArea: 100.5, feePrice: 1.2 });
    expect((await call(admin, 'POST', '/prop/house/add', { building: '9栋', unit: '1单元', room: '0101', buildArea: '90', usage: '1', houseStatus: '3' })).body.message).toBe(
      '房屋 9栋1单元0101 已存在',
    );
    expect((await call(admin, 'POST', '/prop/house/add', { building: '9栋', unit: '1', room: '0102', buildArea: '80', usage: '1', houseStatus: '3' })).body.success).toBe(true);
  });

  it('binds an owner, adding the house to their houses', async () => {
    const house = await houseOf('9栋1单元0102');
    expect((await call(admin, 'POST', '/prop/house/bindOwner', { id: house.id, ownerId })).body.success).toBe(true);
    expect(await houseOf('9栋1单元0102')).toMatchObject({ ownerId });
    const [owner] = await t0.db.select().from(t.owners).where(eq(t.owners.id, ownerId));
    expect(owner!.houses).toBe('9栋1单元0101、9栋1单元0102');
    await call(admin, 'POST', '/prop/house/bindOwner', { id: (await houseOf('9栋1单元0101')).id, ownerId });
  });
});

describe('物业费缴纳', () => {
  it('bills area × price × months, once for any month, naming the houses it skips', async () => {
    expect(monthsOf('2027-01', '2027-06')).toBe(6);
    expect(propertyFee(100_500, 120, 6)).toBe(72360);
    const house = await houseOf('9栋1单元0101');
    const made = await call(admin, 'POST', '/prop/house/generateFee', { ids: [house.id], periodFrom: '2027-01', periodTo: '2027-06', dueDate: addDays(today, 3) });
    expect(made.body.success, made.body.message).toBe(true);
    expect(await billsOf(house.id)).toMatchObject([{ periodFrom: '2027-01', periodTo: '2027-06', months: 6, area: 100.5, price: 1.2, amount: 723.6, owed: 723.6, payStatus: '0', ownerId }]);
    // The owner's staff card pays 卡余额缴费.
    expect((await t0.db.select({ memberId: propertyBills.memberId }).from(propertyBills).where(eq(propertyBills.houseId, house.id)))[0]!.memberId).toBe(staff.memberId);

    // 批量生成 for the building: the billed house and the one without a price are named, not billed.
    const batch = await call(admin, 'POST', '/pay/property/generate', { building: '9栋', periodFrom: '2027-03', periodTo: '2027-08', dueDate: addDays(today, 20) });
    expect(batch.body.success, batch.body.message).toBe(true);
    expect(batch.body.result).toMatchObject({ made: 0, skipped: [{ house: '9栋1单元0101' }, { house: '9栋1单元0102', reason: '未设置物业费单价' }] });
    expect(batch.body.result.skipped[0].reason).toMatch(/^该期间已有账单 WY/);
    expect((await call(admin, 'POST', '/pay/property/generate', { periodFrom: '2027-08', periodTo: '2027-03', dueDate: today })).body.message).toBe('计费止不能早于计费起');

    // By hand: a month already billed is refused; the next half is not.
    expect((await call(admin, 'POST', '/pay/property/add', { houseId: house.id, periodFrom: '2027-06', periodTo: '2027-07', dueDate: today })).body.message).toMatch(
      /^9栋1单元0101：该期间已有账单 WY/,
    );
    const july = await call(admin, 'POST', '/pay/property/add', { houseId: house.id, periodFrom: '2027-07', periodTo: '2027-07', dueDate: addDays(today, -1) });
    expect(july.body.success, july.body.message).toBe(true);
    expect((await billsOf(house.id))[1]).toMatchObject({ months: 1, amount: 120.6 });
  });

  it('waives only by a second person, within what is owed', async () => {
    const [bill] = await billsOf((await houseOf('9栋1单元0101')).id);
    expect((await call(clerk, 'POST', '/pay/property/requestWaive', { id: bill!.id, waiveRequest: '800', waiveReason: '装修' })).body.message).toBe('减免金额不能超过欠费 723.60 元');
    expect((await call(clerk, 'POST', '/pay/property/requestWaive', { id: bill!.id, waiveRequest: '23.6', waiveReason: '装修期间未入住' })).body.success).toBe(true);
    expect((await call(clerk, 'POST', '/pay/property/approveWaive', { id: bill!.id })).status).toBe(400);
    expect((await call(admin, 'POST', '/pay/property/approveWaive', { id: bill!.id })).body.success).toBe(true);
    expect((await billsOf((await houseOf('9栋1单元0101')).id))[0]).toMatchObject({ waive: 23.6, owed: 700, waiveStatus: '2' });
  });

  it('is paid at the counter and from the card once per key, refunded within the card’s part, each in 缴费记录', async () => {
    const [bill] = await billsOf((await houseOf('9栋1单元0101')).id);
    expect((await call(clerk, 'POST', '/pay/property/payOffline', { id: bill!.id, amount: '200', payWay: '2', receiptNo: 'SJ-WY-1' })).body.success).toBe(true);
    const cashBefore = (await t0.db.select().from(t.accounts).where(eq(t.accounts.id, staff.accountId)))[0]!.cash;
    const pay = { id: bill!.id, amount: '500', idempotencyKey: 'property-pay-0001' };
    const first = await call(admin, 'POST', '/pay/property/payFromCard', pay);
    expect(first.body.success, first.body.message).toBe(true);
    const again = await call(admin, 'POST', '/pay/property/payFromCard', pay);
    expect(again.body.result.txnNo).toBe(first.body.result.txnNo);
    expect((await billsOf((await houseOf('9栋1单元0101')).id))[0]).toMatchObject({ paid: 700, owed: 0, payStatus: '2' });
    expect((await call(admin, 'POST', '/pay/property/refund', { id: bill!.id, amount: '600', reason: '多缴', idempotencyKey: 'property-refund-01' })).body.message).toBe(
      '退费金额不能超过从卡余额缴纳的 500.00 元',
    );
    expect((await call(admin, 'POST', '/pay/property/refund', { id: bill!.id, amount: '100', reason: '多缴', idempotencyKey: 'property-refund-02' })).body.success).toBe(true);
    const payments = (await get(admin, `/pay/payment/list?billNo=${bill!.billNo}&column=payNo&order=asc`)).body.result.records;
    expect(payments).toMatchObject([
      { itemType: '4', channel: '5', amount: 200, receiptNo: 'SJ-WY-1' },
      { itemType: '4', channel: '1', amount: 500, refunded: 100 },
    ]);
    expect(payments[0].target).toBe(`9栋1单元0101（2027-01~2027-06 ${staff.name}）`);
    const [account] = await t0.db.select().from(t.accounts).where(eq(t.accounts.id, staff.accountId));
    expect(account!.cash).toBe(cashBefore - 50_000 + 10_000);
    expect((await ledgerService(t0.db).reconcile(0)).drift).toEqual([]);
  });

  it('lists an overdue property bill in 到期账单 and charges its late fee only once overdue', async () => {
    const bills = await billsOf((await houseOf('9栋1单元0101')).id);
    const expiring = (await get(admin, `/pay/expiring/list?billNo=${bills[1]!.billNo}`)).body.result.records;
    expect(expiring).toMatchObject([{ itemType: '4', billKind: 'property', payStatus: '5', daysLeft: -1, target: `9栋1单元0101（${staff.name}）` }]);
    expect((await call(admin, 'POST', '/pay/property/lateFee', { id: bills[1]!.id, lateFee: '5' })).body.success).toBe(true);
    expect((await billsOf((await houseOf('9栋1单元0101')).id))[1]).toMatchObject({ lateFee: 5, due: 125.6, owed: 125.6 });
  });
});
