import type { EntitySpec } from '../../engine/spec';

/**
 * 补卡管理: the bills of 补卡 (a lost card) and 换卡 (a damaged one), each written by the ledger
 * with the new card and the fee's posting (DOMAIN.md 2.14). Read and exported here; the
 * operations themselves start from 卡片管理 or the palette.
 */
export const cardReplacement = {
  id: 'members.cardReplacement',
  title: { 'zh-CN': '补卡单', en: 'Card replacement' },
  api: '/memb/cardReplace',
  table: 'memb_card_replace',
  permissionPrefix: 'cardReplace',
  screen: { path: '/members/card-repair', component: 'members/CardRepairList', title: { 'zh-CN': '补卡管理', en: 'Card replacement' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'billNo',
  createTime: false,
  fields: [
    { key: 'billNo', type: 'text', title: { 'zh-CN': '单号', en: 'Bill no.' }, required: true, max: 30, query: 'like', sortable: true, width: 190 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '人员', en: 'Member' }, required: true, query: 'eq', width: 100 },
    { key: 'oldCardId', type: 'ref', ref: 'members.card', refMode: 'picker', title: { 'zh-CN': '原卡号', en: 'Old card' }, required: true, width: 110 },
    { key: 'newCardId', type: 'ref', ref: 'members.card', refMode: 'picker', title: { 'zh-CN': '新卡号', en: 'New card' }, required: true, width: 110 },
    { key: 'reason', type: 'dict', dict: 'replace_reason', title: { 'zh-CN': '原因', en: 'Reason' }, required: true, query: 'eq', width: 130 },
    { key: 'fee', type: 'money', title: { 'zh-CN': '补卡费', en: 'Fee' }, total: true, required: true, max: 1000, width: 90 },
    { key: 'feePay', type: 'dict', dict: 'card_fee_pay', title: { 'zh-CN': '收费方式', en: 'Paid by' }, required: true, width: 90 },
    { key: 'status', type: 'dict', dict: 'replace_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, query: 'eq', width: 80 },
    { key: 'createBy', type: 'text', title: { 'zh-CN': '操作员', en: 'Operator' }, max: 50, width: 90 },
    { key: 'createdAt', type: 'datetime', title: { 'zh-CN': '办理时间', en: 'Done at' }, required: true, query: 'range', sortable: true, width: 160 },
    { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 100, width: 140 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'createdAt', order: 'desc' },
  // replace_status: 1 已完成 · 2 已撤销.
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'cancel',
        title: { 'zh-CN': '补卡撤销', en: 'Cancel a card replacement' },
        from: { status: ['1'] },
        input: [{ key: 'reason', type: 'text', title: { 'zh-CN': '原因', en: 'Reason' }, required: true, max: 100 }],
        // The new card in hand is the one cancelled: its last four digits typed first.
        retype: 'newCardId',
        retypeLast: 4,
        show: ['memberId', 'oldCardId', 'newCardId', 'fee', 'feePay'],
        confirm: {
          'zh-CN': '只能撤销当天办理、新卡尚未使用的补卡。撤销后新卡注销，原卡恢复办理前的状态，补卡费退还。',
          en: 'Only a replacement made today whose new card was not used can be cancelled. The new card is cancelled, the old one is as it was, the fee is paid back.',
        },
        done: { 'zh-CN': '补卡已撤销', en: 'Replacement cancelled' },
        ledger: {},
        testId: 'cancel-replacement',
        icon: 'rotate-ccw',
        keywords: ['card', 'replace', 'cancel', 'undo', 'buka', 'chexiao'],
      },
    ],
  },
} as const satisfies EntitySpec;
