import type { EntitySpec } from '../../engine/spec';

/**
 * A person of a subsidy batch (DOMAIN.md 2.7): the amount they get, changed or taken out while the
 * batch is a draft; once issued, 纠错 takes it back from the subsidy wallet (one posting) and marks
 * it 无效. subsidy_item_status: 1 未发放 · 2 已发放 · 3 已使用完 · 4 已清零 · 5 无效.
 */
export const subsidyItem = {
  id: 'members.subsidyItem',
  title: { 'zh-CN': '补助明细', en: 'Subsidy line' },
  api: '/memb/subsidyItem',
  table: 'memb_subsidy_item',
  permissionPrefix: 'subsidyItem',
  screen: { path: '/members/subsidies', component: 'members/SubsidyList', title: { 'zh-CN': '补助管理', en: 'Subsidies' } },
  operations: ['edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'memberId',
  fields: [
    { key: 'batchId', type: 'ref', ref: 'members.subsidy', title: { 'zh-CN': '补助批次', en: 'Batch' }, required: true, form: false, query: 'eq', width: 160 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '人员', en: 'Member' }, required: true, form: false, query: 'eq', width: 100 },
    { key: 'amount', type: 'money', title: { 'zh-CN': '金额', en: 'Amount' }, required: true, min: 0.01, max: 10000, total: true, sortable: true, width: 90 },
    { key: 'status', type: 'dict', dict: 'subsidy_item_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '1', form: false, query: 'eq', width: 80 },
    { key: 'cleared', type: 'money', title: { 'zh-CN': '已清零', en: 'Cleared' }, max: 10000, default: 0, form: false, width: 80 },
    { key: 'errMsg', type: 'text', said: true, title: { 'zh-CN': '错误信息', en: 'Error' }, max: 200, form: false, width: 200 },
  ],
  form: { width: 520, columns: 1 },
  defaultSort: { field: 'amount', order: 'desc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'reverse',
        title: { 'zh-CN': '纠错', en: 'Take back' },
        from: { status: ['2'] },
        to: { status: '5' },
        input: [{ key: 'errMsg', type: 'text', title: { 'zh-CN': '纠错原因', en: 'Reason' }, required: true, max: 200 }],
        show: ['batchId', 'memberId', 'amount'],
        retype: 'amount',
        confirm: { 'zh-CN': '从该人员的补助钱包收回本笔补助（一笔冲正），明细标为无效。', en: "The subsidy is taken back from the person's subsidy wallet (one posting) and the line marked invalid." },
        done: { 'zh-CN': '已纠错', en: 'Taken back' },
        effect: true,
        icon: 'undo-2',
        keywords: ['subsidy', 'reverse', 'correct', 'buzhu', 'jiucuo'],
      },
    ],
  },
} as const satisfies EntitySpec;
