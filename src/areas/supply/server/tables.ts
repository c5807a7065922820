import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, pgView, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from '@server/db/tables/common';

/**
 * 食材供应 (DOMAIN.md §5). Bills carry two states: `audit_status` (0 草稿 · 1 待审核 · 2 已审核 ·
 * 3 已驳回 · 4 已作废) and their business progress. Stock is a ledger like money: the append-only
 * moves of `sup_stock_move`, quantities in thousandths of the ingredient's unit, never updated.
 */

/** 供应商管理: who supplies the canteens, admitted (准入审核) before a bill may name them. */
export const suppliers = pgTable(
  'sup_supplier',
  {
    ...businessColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    creditCode: text('credit_code').notNull(),
    /** supply_category, a comma list. */
    categories: text('categories').notNull(),
    contact: text('contact').notNull(),
    phone: text('phone').notNull(),
    address: text('address'),
    licenseImage: text('license_image'),
    licenseExpiry: text('license_expiry'),
    foodLicenseNo: text('food_license_no').notNull(),
    foodLicenseExpiry: text('food_license_expiry').notNull(),
    bankName: text('bank_name'),
    bankAccount: text('bank_account'),
    taxNo: text('tax_no'),
    settleMode: text('settle_mode').notNull().default('1'),
    /** supplier_status: 0 待审核 · 1 合作中 · 2 暂停 · 3 黑名单 · 4 已终止. */
    status: text('status').notNull().default('0'),
    score: integer('score'),
    auditBy: text('audit_by'),
    auditTime: timestamp('audit_time', { withTimezone: true, mode: 'date' }),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('sup_supplier_code_key')
      .on(t.tenantId, t.code)
      .where(sql`del_flag = 0`),
    uniqueIndex('sup_supplier_name_key')
      .on(t.tenantId, t.name)
      .where(sql`del_flag = 0`),
    uniqueIndex('sup_supplier_credit_code_key')
      .on(t.tenantId, t.creditCode)
      .where(sql`del_flag = 0`),
    index('sup_supplier_licence_idx').on(t.tenantId, t.foodLicenseExpiry),
  ],
);

/** The ingredient catalogue: what is bought, kept and issued, in one unit each. */
export const ingredients = pgTable(
  'sup_ingredient',
  {
    ...businessColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    spec: text('spec'),
    unit: text('unit').notNull(),
    refPrice: bigint('ref_price_cents', { mode: 'number' }),
    /** Safety stock, thousandths of the unit: below the low one it is 低库存, above the high one 超储. */
    safetyLow: bigint('safety_low_milli', { mode: 'number' }),
    safetyHigh: bigint('safety_high_milli', { mode: 'number' }),
    shelfDays: integer('shelf_days'),
    storage: text('storage').notNull().default('1'),
    /** 1 在用 · 0 停用. */
    status: text('status').notNull().default('1'),
  },
  (t) => [
    uniqueIndex('sup_ingredient_code_key')
      .on(t.tenantId, t.code)
      .where(sql`del_flag = 0`),
    uniqueIndex('sup_ingredient_name_key')
      .on(t.tenantId, t.name)
      .where(sql`del_flag = 0`),
  ],
);

/** A batch received into a canteen's store: what is left of it is the sum of its moves. */
export const stockBatches = pgTable(
  'sup_stock_batch',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    canteenId: text('canteen_id').notNull(),
    ingredientId: text('ingredient_id').notNull(),
    batchNo: text('batch_no').notNull(),
    productionDate: text('production_date'),
    expiryDate: text('expiry_date'),
    unitPrice: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    purchaseId: text('purchase_id'),
    purchaseItemId: text('purchase_item_id'),
    createdAt: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sup_stock_batch_stock_idx').on(t.tenantId, t.canteenId, t.ingredientId, t.expiryDate)],
);

/**
 * The stock ledger: IN (received), OUT (issued), RETURN (back to the supplier), ADJUST (a
 * stocktake's difference). A quantity is signed thousandths of the unit; the database refuses
 * UPDATE, DELETE and TRUNCATE.
 */
export const stockMoves = pgTable(
  'sup_stock_move',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    canteenId: text('canteen_id').notNull(),
    ingredientId: text('ingredient_id').notNull(),
    batchId: text('batch_id').notNull(),
    kind: text('kind').notNull(),
    qty: bigint('qty_milli', { mode: 'number' }).notNull(),
    unitPrice: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    amount: bigint('amount_cents', { mode: 'number' }).notNull(),
    billType: text('bill_type').notNull(),
    billId: text('bill_id').notNull(),
    billNo: text('bill_no').notNull(),
    operator: text('operator').notNull(),
    createdAt: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('sup_stock_move_batch_idx').on(t.batchId),
    index('sup_stock_move_ingredient_idx').on(t.tenantId, t.ingredientId, t.seq),
    check('sup_stock_move_kind', sql`kind in ('IN', 'OUT', 'RETURN', 'ADJUST')`),
    check('sup_stock_move_sign', sql`(kind = 'IN' and qty_milli > 0) or (kind in ('OUT', 'RETURN') and qty_milli < 0) or kind = 'ADJUST'`),
  ],
);

/** 采购管理: a purchase bill and its lines, received (验收入库) once audited. */
export const purchases = pgTable(
  'sup_purchase',
  {
    ...businessColumns(),
    billNo: text('bill_no').notNull(),
    canteenId: text('canteen_id').notNull(),
    supplierId: text('supplier_id').notNull(),
    purchaseType: text('purchase_type').notNull().default('1'),
    purchaseDate: text('purchase_date').notNull(),
    expectedDate: text('expected_date'),
    totalAmount: bigint('total_amount_cents', { mode: 'number' }).notNull().default(0),
    auditStatus: text('audit_status').notNull().default('0'),
    /** inbound_status: 0 未入库 · 1 部分入库 · 2 已入库 · 3 已关闭. */
    inboundStatus: text('inbound_status').notNull().default('0'),
    submitBy: text('submit_by'),
    submitTime: timestamp('submit_time', { withTimezone: true, mode: 'date' }),
    auditBy: text('audit_by'),
    auditTime: timestamp('audit_time', { withTimezone: true, mode: 'date' }),
    auditOpinion: text('audit_opinion'),
    receiveBy: text('receive_by'),
    receiveTime: timestamp('receive_time', { withTimezone: true, mode: 'date' }),
    inspectionReport: text('inspection_report'),
    invoice: text('invoice'),
    certificate: text('certificate'),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('sup_purchase_bill_no_key').on(t.tenantId, t.billNo), index('sup_purchase_date_idx').on(t.tenantId, t.purchaseDate)],
);

export const purchaseItems = pgTable(
  'sup_purchase_item',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    purchaseId: text('purchase_id').notNull(),
    sortNo: integer('sort_no').notNull().default(0),
    ingredientId: text('ingredient_id').notNull(),
    qty: bigint('qty_milli', { mode: 'number' }).notNull(),
    unitPrice: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    amount: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    batchNo: text('batch_no'),
    productionDate: text('production_date'),
    expiryDate: text('expiry_date'),
    /** Received so far (验收数量), and the last result (accept_result). */
    acceptedQty: bigint('accepted_qty_milli', { mode: 'number' }).notNull().default(0),
    acceptResult: text('accept_result'),
  },
  (t) => [index('sup_purchase_item_purchase_idx').on(t.purchaseId)],
);

/** 出库管理: issues from a canteen's store (领用, 调拨, 报损), posted first-expiring-first-out at 审核. */
export const stockOuts = pgTable(
  'sup_stock_out',
  {
    ...businessColumns(),
    billNo: text('bill_no').notNull(),
    outType: text('out_type').notNull().default('1'),
    canteenId: text('canteen_id').notNull(),
    storeId: text('store_id'),
    receiver: text('receiver').notNull(),
    outDate: text('out_date').notNull(),
    totalAmount: bigint('total_amount_cents', { mode: 'number' }).notNull().default(0),
    auditStatus: text('audit_status').notNull().default('0'),
    /** out_status: 0 未出库 · 1 已出库. */
    outStatus: text('out_status').notNull().default('0'),
    submitBy: text('submit_by'),
    submitTime: timestamp('submit_time', { withTimezone: true, mode: 'date' }),
    auditBy: text('audit_by'),
    auditTime: timestamp('audit_time', { withTimezone: true, mode: 'date' }),
    auditOpinion: text('audit_opinion'),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('sup_stock_out_bill_no_key').on(t.tenantId, t.billNo), index('sup_stock_out_date_idx').on(t.tenantId, t.outDate)],
);

export const stockOutItems = pgTable(
  'sup_stock_out_item',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    stockOutId: text('stock_out_id').notNull(),
    sortNo: integer('sort_no').notNull().default(0),
    ingredientId: text('ingredient_id').notNull(),
    qty: bigint('qty_milli', { mode: 'number' }).notNull(),
    /** Set at 审核 from the batches it was taken from (their prices, weighted). */
    amount: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    remark: text('remark'),
  },
  (t) => [index('sup_stock_out_item_out_idx').on(t.stockOutId)],
);

/**
 * 食材库存's stock (migration 0043): per canteen and ingredient, the sum of the moves, its value,
 * the last receipt, the nearest expiry of a batch not used up, and its state — 过期 (a batch past its
 * date), 临期 (one within three days), 低库存, 超储 against the ingredient's safety stock, else 正常.
 */
export const stockLevels = pgView('v_sup_stock', {
  id: text('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  delFlag: integer('del_flag').notNull(),
  canteenId: text('canteen_id').notNull(),
  ingredientId: text('ingredient_id').notNull(),
  category: text('category').notNull(),
  unit: text('unit').notNull(),
  qty: bigint('qty_milli', { mode: 'number' }).notNull(),
  amount: bigint('amount_cents', { mode: 'number' }).notNull(),
  lastInAt: timestamp('last_in_at', { withTimezone: true, mode: 'date' }),
  nextExpiry: text('next_expiry'),
  stockState: text('stock_state').notNull(),
}).existing();

/** The batches with what is left of each (the sum of their moves), for 食材库存's batch list and FIFO. */
export const batchLevels = pgView('v_sup_batch', {
  id: text('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  delFlag: integer('del_flag').notNull(),
  canteenId: text('canteen_id').notNull(),
  ingredientId: text('ingredient_id').notNull(),
  batchNo: text('batch_no').notNull(),
  productionDate: text('production_date'),
  expiryDate: text('expiry_date'),
  unitPrice: bigint('unit_price_cents', { mode: 'number' }).notNull(),
  remaining: bigint('remaining_milli', { mode: 'number' }).notNull(),
  createdAt: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull(),
}).existing();

/** 退货管理: goods sent back to the supplier from a purchase's batches, posted (RETURN moves) at 审核. */
export const supplyReturns = pgTable(
  'sup_return',
  {
    ...businessColumns(),
    billNo: text('bill_no').notNull(),
    purchaseId: text('purchase_id').notNull(),
    supplierId: text('supplier_id').notNull(),
    canteenId: text('canteen_id').notNull(),
    reason: text('reason').notNull().default('1'),
    returnDate: text('return_date').notNull(),
    settleMode: text('settle_mode').notNull().default('1'),
    totalAmount: bigint('total_amount_cents', { mode: 'number' }).notNull().default(0),
    auditStatus: text('audit_status').notNull().default('0'),
    /** return_status: 0 待退 · 1 已退出库 · 2 供应商已确认. */
    returnStatus: text('return_status').notNull().default('0'),
    submitBy: text('submit_by'),
    submitTime: timestamp('submit_time', { withTimezone: true, mode: 'date' }),
    auditBy: text('audit_by'),
    auditTime: timestamp('audit_time', { withTimezone: true, mode: 'date' }),
    auditOpinion: text('audit_opinion'),
    confirmBy: text('confirm_by'),
    confirmTime: timestamp('confirm_time', { withTimezone: true, mode: 'date' }),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('sup_return_bill_no_key').on(t.tenantId, t.billNo), index('sup_return_purchase_idx').on(t.purchaseId)],
);

export const supplyReturnItems = pgTable(
  'sup_return_item',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    returnId: text('return_id').notNull(),
    sortNo: integer('sort_no').notNull().default(0),
    purchaseItemId: text('purchase_item_id').notNull(),
    ingredientId: text('ingredient_id').notNull(),
    qty: bigint('qty_milli', { mode: 'number' }).notNull(),
    unitPrice: bigint('unit_price_cents', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('sup_return_item_return_idx').on(t.returnId), index('sup_return_item_purchase_item_idx').on(t.purchaseItemId)],
);

/** 盘点: a stocktake of a canteen's store, batch by batch; its differences post ADJUST moves at 审核. */
export const stocktakes = pgTable(
  'sup_stocktake',
  {
    ...businessColumns(),
    billNo: text('bill_no').notNull(),
    canteenId: text('canteen_id').notNull(),
    takeDate: text('take_date').notNull(),
    /** 盘盈 − 盘亏 at the batches' prices, set at 审核. */
    diffAmount: bigint('diff_amount_cents', { mode: 'number' }).notNull().default(0),
    auditStatus: text('audit_status').notNull().default('0'),
    submitBy: text('submit_by'),
    submitTime: timestamp('submit_time', { withTimezone: true, mode: 'date' }),
    auditBy: text('audit_by'),
    auditTime: timestamp('audit_time', { withTimezone: true, mode: 'date' }),
    auditOpinion: text('audit_opinion'),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('sup_stocktake_bill_no_key').on(t.tenantId, t.billNo)],
);

export const stocktakeItems = pgTable(
  'sup_stocktake_item',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    stocktakeId: text('stocktake_id').notNull(),
    sortNo: integer('sort_no').notNull().default(0),
    batchId: text('batch_id').notNull(),
    countedQty: bigint('counted_qty_milli', { mode: 'number' }).notNull(),
    /** The book quantity when saved, and the difference posted at 审核 (against the book then). */
    bookQty: bigint('book_qty_milli', { mode: 'number' }).notNull().default(0),
    diffQty: bigint('diff_qty_milli', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('sup_stocktake_item_take_idx').on(t.stocktakeId)],
);
