import type { EntitySpec } from '../../engine/spec';

/**
 * 退款合并 (DOMAIN.md 6.9): the refund lines waiting in a period (by canteen and source) gathered
 * into one batch (TK…), audited by another person, and paid back as one ledger posting per person
 * (its idempotency key the batch and the person: a retry or a second run pays nobody twice). A
 * line belongs to one batch; a person whose account cannot take money fails alone, and 执行退款
 * again retries the failures.
 */
export const refundBatch: EntitySpec = {
  id: 'meals.refundBatch',
  title: { 'zh-CN': '合并退款单', en: 'Refund batch' },
  api: '/meal/refundBatch',
  table: 'meal_refund_batch',
  permissionPrefix: 'refundBatch',
  screen: { path: '/meals/refund-merge', component: 'meals/RefundMergeList', title: { 'zh-CN': '退款合并', en: 'Refund merge' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'billNo',
  fields: [
    { key: 'billNo', type: 'text', title: { 'zh-CN': '单号', en: 'Batch no.' }, required: true, max: 20, form: false, query: 'like', sortable: true, width: 150 },
    { key: 'dateFrom', type: 'date', title: { 'zh-CN': '开始日期', en: 'From' }, required: true, query: 'range', sortable: true, width: 110 },
    { key: 'dateTo', type: 'date', title: { 'zh-CN': '结束日期', en: 'Until' }, required: true, width: 110 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '食堂', en: 'Canteen' }, query: 'eq', width: 120 },
    { key: 'sourceType', type: 'dict', dict: 'refund_source', title: { 'zh-CN': '来源', en: 'Source' }, query: 'eq', width: 90 },
    { key: 'refundTo', type: 'dict', dict: 'refund_to', title: { 'zh-CN': '退款去向', en: 'Paid to' }, required: true, default: '1', width: 100 },
    { key: 'persons', type: 'number', title: { 'zh-CN': '人数', en: 'People' }, default: 0, form: false, width: 60 },
    { key: 'lines', type: 'number', title: { 'zh-CN': '笔数', en: 'Lines' }, default: 0, form: false, width: 60 },
    { key: 'total', type: 'money', title: { 'zh-CN': '总额', en: 'Total' }, max: 10000000, default: 0, form: false, total: true, width: 100 },
    { key: 'auditStatus', type: 'dict', dict: 'refund_audit_status', title: { 'zh-CN': '审核状态', en: 'Audit' }, default: '1', form: false, query: 'eq', width: 80 },
    { key: 'refundStatus', type: 'dict', dict: 'refund_status', title: { 'zh-CN': '退款状态', en: 'Refund' }, default: '0', form: false, query: 'eq', width: 80 },
    { key: 'failed', type: 'number', title: { 'zh-CN': '失败人数', en: 'Failed' }, default: 0, form: false, width: 70 },
    { key: 'auditBy', type: 'text', title: { 'zh-CN': '审核人', en: 'Audited by' }, max: 50, form: false, width: 80 },
    { key: 'auditTime', type: 'datetime', title: { 'zh-CN': '审核时间', en: 'Audited at' }, form: false, list: false },
    { key: 'auditOpinion', type: 'text', title: { 'zh-CN': '审核意见', en: 'Audit note' }, max: 200, form: false, list: false },
    { key: 'refundedBy', type: 'text', title: { 'zh-CN': '退款人', en: 'Refunded by' }, max: 50, form: false, width: 80 },
    { key: 'refundedAt', type: 'datetime', title: { 'zh-CN': '退款时间', en: 'Refunded at' }, form: false, width: 160 },
    { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, width: 160 },
  ],
  form: { width: 560, columns: 1 },
  defaultSort: { field: 'billNo', order: 'desc' },
  flow: {
    status: ['auditStatus', 'refundStatus'],
    editable: { auditStatus: ['1'] },
    actions: [
      {
        id: 'audit',
        title: { 'zh-CN': '审核', en: 'Audit' },
        from: { auditStatus: ['1'] },
        to: { auditStatus: '2' },
        notBy: ['createBy'],
        stamps: { by: 'auditBy', at: 'auditTime' },
        input: [{ key: 'auditOpinion', type: 'text', title: { 'zh-CN': '审核意见', en: 'Audit note' }, max: 200 }],
        show: ['dateFrom', 'dateTo', 'persons', 'lines', 'total'],
        confirm: { 'zh-CN': '审核后可执行退款。', en: 'Once audited the batch can be paid.' },
        done: { 'zh-CN': '已审核', en: 'Audited' },
        icon: 'shield-check',
        keywords: ['refund', 'batch', 'audit', 'tuikuan', 'shenhe'],
        toolbar: true,
      },
      {
        id: 'reject',
        title: { 'zh-CN': '驳回', en: 'Reject' },
        from: { auditStatus: ['1'] },
        to: { auditStatus: '3' },
        notBy: ['createBy'],
        stamps: { by: 'auditBy', at: 'auditTime' },
        input: [{ key: 'auditOpinion', type: 'text', title: { 'zh-CN': '驳回原因', en: 'Reason' }, required: true, max: 200 }],
        confirm: { 'zh-CN': '驳回后其明细回到待合并，可重新合并。', en: 'Its lines go back to waiting and may be merged again.' },
        done: { 'zh-CN': '已驳回', en: 'Rejected' },
        effect: true,
        icon: 'undo-2',
        keywords: ['refund', 'batch', 'reject', 'tuikuan', 'bohui'],
      },
      {
        id: 'execute',
        title: { 'zh-CN': '执行退款', en: 'Pay refunds' },
        // 部分失败 runs again for the failures, 退款中 after a crash: the paid are skipped by their key and lines.
        from: { auditStatus: ['2'], refundStatus: ['0', '1', '3'] },
        to: { refundStatus: '1' },
        retype: 'total',
        show: ['persons', 'lines', 'total', 'failed'],
        confirm: { 'zh-CN': '每人一笔退回卡余额（现金钱包）。请再次输入总额确认。', en: 'One posting per person back to the card balance (cash wallet). Type the total again to confirm.' },
        done: { 'zh-CN': '退款已执行', en: 'Refunds paid' },
        effect: true,
        icon: 'banknote',
        keywords: ['refund', 'batch', 'pay', 'execute', 'tuikuan', 'zhixing'],
        toolbar: true,
      },
    ],
  },
};
