import type { EntitySpec } from '../../engine/spec';

/**
 * A refund line owed to a person (DOMAIN.md 6.9): a cancelled order, a leave's or a stop's meals, a
 * correction. refund_item_status: 0 待合并 · 1 已合并 · 2 已退款 · 3 已拒绝. Listed under the batches on
 * 退款合并; its amount may be adjusted while it waits (the change stays in its history), and a line
 * not owed is refused with a reason.
 */
export const refundItem: EntitySpec = {
  id: 'meals.refundItem',
  title: { 'zh-CN': '退款明细', en: 'Refund line' },
  api: '/meal/refundItem',
  table: 'meal_refund_item',
  permissionPrefix: 'refundItem',
  screen: { path: '/meals/refund-merge', component: 'meals/RefundMergeList', title: { 'zh-CN': '退款合并', en: 'Refund merge' } },
  operations: ['edit', 'export'],
  tenantScoped: true,
  labelField: 'sourceNo',
  fields: [
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '人员', en: 'Member' }, required: true, form: false, query: 'eq', width: 100 },
    { key: 'sourceType', type: 'dict', dict: 'refund_source', title: { 'zh-CN': '来源', en: 'Source' }, required: true, form: false, query: 'eq', width: 90 },
    { key: 'sourceNo', type: 'text', title: { 'zh-CN': '来源单号', en: 'Source no.' }, max: 30, form: false, query: 'like', width: 150 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '食堂', en: 'Canteen' }, form: false, query: 'eq', width: 120 },
    { key: 'mealType', type: 'dict', dict: 'meal_type', title: { 'zh-CN': '餐次', en: 'Meal' }, form: false, width: 70 },
    { key: 'diningDate', type: 'date', title: { 'zh-CN': '就餐日期', en: 'Day' }, required: true, form: false, query: 'range', sortable: true, width: 110 },
    { key: 'amount', type: 'money', title: { 'zh-CN': '金额', en: 'Amount' }, required: true, min: 0.01, max: 10000, total: true, width: 90 },
    { key: 'status', type: 'dict', dict: 'refund_item_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '0', form: false, query: 'eq', width: 80 },
    { key: 'batchId', type: 'ref', ref: 'meals.refundBatch', title: { 'zh-CN': '合并单', en: 'Batch' }, form: false, width: 150 },
    { key: 'failReason', type: 'text', said: true, title: { 'zh-CN': '失败原因', en: 'Failure' }, max: 200, form: false, width: 160 },
    { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, width: 160 },
  ],
  form: { width: 560, columns: 1 },
  defaultSort: { field: 'diningDate', order: 'desc' },
  flow: {
    status: ['status'],
    editable: { status: ['0'] },
    actions: [
      {
        id: 'refuse',
        title: { 'zh-CN': '拒绝退款', en: 'Refuse' },
        from: { status: ['0'] },
        to: { status: '3' },
        input: [{ key: 'remark', type: 'text', title: { 'zh-CN': '拒绝原因', en: 'Reason' }, required: true, max: 200 }],
        show: ['memberId', 'sourceType', 'sourceNo', 'amount'],
        confirm: { 'zh-CN': '拒绝后该明细不再合并退款。', en: 'A refused line is not merged or paid.' },
        done: { 'zh-CN': '已拒绝', en: 'Refused' },
        icon: 'ban',
        keywords: ['refund', 'refuse', 'tuikuan', 'jujue'],
      },
    ],
  },
};
