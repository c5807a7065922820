import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { dayIn } from '@shared/schoolTime';
import { milliToQuantity } from '@shared/engine/schemas';
import type { purchase as purchaseSpec } from '@areas/supply/shared/entities/purchase';
import type { FlowEffects } from '@server/crud/flowActions';
import { newId } from '@server/db/ids';
import { users } from '@server/db/schema';
import { ingredients, purchaseItems, purchases, supplyReturnItems, supplyReturns } from './tables';
import type { RowOf, Work } from '@server/db/work';
import { schoolZone } from '@server/modules/schools/settings';
import { nextBillNo } from '@server/modules/bills/billNo';
import { badRequest } from '@server/http/envelope';
import { stockService, valueOf } from './stock';

/** 验收结果 不合格: recorded, not received into stock. */
const FAILED = '2';

/** A purchase's lines in order, with their ingredient's name. */
const linesOf = (work: Work, purchaseId: string) =>
  work.tx
    .select({ item: purchaseItems, name: ingredients.name })
    .from(purchaseItems)
    .leftJoin(ingredients, eq(ingredients.id, purchaseItems.ingredientId))
    .where(and(work.school(purchaseItems), eq(purchaseItems.purchaseId, purchaseId)))
    .orderBy(asc(purchaseItems.sortNo));

/**
 * 采购管理's flow functions: the audit note kept on the bill, and 验收入库 — each line's quantity
 * received now (up to what is still owed), passed or conceded ones into stock as a batch of the
 * line's batch number, dates and price; the bill then 部分入库 or 已入库.
 */
export const purchaseActions: FlowEffects<typeof purchaseSpec, RowOf<typeof purchases>> = {
  async audit({ input }) {
    return { set: { auditOpinion: input.auditOpinion ?? null } };
  },
  async reject({ input }) {
    return { set: { auditOpinion: input.auditOpinion }, note: input.auditOpinion };
  },
  /**
   * 退货: a return bill (a draft, for 退货管理) of what is sent back of each line — no more than was
   * received less what earlier returns (not voided) already take back.
   */
  async return({ work, caller, row: purchase, input }) {
    const { tx } = work;
    const items = await linesOf(work, purchase.id);
    const given = new Map(input.lines.map((line) => [line.id, line.returnQty ?? 0]));
    const id = newId();
    const lines = [];
    for (const [index, { item, name }] of items.entries()) {
      const qty = given.get(item.id) ?? 0;
      if (qty <= 0) continue;
      const [taken] = await tx
        .select({ qty: sql<string>`coalesce(sum(${supplyReturnItems.qty}), 0)` })
        .from(supplyReturnItems)
        .innerJoin(supplyReturns, eq(supplyReturns.id, supplyReturnItems.returnId))
        .where(and(work.school(supplyReturns), eq(supplyReturnItems.purchaseItemId, item.id), ne(supplyReturns.auditStatus, '4')));
      const returnable = item.acceptedQty - Number(taken?.qty ?? 0);
      if (qty > returnable)
        throw badRequest(
          `第 ${index + 1} 行 ${name ?? ''}退货数量超过可退数量（${milliToQuantity(returnable)}）`,
          `Row ${index + 1}: more ${name ?? ''} than can be returned (${milliToQuantity(returnable)})`,
        );
      lines.push({
        id: newId(),
        returnId: id,
        sortNo: lines.length + 1,
        purchaseItemId: item.id,
        ingredientId: item.ingredientId,
        qty,
        unitPrice: item.unitPrice,
        amount: valueOf(qty, item.unitPrice),
      });
    }
    if (!lines.length) throw badRequest('请填写退货数量', 'Give the quantities to return');
    const billNo = await nextBillNo(tx, work.tenantId, 'TH');
    const [creator] = await tx.select({ orgCode: users.orgCode }).from(users).where(eq(users.id, caller.userId));
    await work.insert(supplyReturns, {
      id,
      sysOrgCode: creator?.orgCode ?? null,
      billNo,
      purchaseId: purchase.id,
      supplierId: purchase.supplierId,
      canteenId: purchase.canteenId,
      reason: input.reason,
      returnDate: dayIn(await schoolZone(tx, work.tenantId)),
      totalAmount: lines.reduce((sum, line) => sum + line.amount, 0),
      remark: input.remark,
    });
    await work.insert(supplyReturnItems, lines);
    await work.history([{ entity: 'supply.return', recordId: id, action: 'add', note: `由采购单 ${purchase.billNo} 退货生成` }]);
    return { note: `退货单 ${billNo}`, done: { 'zh-CN': `已生成退货单 ${billNo}`, en: `Return ${billNo} made` } };
  },
  async receive({ work, row: purchase, input }) {
    const { tx } = work;
    const items = await linesOf(work, purchase.id);
    const given = new Map(input.lines.map((line) => [line.id, line]));
    const bill = { tenantId: work.tenantId, billType: 'purchase' as const, billId: purchase.id, billNo: purchase.billNo, operator: work.username };
    const received: string[] = [];
    for (const [index, { item, name }] of items.entries()) {
      const line = given.get(item.id);
      const qty = line?.receiveQty ?? 0;
      if (!line || qty <= 0) continue;
      const owed = item.qty - item.acceptedQty;
      if (qty > owed)
        throw badRequest(
          `第 ${index + 1} 行 ${name ?? ''}本次验收数量超过未入库数量（${milliToQuantity(owed)}）`,
          `Row ${index + 1}: ${name ?? ''} received now is more than is still owed (${milliToQuantity(owed)})`,
        );
      if (line.acceptResult === FAILED) {
        await tx.update(purchaseItems).set({ acceptResult: FAILED }).where(eq(purchaseItems.id, item.id));
        received.push(`${name ?? ''} ${milliToQuantity(qty)} 不合格`);
        continue;
      }
      await stockService.receive(tx, bill, {
        canteenId: purchase.canteenId,
        ingredientId: item.ingredientId,
        qty,
        unitPrice: item.unitPrice,
        batchNo: item.batchNo || `${purchase.billNo}-${index + 1}`,
        productionDate: item.productionDate,
        expiryDate: item.expiryDate,
        purchaseItemId: item.id,
      });
      item.acceptedQty += qty;
      await tx.update(purchaseItems).set({ acceptedQty: item.acceptedQty, acceptResult: line.acceptResult }).where(eq(purchaseItems.id, item.id));
      received.push(`${name ?? ''} ${milliToQuantity(qty)}${line.acceptResult === '3' ? ' 让步接收' : ''}`);
    }
    if (!received.length) throw badRequest('请填写本次验收数量', 'Give the quantity received now');
    const complete = items.every(({ item }) => item.acceptedQty >= item.qty);
    const anyIn = items.some(({ item }) => item.acceptedQty > 0);
    return { set: { inboundStatus: complete ? '2' : anyIn ? '1' : purchase.inboundStatus }, note: received.join('；') };
  },
};
