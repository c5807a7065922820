import type { EntitySpec } from '@shared/engine/spec';
import { billFlow } from './billFlow';

/**
 * 出库管理 (DOMAIN.md 5.4): 领用, 调拨 and 报损 from a canteen's store. 审核 takes each line from the
 * batches first-expiring-first-out; short stock refuses it (商品:<name>库存不足) and posts nothing.
 */
export const shipment = {
  id: 'supply.shipment',
  title: { 'zh-CN': '出库单', en: 'Shipment' },
  api: '/supply/shipment',
  table: 'sup_stock_out',
  permissionPrefix: 'shipment',
  screen: { path: '/supply/shipments', component: 'supply/ShipmentList', title: { 'zh-CN': '出库管理', en: 'Shipments' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'billNo',
  fields: [
    { key: 'billNo', type: 'text', title: { 'zh-CN': '单号', en: 'Bill no.' }, required: true, max: 20, form: false, query: 'like', sortable: true, width: 150 },
    { key: 'outType', type: 'dict', dict: 'out_type', title: { 'zh-CN': '出库类型', en: 'Type' }, required: true, default: '1', query: 'eq', width: 90 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '仓库/食堂', en: 'Store' }, required: true, query: 'eq', width: 110 },
    { key: 'storeId', type: 'ref', ref: 'meals.store', title: { 'zh-CN': '领用档口', en: 'Store' }, query: 'eq', width: 110 },
    { key: 'receiver', type: 'text', title: { 'zh-CN': '领用人', en: 'Received by' }, required: true, max: 30, query: 'like', width: 90 },
    { key: 'outDate', type: 'date', title: { 'zh-CN': '出库日期', en: 'Date' }, required: true, query: 'range', sortable: true, width: 100 },
    { key: 'totalAmount', type: 'money', title: { 'zh-CN': '出库金额', en: 'Value' }, required: true, form: false, total: true, width: 100 },
    { key: 'auditStatus', type: 'dict', dict: 'audit_status', title: { 'zh-CN': '审核状态', en: 'Audit' }, default: '0', form: false, query: 'eq', width: 90 },
    { key: 'outStatus', type: 'dict', dict: 'out_status', title: { 'zh-CN': '出库状态', en: 'Issued' }, default: '0', form: false, query: 'eq', width: 80 },
    { key: 'submitBy', type: 'text', title: { 'zh-CN': '提交人', en: 'Submitted by' }, max: 50, form: false, list: false },
    { key: 'auditBy', type: 'text', title: { 'zh-CN': '审核人', en: 'Audited by' }, max: 50, form: false, width: 80 },
    { key: 'auditTime', type: 'datetime', title: { 'zh-CN': '审核时间', en: 'Audited at' }, form: false, list: false },
    { key: 'auditOpinion', type: 'text', title: { 'zh-CN': '审核意见', en: 'Audit note' }, max: 200, form: false, list: false },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, span: 2, list: false },
  ],
  details: [
    {
      key: 'items',
      title: { 'zh-CN': '出库明细', en: 'Lines' },
      table: 'sup_stock_out_item',
      parentKey: 'stockOutId',
      fields: [
        { key: 'ingredientId', type: 'ref', ref: 'supply.ingredient', title: { 'zh-CN': '食材', en: 'Ingredient' }, required: true, width: 160 },
        { key: 'qty', type: 'quantity', title: { 'zh-CN': '数量', en: 'Quantity' }, required: true, min: 0.001, max: 1000000, width: 100 },
        { key: 'remark', type: 'text', title: { 'zh-CN': '说明', en: 'Note' }, max: 100, width: 200 },
        // Filled at 审核: the value taken from the batches.
        { key: 'amount', type: 'money', title: { 'zh-CN': '金额', en: 'Amount' }, default: 0, form: false },
      ],
      min: 1,
      max: 100,
    },
  ],
  form: { width: 900, columns: 2 },
  print: {
    header: ['billNo', 'outType', 'canteenId', 'storeId', 'receiver', 'outDate', 'auditStatus', 'outStatus', 'remark'],
    signatures: [
      { title: { 'zh-CN': '制单人', en: 'Made by' }, field: 'createBy' },
      { title: { 'zh-CN': '审核人', en: 'Audited by' }, field: 'auditBy' },
      { title: { 'zh-CN': '仓管员', en: 'Storekeeper' } },
      { title: { 'zh-CN': '领用人', en: 'Received by' }, field: 'receiver' },
    ],
  },
  defaultSort: { field: 'billNo', order: 'desc' },
  flow: billFlow({
    noun: 'shipment',
    pinyin: 'chuku',
    status: ['auditStatus', 'outStatus'],
    queue: true,
    audit: {
      title: { 'zh-CN': '审核出库', en: 'Audit and issue' },
      from: { auditStatus: ['1'], outStatus: ['0'] },
      to: { auditStatus: '2', outStatus: '1' },
      many: true,
      confirm: { 'zh-CN': '审核后按先到期先出从批次出库；库存不足时不出库。', en: 'Issued from the batches first-expiring-first-out; short stock issues nothing.' },
      done: { 'zh-CN': '审核通过，已出库', en: 'Audited and issued' },
      keywords: ['shipment', 'audit', 'issue', 'chuku', 'shenhe'],
      toolbar: true,
    },
  }),
} as const satisfies EntitySpec;
