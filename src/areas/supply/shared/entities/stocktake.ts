import type { EntitySpec } from '@shared/engine/spec';
import { billFlow } from './billFlow';

/**
 * 盘点 (DOMAIN.md 5.2): a stocktake of one canteen's store, batch by batch — what was counted
 * against the book (the sum of the batch's moves). Audited, each difference posts an ADJUST move
 * (盘盈 +, 盘亏 −) against the book as it then stands.
 */
export const stocktake = {
  id: 'supply.stocktake',
  title: { 'zh-CN': '盘点单', en: 'Stocktake' },
  api: '/supply/stocktake',
  table: 'sup_stocktake',
  permissionPrefix: 'stocktake',
  screen: { path: '/supply/inventory', component: 'supply/InventoryList', title: { 'zh-CN': '食材库存', en: 'Ingredient inventory' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'billNo',
  fields: [
    { key: 'billNo', type: 'text', title: { 'zh-CN': '单号', en: 'Bill no.' }, required: true, max: 20, form: false, query: 'like', sortable: true, width: 150 },
    // The store of the batches counted (all of one store).
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '仓库/食堂', en: 'Store' }, required: true, form: false, query: 'eq', width: 110 },
    { key: 'takeDate', type: 'date', title: { 'zh-CN': '盘点日期', en: 'Date' }, required: true, query: 'range', sortable: true, width: 100 },
    { key: 'diffAmount', type: 'money', title: { 'zh-CN': '盈亏金额', en: 'Difference' }, required: true, form: false, total: true, width: 100 },
    { key: 'auditStatus', type: 'dict', dict: 'audit_status', title: { 'zh-CN': '审核状态', en: 'Audit' }, default: '0', form: false, query: 'eq', width: 90 },
    { key: 'submitBy', type: 'text', title: { 'zh-CN': '提交人', en: 'Submitted by' }, max: 50, form: false, list: false },
    { key: 'auditBy', type: 'text', title: { 'zh-CN': '审核人', en: 'Audited by' }, max: 50, form: false, width: 80 },
    { key: 'auditOpinion', type: 'text', title: { 'zh-CN': '审核意见', en: 'Audit note' }, max: 200, form: false, list: false },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, span: 2, list: false },
  ],
  details: [
    {
      key: 'items',
      title: { 'zh-CN': '盘点明细', en: 'Lines' },
      table: 'sup_stocktake_item',
      parentKey: 'stocktakeId',
      fields: [
        { key: 'batchId', type: 'ref', ref: 'supply.batch', title: { 'zh-CN': '批次', en: 'Batch' }, required: true, width: 200 },
        { key: 'countedQty', type: 'quantity', title: { 'zh-CN': '实盘数量', en: 'Counted' }, required: true, max: 1000000, width: 100 },
        { key: 'bookQty', type: 'quantity', title: { 'zh-CN': '账面数量', en: 'Book' }, default: 0, form: false },
        { key: 'diffQty', type: 'quantity', title: { 'zh-CN': '盈亏数量', en: 'Difference' }, default: 0, form: false },
      ],
      min: 1,
      max: 200,
    },
  ],
  form: { width: 760, columns: 2 },
  defaultSort: { field: 'billNo', order: 'desc' },
  flow: billFlow({
    noun: 'stocktake',
    pinyin: 'pandian',
    status: ['auditStatus'],
    audit: {
      title: { 'zh-CN': '审核盘点', en: 'Audit stocktake' },
      confirm: { 'zh-CN': '审核后按实盘数量调整库存（盘盈入、盘亏出），以当时的账面为准。', en: 'Stock is adjusted to what was counted (gains in, losses out), against the book as it then stands.' },
      done: { 'zh-CN': '审核通过，库存已调整', en: 'Audited: stock adjusted' },
      keywords: ['stocktake', 'audit', 'adjust', 'pandian', 'shenhe'],
    },
  }),
} as const satisfies EntitySpec;
