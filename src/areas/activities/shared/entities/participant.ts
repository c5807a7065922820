import type { EntitySpec } from '@shared/engine/spec';

/**
 * An activity's participant (活动管理, below the campaigns): who received its gift, by what trigger
 * (a recharge's posting or a 参与赠送 run), into which wallet and until when, with the posting — or
 * why nothing was given. 撤回 takes a gift back while the wallet still holds it.
 * participant_status: 1 已发放 · 2 已撤回 · 3 未发放 · 4 已过期.
 */
export const activityParticipant = {
  id: 'activities.participant',
  title: { 'zh-CN': '参与记录', en: 'Participant' },
  api: '/act/participant',
  table: 'act_participant',
  permissionPrefix: 'activityParticipant',
  screen: { path: '/activities', component: 'activities/ActivityList', title: { 'zh-CN': '活动管理', en: 'Activities' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'triggerRef',
  createTime: false,
  fields: [
    { key: 'activityId', type: 'ref', ref: 'activities.activity', title: { 'zh-CN': '活动', en: 'Campaign' }, required: true, query: 'eq', width: 140 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '人员', en: 'Member' }, required: true, query: 'eq', width: 100 },
    { key: 'triggerRef', type: 'text', title: { 'zh-CN': '触发单据', en: 'Trigger' }, required: true, max: 64, query: 'like', width: 170 },
    { key: 'gift', type: 'money', title: { 'zh-CN': '赠送金额', en: 'Gift' }, default: 0, total: true, width: 90 },
    { key: 'wallet', type: 'dict', dict: 'activity_wallet', title: { 'zh-CN': '钱包', en: 'Wallet' }, required: true, width: 80 },
    { key: 'validUntil', type: 'date', title: { 'zh-CN': '有效期至', en: 'Valid until' }, width: 100 },
    { key: 'status', type: 'dict', dict: 'participant_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '1', query: 'eq', width: 80 },
    { key: 'reason', type: 'text', title: { 'zh-CN': '说明', en: 'Note' }, max: 200, width: 180 },
    { key: 'txnNo', type: 'text', title: { 'zh-CN': '记账流水号', en: 'Posting no.' }, max: 30, width: 170 },
    { key: 'createdAt', type: 'datetime', title: { 'zh-CN': '发放时间', en: 'Given at' }, required: true, query: 'range', sortable: true, width: 160 },
    { key: 'withdrawTxnNo', type: 'text', title: { 'zh-CN': '撤回流水号', en: 'Taken back by' }, max: 30, width: 170 },
  ],
  form: { width: 560, columns: 1 },
  defaultSort: { field: 'createdAt', order: 'desc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'withdraw',
        title: { 'zh-CN': '撤回赠送', en: 'Take back' },
        from: { status: ['1'] },
        input: [{ key: 'reason', type: 'text', title: { 'zh-CN': '撤回原因', en: 'Why' }, required: true, max: 200 }],
        show: ['memberId', 'gift', 'wallet', 'txnNo'],
        confirm: {
          'zh-CN': '从该人员钱包收回赠送金额（钱包余额须足够），活动已赠送金额相应减少。',
          en: "Takes the gift back from the person's wallet (it must still hold it); the campaign's given amount goes down.",
        },
        done: { 'zh-CN': '已撤回', en: 'Taken back' },
        effect: true,
        icon: 'undo-2',
        keywords: ['campaign', 'gift', 'withdraw', 'chehui'],
      },
    ],
  },
} as const satisfies EntitySpec;
