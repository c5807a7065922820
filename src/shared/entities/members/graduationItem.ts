import type { EntitySpec } from '../../engine/spec';

/**
 * A person of a graduation batch (DOMAIN.md 2.8): what they held at 预检 and what will happen, then
 * the result of 执行 (成功 with what was paid out, 失败 with the reason, 跳过 when they had already
 * left). Written only by the batch's flow; exported as the batch's result.
 */
export const graduationItem: EntitySpec = {
  id: 'members.graduationItem',
  title: { 'zh-CN': '毕业明细', en: 'Graduation line' },
  api: '/memb/graduationItem',
  table: 'memb_graduation_item',
  permissionPrefix: 'graduationItem',
  screen: { path: '/members/graduation', component: 'members/GraduationList', title: { 'zh-CN': '毕业管理', en: 'Graduation' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'memberId',
  fields: [
    { key: 'batchId', type: 'ref', ref: 'members.graduation', title: { 'zh-CN': '毕业批次', en: 'Batch' }, required: true, query: 'eq', width: 150 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '人员', en: 'Member' }, required: true, query: 'eq', width: 100 },
    // What the line came to and why, beside the person: the first a clerk reads.
    { key: 'result', type: 'dict', dict: 'grad_item_result', title: { 'zh-CN': '结果', en: 'Result' }, default: '0', query: 'eq', width: 70 },
    { key: 'errMsg', type: 'text', said: true, title: { 'zh-CN': '失败原因', en: 'Why it failed' }, max: 200, width: 200 },
    { key: 'warning', type: 'text', said: true, title: { 'zh-CN': '预检提示', en: 'Check notes' }, max: 200, width: 160 },
    { key: 'cash', type: 'money', title: { 'zh-CN': '现金', en: 'Cash' }, min: -100000, max: 100000, total: true, sortable: true, default: 0, width: 90 },
    { key: 'subsidy', type: 'money', title: { 'zh-CN': '补助', en: 'Subsidy' }, max: 100000, total: true, default: 0, width: 80 },
    { key: 'gift', type: 'money', title: { 'zh-CN': '赠送', en: 'Gift' }, max: 100000, total: true, default: 0, width: 80 },
    { key: 'deposit', type: 'money', title: { 'zh-CN': '押金', en: 'Deposit' }, max: 100000, total: true, default: 0, width: 80 },
    { key: 'cards', type: 'number', default: 0, title: { 'zh-CN': '未注销卡', en: 'Live cards' }, width: 80 },
    { key: 'orders', type: 'number', default: 0, title: { 'zh-CN': '离校后订餐', en: 'Later orders' }, width: 90 },
    { key: 'plan', type: 'text', title: { 'zh-CN': '处理方式', en: 'What happens' }, max: 300, width: 300 },
    { key: 'refund', type: 'money', title: { 'zh-CN': '退款金额', en: 'Paid out' }, max: 100000, total: true, default: 0, width: 90 },
    { key: 'doneTime', type: 'datetime', title: { 'zh-CN': '处理时间', en: 'Done at' }, width: 160 },
  ],
  form: { width: 520, columns: 1 },
  defaultSort: { field: 'cash', order: 'desc' },
};
