import type { EntitySpec } from '@shared/engine/spec';
import { billFlow } from './billFlow';

/**
 * 退货管理 (DOMAIN.md 5.5): goods sent back to the supplier. A return is made from a purchase
 * (采购管理's 退货, its received lines brought in), then submitted, audited — which posts RETURN
 * moves from that purchase's batches — and confirmed by the supplier.
 */
export const supplyReturn = {
  id: 'supply.return',
  title: { 'zh-CN': '退货单', en: 'Return' },
  api: '/supply/return',
  table: 'sup_return',
  permissionPrefix: 'supplyReturn',
  screen: { path: '/supply/returns', component: 'supply/ReturnList', title: { 'zh-CN': '退货管理', en: 'Returns' } },
  // Made from a purchase (its 退货 action), never blank.
  operations: ['edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'billNo',
  fields: [
    { key: 'billNo', type: 'text', title: { 'zh-CN': '单号', en: 'Bill no.' }, required: true, max: 20, form: false, query: 'like', sortable: true, width: 150 },
    { key: 'purchaseId', type: 'ref', ref: 'supply.purchase', refMode: 'picker', title: { 'zh-CN': '关联采购单', en: 'Purchase' }, required: true, form: false, query: 'eq', width: 150 },
    { key: 'supplierId', type: 'ref', ref: 'supply.supplier', refMode: 'picker', title: { 'zh-CN': '供应商', en: 'Supplier' }, required: true, form: false, query: 'eq', width: 150 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '仓库/食堂', en: 'Store' }, required: true, form: false, width: 100 },
    { key: 'reason', type: 'dict', dict: 'return_reason', title: { 'zh-CN': '退货原因', en: 'Reason' }, required: true, default: '1', query: 'eq', width: 90 },
    { key: 'returnDate', type: 'date', title: { 'zh-CN': '退货日期', en: 'Date' }, required: true, query: 'range', sortable: true, width: 100 },
    { key: 'settleMode', type: 'dict', dict: 'return_settle', title: { 'zh-CN': '退款/冲抵方式', en: 'Settlement' }, required: true, default: '1', width: 100 },
    { key: 'totalAmount', type: 'money', title: { 'zh-CN': '退货金额', en: 'Value' }, required: true, form: false, total: true, width: 100 },
    { key: 'auditStatus', type: 'dict', dict: 'audit_status', title: { 'zh-CN': '审核状态', en: 'Audit' }, default: '0', form: false, query: 'eq', width: 90 },
    { key: 'returnStatus', type: 'dict', dict: 'return_status', title: { 'zh-CN': '退货状态', en: 'Returned' }, default: '0', form: false, query: 'eq', width: 100 },
    { key: 'submitBy', type: 'text', title: { 'zh-CN': '提交人', en: 'Submitted by' }, max: 50, form: false, list: false },
    { key: 'auditBy', type: 'text', title: { 'zh-CN': '审核人', en: 'Audited by' }, max: 50, form: false, width: 80 },
    { key: 'auditOpinion', type: 'text', title: { 'zh-CN': '审核意见', en: 'Audit note' }, max: 200, form: false, list: false },
    { key: 'confirmBy', type: 'text', title: { 'zh-CN': '确认人', en: 'Confirmed by' }, max: 50, form: false, list: false },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, span: 2, list: false },
  ],
  details: [
    {
      key: 'items',
      title: { 'zh-CN': '退货明细', en: 'Lines' },
      table: 'sup_return_item',
      parentKey: 'returnId',
      // Brought in from the purchase: read, not typed.
      fields: [
        { key: 'ingredientId', type: 'ref', ref: 'supply.ingredient', title: { 'zh-CN': '食材', en: 'Ingredient' }, required: true, form: false },
        { key: 'qty', type: 'quantity', title: { 'zh-CN': '退货数量', en: 'Quantity' }, required: true, form: false },
        { key: 'unitPrice', type: 'money', title: { 'zh-CN': '单价', en: 'Unit price' }, default: 0, form: false },
        { key: 'amount', type: 'money', title: { 'zh-CN': '金额', en: 'Amount' }, default: 0, form: false },
      ],
    },
  ],
  form: { width: 760, columns: 2 },
  print: {
    header: ['billNo', 'purchaseId', 'supplierId', 'canteenId', 'reason', 'returnDate', 'settleMode', 'auditStatus', 'returnStatus', 'remark'],
    signatures: [
      { title: { 'zh-CN': '经办人', en: 'Made by' }, field: 'createBy' },
      { title: { 'zh-CN': '审核人', en: 'Audited by' }, field: 'auditBy' },
      { title: { 'zh-CN': '仓管员', en: 'Storekeeper' } },
      { title: { 'zh-CN': '供应商确认', en: 'Supplier' }, field: 'confirmBy' },
    ],
  },
  defaultSort: { field: 'billNo', order: 'desc' },
  flow: billFlow({
    noun: 'return',
    pinyin: 'tuihuo',
    status: ['auditStatus', 'returnStatus'],
    queue: true,
    audit: {
      title: { 'zh-CN': '审核退货', en: 'Audit and return' },
      from: { auditStatus: ['1'], returnStatus: ['0'] },
      to: { auditStatus: '2', returnStatus: '1' },
      confirm: { 'zh-CN': '审核后从采购单的批次退出库存；批次剩余不足时不退。', en: 'Taken out of the purchase’s batches; nothing is returned when they hold too little.' },
      done: { 'zh-CN': '审核通过，已退出库', en: 'Audited and returned' },
      toolbar: true,
    },
    steps: [
      {
        id: 'confirm',
        title: { 'zh-CN': '供应商确认', en: 'Supplier confirmed' },
        from: { auditStatus: ['2'], returnStatus: ['1'] },
        to: { returnStatus: '2' },
        stamps: { by: 'confirmBy', at: 'confirmTime' },
        confirm: { 'zh-CN': '供应商已收到退货并确认？', en: 'Has the supplier received and confirmed the return?' },
        done: { 'zh-CN': '供应商已确认', en: 'Confirmed by the supplier' },
        icon: 'check',
        keywords: ['return', 'supplier', 'confirm', 'tuihuo', 'queren'],
        toolbar: true,
      },
    ],
  }),
} as const satisfies EntitySpec;
