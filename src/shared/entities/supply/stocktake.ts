import type { EntitySpec } from '../../engine/spec';

/**
 * 盘点 (DOMAIN.md 5.2): a stocktake of one canteen's store, batch by batch — what was counted
 * against the book (the sum of the batch's moves). Audited, each difference posts an ADJUST move
 * (盘盈 +, 盘亏 −) against the book as it then stands.
 */
export const stocktake: EntitySpec = {
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
  flow: {
    status: ['auditStatus'],
    editable: { auditStatus: ['0', '3'] },
    actions: [
      {
        id: 'submit',
        title: { 'zh-CN': '提交', en: 'Submit' },
        from: { auditStatus: ['0', '3'] },
        to: { auditStatus: '1' },
        stamps: { by: 'submitBy', at: 'submitTime' },
        confirm: { 'zh-CN': '提交后等待审核，不能再修改。', en: 'Once submitted it waits for audit and cannot be changed.' },
        done: { 'zh-CN': '已提交审核', en: 'Submitted for audit' },
        icon: 'send',
        keywords: ['stocktake', 'submit', 'pandian', 'tijiao'],
      },
      {
        id: 'audit',
        title: { 'zh-CN': '审核盘点', en: 'Audit stocktake' },
        from: { auditStatus: ['1'] },
        to: { auditStatus: '2' },
        notBy: ['createBy', 'submitBy'],
        stamps: { by: 'auditBy', at: 'auditTime' },
        input: [{ key: 'auditOpinion', type: 'text', title: { 'zh-CN': '审核意见', en: 'Audit note' }, max: 200 }],
        confirm: { 'zh-CN': '审核后按实盘数量调整库存（盘盈入、盘亏出），以当时的账面为准。', en: 'Stock is adjusted to what was counted (gains in, losses out), against the book as it then stands.' },
        done: { 'zh-CN': '审核通过，库存已调整', en: 'Audited: stock adjusted' },
        effect: true,
        icon: 'shield-check',
        keywords: ['stocktake', 'audit', 'adjust', 'pandian', 'shenhe'],
      },
      {
        id: 'reject',
        title: { 'zh-CN': '驳回', en: 'Reject' },
        from: { auditStatus: ['1'] },
        to: { auditStatus: '3' },
        notBy: ['createBy', 'submitBy'],
        stamps: { by: 'auditBy', at: 'auditTime' },
        input: [{ key: 'auditOpinion', type: 'text', title: { 'zh-CN': '驳回原因', en: 'Reason' }, required: true, max: 200 }],
        confirm: { 'zh-CN': '驳回后制单人可修改后重新提交。', en: 'The maker may change it and submit it again.' },
        done: { 'zh-CN': '已驳回', en: 'Rejected' },
        effect: true,
        icon: 'undo-2',
        keywords: ['stocktake', 'reject', 'pandian', 'bohui'],
      },
      {
        id: 'void',
        title: { 'zh-CN': '作废', en: 'Void' },
        from: { auditStatus: ['0', '3'] },
        to: { auditStatus: '4' },
        confirm: { 'zh-CN': '作废后单据保留但不再处理。', en: 'A voided bill is kept but no longer handled.' },
        done: { 'zh-CN': '已作废', en: 'Voided' },
        icon: 'trash-2',
        keywords: ['stocktake', 'void', 'pandian', 'zuofei'],
      },
    ],
  },
};
