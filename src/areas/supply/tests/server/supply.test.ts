/**
 * 食材供应 through its routes, on PGlite and on PostgreSQL: suppliers admitted before they are
 * purchased from; a purchase made, submitted, audited by someone else, received in parts into
 * stock as batches; shipments issued first-expiring-first-out, refused whole when stock is short;
 * flow refusals (state, maker = checker, permission, school, a stale row in a batch of ids); and
 * after each step the stock equals the sum of its moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { stockMoves } from '../../server/tables';
import { dayIn } from '@shared/schoolTime';
import { apiOf } from '../../../../../tests/support/api';
import { createTestApp, signIn, type TestApp } from '../../../../../tests/support/testApp';

let t0: TestApp;
let admin: string;
let clerk: { token: string; username: string };
let canteenId: string;
const { call, get, roleWithUser, secondSchool } = apiOf(() => t0);
const ingredientIds: Record<string, string> = {};

/** The store's stock of an ingredient as 食材库存 lists it, and as the sum of its moves. */
async function stockOf(name: string): Promise<{ listed: number; moved: number }> {
  const listed = (await get(admin, `/supply/stock/list?canteenId=${canteenId}&ingredientId=${ingredientIds[name]}`)).body.result.records[0]?.qty ?? 0;
  const [moved] = await t0.db
    .select({ qty: sql<string>`coalesce(sum(${stockMoves.qty}), 0)` })
    .from(stockMoves)
    .where(eq(stockMoves.ingredientId, ingredientIds[name]!));
  return { listed, moved: Number(moved!.qty) / 1000 };
}

async function supplierOf(name: string, by = clerk.token): Promise<string> {
  const added = await call(by, 'POST', '/supply/supplier/add', {
    code: `S${name.length}${Date.now() % 100000}`,
    name,
    creditCode: `91320100${String(Date.now()).slice(-10)}`,
    categories: '1,2',
    contact: '王经理',
    phone: '13800001111',
    foodLicenseNo: 'JY13201000000001',
    foodLicenseExpiry: '2027-06-30',
  });
  expect(added.body.success, added.body.message).toBe(true);
  return added.body.result.id;
}

const line = (name: string, qty: string, unitPrice: string, extra: Record<string, unknown> = {}) => ({ ingredientId: ingredientIds[name], qty, unitPrice, ...extra });

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  clerk = await roleWithUser(admin, 'storekeeper', [
    'supply:suppliers',
    'supplier:add',
    'supply:inventory',
    'ingredient:add',
    'supply:procurement',
    'purchase:add',
    'purchase:edit',
    'purchase:submit',
    'purchase:audit',
    'purchase:receive',
    'supply:shipments',
    'shipment:add',
    'shipment:submit',
  ]);
  [{ id: canteenId }] = (await get(admin, '/meals/canteen/list?pageSize=1')).body.result.records;
  for (const [index, [name, unit]] of [
    ['试白菜', 'kg'],
    ['试五花肉', 'kg'],
    ['试鸡蛋', 'box'],
  ].entries()) {
    const added = await call(clerk.token, 'POST', '/supply/ingredient/add', { code: `T${index + 1}`, name, category: '1', unit, safetyLow: '10', safetyHigh: '500' });
    expect(added.body.success, added.body.message).toBe(true);
    ingredientIds[name!] = added.body.result.id;
  }
});
afterAll(async () => t0?.close());

describe('the sample school’s month of supply', () => {
  it('has a dozen suppliers (one licence due), forty ingredients, and stock in every state, each the sum of its moves', async () => {
    const suppliers = (await get(admin, '/supply/supplier/list?pageSize=50')).body.result;
    expect(suppliers.total).toBeGreaterThanOrEqual(12);
    expect((await get(admin, '/supply/supplier/list?licenceDue=1')).body.result.records.map((row: { name: string }) => row.name)).toContain('鲜达肉类食品有限公司');
    expect((await get(admin, '/supply/ingredient/list?pageSize=1')).body.result.total).toBeGreaterThanOrEqual(40);
    const stock = (await get(admin, '/supply/stock/list?pageSize=100')).body.result.records as { ingredientId_dictText: string; stockState: string; qty: number }[];
    const stateOf = (name: string) => stock.find((row) => row.ingredientId_dictText === name)?.stockState;
    expect([stateOf('牛奶'), stateOf('豆腐'), stateOf('五花肉'), stateOf('大米'), stateOf('土豆')]).toEqual(['4', '3', '2', '5', '1']);
    const [drift] = await t0.db
      .execute(
        sql`
      select count(*)::int as n from v_sup_stock s
      where s.qty_milli <> (select coalesce(sum(m.qty_milli), 0) from sup_stock_move m where m.canteen_id = s.canteen_id and m.ingredient_id = s.ingredient_id)`,
      )
      .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(drift!.n).toBe(0);
    const purchases = (await get(admin, '/supply/purchase/list?auditStatus=1')).body.result.records;
    expect(purchases.length).toBeGreaterThanOrEqual(1);
  });
});

describe('供应商管理', () => {
  it('admits a supplier (by someone other than who registered it) before a purchase may name it', async () => {
    const supplierId = await supplierOf('绿源蔬菜');
    const purchase = { supplierId, canteenId, purchaseDate: '2026-11-26', items: [line('试白菜', '10', '2.50')] };
    const refused = await call(clerk.token, 'POST', '/supply/purchase/add', purchase);
    expect(refused.body.message).toBe('该供应商不是合作中，不能用于采购（supplierId）');
    expect((await call(clerk.token, 'POST', '/supply/supplier/admit', { id: supplierId })).status).toBe(403);
    const own = await supplierOf('自审供应商', admin);
    expect((await call(admin, 'POST', '/supply/supplier/admit', { id: own })).body.message).toBe('不能准入审核自己制单或提交的记录，请由其他人准入审核');
    expect((await call(admin, 'POST', '/supply/supplier/admit', { id: supplierId })).body.message).toBe('准入审核通过');
    expect((await call(clerk.token, 'POST', '/supply/purchase/add', purchase)).body.success).toBe(true);
    // Paused, it cannot be named again; its history says who did what.
    expect((await call(admin, 'POST', '/supply/supplier/pause', { id: supplierId })).body.message).toBe('请填写暂停原因（reason）');
    expect((await call(admin, 'POST', '/supply/supplier/pause', { id: supplierId, reason: '送货延误' })).body.message).toBe('已暂停合作');
    expect((await call(clerk.token, 'POST', '/supply/purchase/add', purchase)).body.message).toBe('该供应商不是合作中，不能用于采购（supplierId）');
    const history = (await get(admin, `/sys/recordHistory/list?entity=supply.supplier&id=${supplierId}`)).body.result;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['pause', 'admit', 'add']);
    expect(history[0].inputs).toEqual([{ field: 'reason', title: '暂停原因', text: '送货延误' }]);
  });

  it('lists the licences due within 30 days of the school’s today', async () => {
    const soon = await supplierOf('将到期供应商');
    const today = dayIn('Asia/Shanghai');
    const record = (await get(admin, `/supply/supplier/queryById?id=${soon}`)).body.result;
    expect((await call(admin, 'PUT', '/supply/supplier/edit', { ...record, foodLicenseExpiry: today })).body.success).toBe(true);
    const due = (await get(admin, '/supply/supplier/list?licenceDue=1&pageSize=50')).body.result.records;
    expect(due.map((row: { name: string }) => row.name)).toContain('将到期供应商');
    expect(due.every((row: { licenceDue: boolean }) => row.licenceDue)).toBe(true);
    expect((await get(admin, '/supply/supplier/list?licenceDue=0&pageSize=50')).body.result.records.map((row: { name: string }) => row.name)).not.toContain('将到期供应商');

    // The daily job tells whoever may open 供应商管理 (the seed's due licence, and this admitted one), once a day.
    expect((await call(admin, 'POST', '/supply/supplier/admit', { id: soon })).body.success).toBe(true);
    const [job] = await t0.db.select({ id: t.quartzJobs.id }).from(t.quartzJobs).where(eq(t.quartzJobs.jobClassName, 'supplierLicenceReminder'));
    const ran = await call(admin, 'POST', '/sys/quartzJob/execute', { id: job!.id });
    expect(ran.body.message).toMatch(/^执行成功：1 所学校，\d+ 家供应商证照即将到期$/);
    const notices = (await get(clerk.token, '/sys/annountCement/listByUser')).body.result;
    const notice = JSON.stringify(notices);
    expect(notice).toContain('家供应商的证照即将到期');
    expect((await call(admin, 'POST', '/sys/quartzJob/execute', { id: job!.id })).body.message).toBe('执行成功：0 所学校，0 家供应商证照即将到期');
  });
});

describe('采购管理 and 出库管理', () => {
  let supplierId: string;
  beforeAll(async () => {
    supplierId = await supplierOf('鲜达食品');
    expect((await call(admin, 'POST', '/supply/supplier/admit', { id: supplierId })).body.success).toBe(true);
  });

  async function purchaseOf(items: Record<string, unknown>[]): Promise<{ id: string; billNo: string }> {
    const added = await call(clerk.token, 'POST', '/supply/purchase/add', { supplierId, canteenId, purchaseDate: '2026-11-26', items });
    expect(added.body.success, added.body.message).toBe(true);
    const record = (await get(admin, `/supply/purchase/queryById?id=${added.body.result.id}`)).body.result;
    return { id: record.id, billNo: record.billNo };
  }

  it('keeps what an edit did to the lines in the bill’s history: the lines taken out and put in, in words', async () => {
    const { id } = await purchaseOf([line('试白菜', '100', '2.50'), line('试鸡蛋', '3', '160.00')]);
    const bill = (await get(admin, `/supply/purchase/queryById?id=${id}`)).body.result;
    const [cabbage, eggs] = bill.items as Record<string, unknown>[];
    const edited = await call(clerk.token, 'PUT', '/supply/purchase/edit', { ...bill, remark: '改数量', items: [{ ...cabbage, qty: '80' }, eggs, line('试五花肉', '5', '28.00')] });
    expect(edited.body.success, edited.body.message).toBe(true);
    const [entry, made] = (await get(admin, `/sys/recordHistory/list?entity=supply.purchase&id=${id}`)).body.result;
    expect(entry.action).toBe('edit');
    // Made with its lines.
    expect(made.changes.find((change: { field: string }) => change.field === 'items')).toMatchObject({ before: null, after: '试白菜 100 2.50；试鸡蛋 3 160.00' });
    // The eggs stayed as they were: neither side names them.
    expect(entry.changes).toEqual([
      { field: 'totalAmount', title: '合计金额', before: '730.00', after: '820.00' },
      { field: 'remark', title: '备注', before: null, after: '改数量' },
      { field: 'items', title: '采购明细', before: '试白菜 100 2.50', after: '试白菜 80 2.50；试五花肉 5 28.00' },
    ]);
    // An edit that leaves the lines alone says nothing of them.
    const again = (await get(admin, `/supply/purchase/queryById?id=${id}`)).body.result;
    expect((await call(clerk.token, 'PUT', '/supply/purchase/edit', { ...again, remark: '再改' })).body.success).toBe(true);
    const [latest] = (await get(admin, `/sys/recordHistory/list?entity=supply.purchase&id=${id}`)).body.result;
    expect(latest.changes.map((change: { field: string }) => change.field)).toEqual(['remark']);
  });

  it('makes, submits, audits (not by its maker), receives in parts into batches, with stock the sum of its moves', async () => {
    const { id, billNo } = await purchaseOf([
      line('试白菜', '100', '2.50', { batchNo: 'BC-01', productionDate: '2026-11-20', expiryDate: '2026-12-05' }),
      line('试五花肉', '20.5', '28.00', { expiryDate: '2026-12-01' }),
      line('试鸡蛋', '3', '160.00'),
    ]);
    expect(billNo).toMatch(/^CG\d{8}\d{4}$/);
    const bill = (await get(admin, `/supply/purchase/queryById?id=${id}`)).body.result;
    expect(bill).toMatchObject({ totalAmount: 250 + 574 + 480, auditStatus: '0', inboundStatus: '0' });
    expect(bill.items.map((item: { amount: number }) => item.amount)).toEqual([250, 574, 480]);

    expect((await call(clerk.token, 'POST', '/supply/purchase/submit', { id })).body.message).toBe('已提交审核');
    expect((await call(clerk.token, 'PUT', '/supply/purchase/edit', { ...bill, remark: '改' })).body.message).toBe(`「${billNo}」当前状态为待审核，不能编辑`);
    expect((await call(clerk.token, 'DELETE', `/supply/purchase/delete?id=${id}`)).status).toBe(403);
    expect((await call(admin, 'DELETE', `/supply/purchase/delete?id=${id}`)).body.message).toBe(`「${billNo}」当前状态为待审核，不能删除`);
    // The storekeeper made and submitted it: another person audits.
    expect((await call(clerk.token, 'POST', '/supply/purchase/audit', { id })).body.message).toBe('不能审核自己制单或提交的记录，请由其他人审核');
    expect((await call(admin, 'POST', '/supply/purchase/receive', { id, lines: [{ id: 'x', receiveQty: '1', acceptResult: '1' }] })).body.message).toMatch(/当前状态为待审核，不能验收入库，请先审核$/);
    expect((await call(admin, 'POST', '/supply/purchase/audit', { id, auditOpinion: '价格合理' })).body.message).toBe('审核通过');
    expect((await call(admin, 'POST', '/supply/purchase/unaudit', { id })).body.message).toBe('已反审核');
    expect((await call(admin, 'POST', '/supply/purchase/audit', { id })).body.success).toBe(true);

    const items = (await get(admin, `/supply/purchase/queryById?id=${id}`)).body.result.items as { id: string }[];
    // More than owed is refused, and nothing of the request is posted.
    const over = await call(clerk.token, 'POST', '/supply/purchase/receive', {
      id,
      lines: [
        { id: items[0]!.id, receiveQty: '60', acceptResult: '1' },
        { id: items[1]!.id, receiveQty: '25', acceptResult: '1' },
      ],
    });
    expect(over.body.message).toBe('第 2 行 试五花肉本次验收数量超过未入库数量（20.5）');
    expect((await stockOf('试白菜')).moved).toBe(0);
    // Part of the cabbage, all the pork; the eggs fail inspection and stay out.
    const part = await call(clerk.token, 'POST', '/supply/purchase/receive', {
      id,
      lines: [
        { id: items[0]!.id, receiveQty: '60', acceptResult: '1' },
        { id: items[1]!.id, receiveQty: '20.5', acceptResult: '3' },
        { id: items[2]!.id, receiveQty: '3', acceptResult: '2' },
      ],
    });
    expect(part.body.message, part.body.message).toBe('验收入库成功');
    expect((await get(admin, `/supply/purchase/queryById?id=${id}`)).body.result).toMatchObject({ inboundStatus: '1', receiveBy: clerk.username });
    expect(await stockOf('试白菜')).toEqual({ listed: 60, moved: 60 });
    expect(await stockOf('试五花肉')).toEqual({ listed: 20.5, moved: 20.5 });
    expect(await stockOf('试鸡蛋')).toEqual({ listed: 0, moved: 0 });
    expect((await call(admin, 'POST', '/supply/purchase/unaudit', { id })).body.message).toMatch(/当前状态为部分入库，不能反审核$/);
    const batches = (await get(admin, `/supply/batch/list?ingredientId=${ingredientIds['试白菜']}`)).body.result.records;
    expect(batches).toEqual([expect.objectContaining({ batchNo: 'BC-01', remaining: 60, unitPrice: 2.5, expiryDate: '2026-12-05' })]);
    // The rest of the cabbage and the eggs again: all in, 已入库.
    await call(clerk.token, 'POST', '/supply/purchase/receive', {
      id,
      lines: [
        { id: items[0]!.id, receiveQty: '40', acceptResult: '1' },
        { id: items[2]!.id, receiveQty: '3', acceptResult: '1' },
      ],
    });
    expect((await get(admin, `/supply/purchase/queryById?id=${id}`)).body.result.inboundStatus).toBe('2');
    expect(await stockOf('试白菜')).toEqual({ listed: 100, moved: 100 });
    const history = (await get(admin, `/sys/recordHistory/list?entity=supply.purchase&id=${id}`)).body.result;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['receive', 'receive', 'audit', 'unaudit', 'audit', 'submit', 'add']);
    expect(history[1].note).toBe('试白菜 60；试五花肉 20.5 让步接收；试鸡蛋 3 不合格');
  });

  it('issues first-expiring-first-out, and refuses a short shipment whole', async () => {
    // A second cabbage batch expiring later, received after the first.
    const { id } = await purchaseOf([line('试白菜', '50', '3.00', { batchNo: 'BC-02', expiryDate: '2026-12-20' })]);
    await call(clerk.token, 'POST', '/supply/purchase/submit', { id });
    await call(admin, 'POST', '/supply/purchase/audit', { id });
    const [item] = (await get(admin, `/supply/purchase/queryById?id=${id}`)).body.result.items;
    await call(clerk.token, 'POST', '/supply/purchase/receive', { id, lines: [{ id: item.id, receiveQty: '50', acceptResult: '1' }] });
    expect(await stockOf('试白菜')).toEqual({ listed: 150, moved: 150 });

    const shipment = async (qty: string, extra: Record<string, unknown>[] = []) => {
      const added = await call(clerk.token, 'POST', '/supply/shipment/add', {
        outType: '1',
        canteenId,
        receiver: '张师傅',
        outDate: '2026-11-26',
        items: [{ ingredientId: ingredientIds['试白菜'], qty }, ...extra],
      });
      expect(added.body.success, added.body.message).toBe(true);
      await call(clerk.token, 'POST', '/supply/shipment/submit', { id: added.body.result.id });
      return added.body.result.id as string;
    };
    // 120 kg: all 100 of BC-01 (expiring first) at 2.50, then 20 of BC-02 at 3.00.
    const first = await shipment('120');
    expect((await call(admin, 'POST', '/supply/shipment/audit', { id: first })).body.message).toBe('审核通过，已出库');
    expect((await get(admin, `/supply/shipment/queryById?id=${first}`)).body.result).toMatchObject({ auditStatus: '2', outStatus: '1', totalAmount: 250 + 60 });
    const left = (await get(admin, `/supply/batch/list?ingredientId=${ingredientIds['试白菜']}`)).body.result.records;
    // BC-01 came in two receipts (60, then 40): both used up before BC-02 is touched.
    expect(left.map((batch: { batchNo: string; remaining: number }) => [batch.batchNo, batch.remaining])).toEqual([
      ['BC-01', 0],
      ['BC-01', 0],
      ['BC-02', 30],
    ]);
    // 31 kg with 30 left, beside a line that could be issued: refused whole, nothing posted.
    const short = await shipment('31', [{ ingredientId: ingredientIds['试五花肉'], qty: '1' }]);
    const refused = await call(admin, 'POST', '/supply/shipment/audit', { id: short });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('商品:试白菜库存不足');
    expect((await get(admin, `/supply/shipment/queryById?id=${short}`)).body.result).toMatchObject({ auditStatus: '1', outStatus: '0' });
    expect(await stockOf('试五花肉')).toEqual({ listed: 20.5, moved: 20.5 });
    expect(await stockOf('试白菜')).toEqual({ listed: 30, moved: 30 });
    // Its 台账: every move newest first, each with the stock it left.
    const ledger = (await get(admin, `/supply/stock/ledger?canteenId=${canteenId}&ingredientId=${ingredientIds['试白菜']}`)).body.result as { kind: string; qty: number; balance: number }[];
    expect(ledger.map((move) => [move.kind, move.qty, move.balance])).toEqual([
      ['OUT', -20, 30],
      ['OUT', -40, 50],
      ['OUT', -60, 90],
      ['IN', 50, 150],
      ['IN', 40, 100],
      ['IN', 60, 60],
    ]);
    expect((await get(await signIn(t0.app, 'canteen'), `/supply/stock/ledger?canteenId=${canteenId}&ingredientId=x`)).status).toBe(200);
    // The moves are a ledger: the database refuses to change them.
    const rewrite = await t0.db.execute(sql`UPDATE sup_stock_move SET qty_milli = 0`).then(
      () => 'changed',
      (error: Error & { cause?: unknown }) => String(error.cause ?? error),
    );
    expect(rewrite).toMatch(/never updated or deleted/);
  });

  it('two shipments of the last stock audited at the same moment: one issues, the other is refused, stock never below zero', async () => {
    const make = async () => {
      const added = await call(clerk.token, 'POST', '/supply/shipment/add', {
        outType: '1',
        canteenId,
        receiver: '李师傅',
        outDate: '2026-11-26',
        items: [{ ingredientId: ingredientIds['试五花肉'], qty: '20.5' }],
      });
      await call(clerk.token, 'POST', '/supply/shipment/submit', { id: added.body.result.id });
      return added.body.result.id as string;
    };
    const [a, b] = [await make(), await make()];
    const answers = await Promise.all([call(admin, 'POST', '/supply/shipment/audit', { id: a }), call(admin, 'POST', '/supply/shipment/audit', { id: b })]);
    expect(answers.map((answer) => answer.body.message).sort()).toEqual(['商品:试五花肉库存不足', '审核通过，已出库']);
    expect(await stockOf('试五花肉')).toEqual({ listed: 0, moved: 0 });
  });

  it('退货 from a purchase: no more than received less earlier returns, audited out of its own batches, then confirmed by the supplier', async () => {
    const { id, billNo } = await purchaseOf([line('试鸡蛋', '10', '150.00', { batchNo: 'EG-01' }), line('试白菜', '5', '2.00')]);
    await call(clerk.token, 'POST', '/supply/purchase/submit', { id });
    await call(admin, 'POST', '/supply/purchase/audit', { id });
    const items = (await get(admin, `/supply/purchase/queryById?id=${id}`)).body.result.items as { id: string }[];
    await call(clerk.token, 'POST', '/supply/purchase/receive', { id, lines: [{ id: items[0]!.id, receiveQty: '8', acceptResult: '1' }] });
    const eggsBefore = await stockOf('试鸡蛋');
    const tooMany = await call(clerk.token, 'POST', '/supply/purchase/return', { id, reason: '1', lines: [{ id: items[0]!.id, returnQty: '9' }] });
    expect(tooMany.status).toBe(403);
    const roles = await roleWithUser(admin, 'returner', ['supply:procurement', 'purchase:return', 'supply:returns', 'supplyReturn:submit', 'supplyReturn:edit']);
    expect((await call(roles.token, 'POST', '/supply/purchase/return', { id, reason: '1', lines: [{ id: items[0]!.id, returnQty: '9' }] })).body.message).toBe(
      '第 1 行 试鸡蛋退货数量超过可退数量（8）',
    );
    const made = await call(roles.token, 'POST', '/supply/purchase/return', { id, reason: '1', remark: '破损', lines: [{ id: items[0]!.id, returnQty: '3' }] });
    expect(made.body.message).toMatch(/^已生成退货单 TH\d{12}$/);
    // What is left to return is 5: a second return of 6 is refused.
    expect((await call(roles.token, 'POST', '/supply/purchase/return', { id, reason: '1', lines: [{ id: items[0]!.id, returnQty: '6' }] })).body.message).toBe(
      '第 1 行 试鸡蛋退货数量超过可退数量（5）',
    );
    const returned = (await get(admin, `/supply/return/list?purchaseId=${id}`)).body.result.records;
    expect(returned).toEqual([expect.objectContaining({ purchaseId_dictText: billNo, totalAmount: 450, auditStatus: '0', returnStatus: '0' })]);
    const returnId = returned[0].id as string;
    expect((await get(admin, `/supply/return/queryById?id=${returnId}`)).body.result.items).toEqual([expect.objectContaining({ qty: 3, unitPrice: 150, amount: 450 })]);
    // Stock moves only at 审核 (by someone else than who made it).
    expect(await stockOf('试鸡蛋')).toEqual(eggsBefore);
    await call(roles.token, 'POST', '/supply/return/submit', { id: returnId });
    expect((await call(admin, 'POST', '/supply/return/confirm', { id: returnId })).body.message).toMatch(/当前状态为待审核，不能供应商确认，请先审核退货$/);
    expect((await call(admin, 'POST', '/supply/return/audit', { id: returnId })).body.message).toBe('审核通过，已退出库');
    expect(await stockOf('试鸡蛋')).toEqual({ listed: eggsBefore.listed - 3, moved: eggsBefore.moved - 3 });
    const batch = (await get(admin, `/supply/batch/list?batchNo=EG-01`)).body.result.records;
    expect(batch).toEqual([expect.objectContaining({ remaining: 5 })]);
    expect((await call(admin, 'POST', '/supply/return/confirm', { id: returnId })).body.message).toBe('供应商已确认');
    expect((await get(admin, `/supply/return/queryById?id=${returnId}`)).body.result).toMatchObject({ auditStatus: '2', returnStatus: '2', confirmBy: 'admin' });
  });

  it('盘点: a batch counted short is adjusted at 审核 against the book as it then stands, and one store per stocktake', async () => {
    const { id } = await purchaseOf([line('试鸡蛋', '6', '150.00', { batchNo: 'PD-EGG' })]);
    await call(clerk.token, 'POST', '/supply/purchase/submit', { id });
    await call(admin, 'POST', '/supply/purchase/audit', { id });
    const [item] = (await get(admin, `/supply/purchase/queryById?id=${id}`)).body.result.items;
    await call(clerk.token, 'POST', '/supply/purchase/receive', { id, lines: [{ id: item.id, receiveQty: '6', acceptResult: '1' }] });
    const [batch] = (await get(admin, '/supply/batch/list?batchNo=PD-EGG')).body.result.records;
    const before = await stockOf('试鸡蛋');
    const taker = await roleWithUser(admin, 'counter', ['supply:inventory', 'stocktake:add', 'stocktake:edit', 'stocktake:submit']);
    const made = await call(taker.token, 'POST', '/supply/stocktake/add', { takeDate: '2026-11-26', items: [{ batchId: batch.id, countedQty: '4.5' }] });
    expect(made.body.success, made.body.message).toBe(true);
    const take = (await get(admin, `/supply/stocktake/queryById?id=${made.body.result.id}`)).body.result;
    expect(take).toMatchObject({ canteenId, auditStatus: '0' });
    expect(take.items).toEqual([expect.objectContaining({ countedQty: 4.5, bookQty: 6, diffQty: -1.5 })]);
    expect(await stockOf('试鸡蛋')).toEqual(before);
    await call(taker.token, 'POST', '/supply/stocktake/submit', { id: take.id });
    expect((await call(taker.token, 'PUT', '/supply/stocktake/edit', { ...take, remark: 'x' })).body.message).toMatch(/当前状态为待审核，不能编辑$/);
    expect((await call(admin, 'POST', '/supply/stocktake/audit', { id: take.id })).body.message).toBe('审核通过，库存已调整');
    expect(await stockOf('试鸡蛋')).toEqual({ listed: before.listed - 1.5, moved: before.moved - 1.5 });
    expect((await get(admin, `/supply/stocktake/queryById?id=${take.id}`)).body.result).toMatchObject({ auditStatus: '2', diffAmount: -225 });
    const ledger = (await get(admin, `/supply/stock/ledger?canteenId=${canteenId}&ingredientId=${ingredientIds['试鸡蛋']}`)).body.result;
    expect(ledger[0]).toMatchObject({ kind: 'ADJUST', qty: -1.5, billNo: take.billNo });
    // Batches of two stores on one stocktake are refused.
    const other = (await get(admin, '/supply/batch/list?pageSize=200')).body.result.records.find((row: { canteenId: string }) => row.canteenId !== canteenId);
    if (other)
      expect(
        (
          await call(taker.token, 'POST', '/supply/stocktake/add', {
            takeDate: '2026-11-26',
            items: [
              { batchId: batch.id, countedQty: '1' },
              { batchId: other.id, countedQty: '1' },
            ],
          })
        ).body.message,
      ).toBe('一张盘点单只能盘点同一仓库/食堂的批次（items）');
  });

  it('moves several bills at once or none: a stale one in the batch is named and nothing moves', async () => {
    const one = await purchaseOf([line('试鸡蛋', '1', '160')]);
    const two = await purchaseOf([line('试鸡蛋', '2', '160')]);
    expect((await call(clerk.token, 'POST', '/supply/purchase/submit', { ids: [one.id, two.id] })).body.message).toBe('已提交审核');
    expect((await call(admin, 'POST', '/supply/purchase/audit', { id: two.id })).body.success).toBe(true);
    const stale = await call(admin, 'POST', '/supply/purchase/audit', { ids: `${one.id},${two.id}` });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(`「${two.billNo}」当前状态为已审核，不能审核`);
    expect((await get(admin, `/supply/purchase/queryById?id=${one.id}`)).body.result.auditStatus).toBe('1');
    // One-row actions take one row.
    expect((await call(admin, 'POST', '/supply/purchase/unaudit', { ids: [one.id, two.id] })).body.message).toBe('请只选择一条记录');
    // Another school sees none of it; a user without the button is refused.
    const other = (await secondSchool(41, 'school41')).token;
    expect((await call(other, 'POST', '/supply/purchase/audit', { id: one.id })).status).toBe(404);
    expect((await call(clerk.token, 'POST', '/supply/purchase/void', { id: one.id })).status).toBe(403);
  });
});
