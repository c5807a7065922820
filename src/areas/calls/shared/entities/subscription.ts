import type { EntitySpec } from '@shared/engine/spec';
import { billPayActions, type BillWords } from '@shared/entities/payments/billActions';

const SUBSCRIPTION_WORDS: BillWords = {
  keywords: ['call', 'package', 'subscription', 'qinqing', 'taocan'],
  api: '/call/subscription',
  open: { status: ['0'], payStatus: ['0', '1'] },
  max: 10000,
  showPay: ['memberId', 'packageId', 'startDate', 'endDate', 'due', 'owed'],
  showRefund: ['memberId', 'packageId', 'paid'],
  cardConfirm: { 'zh-CN': '从学生卡内现金余额缴纳套餐费，缴清后套餐生效。请再次输入金额确认。', en: "Pays the package from the pupil's card cash; it is live once paid. Type the amount again." },
  refundConfirm: { 'zh-CN': '退费回学生卡内。', en: "Back to the pupil's card." },
  remindConfirm: { 'zh-CN': '提醒家长缴费。', en: 'Reminds the parents to pay.' },
};

/**
 * 套餐订购 (通话套餐, below the packages): a pupil's subscription, a bill (TC…) of the package's price
 * for its months, paid from the card (缴费项目 亲情通话套餐) or at the counter. Paid, it is 生效 from its
 * start to its end, its minutes counted down month by month by the calls the phones post; 续期 makes
 * the next one, starting the day after; 退订 refunds the months not begun to the card.
 * call_sub_status: 0 待支付 · 1 生效 · 2 已过期 · 3 已退订.
 */
export const callSubscription: EntitySpec = {
  id: 'calls.subscription',
  title: { 'zh-CN': '套餐订购', en: 'Subscription' },
  api: '/call/subscription',
  table: 'call_subscription',
  permissionPrefix: 'callSubscription',
  screen: { path: '/calls/packages', component: 'calls/CallPackageList', title: { 'zh-CN': '通话套餐', en: 'Call packages' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'billNo',
  fields: [
    { key: 'billNo', type: 'text', title: { 'zh-CN': '账单号', en: 'Bill no.' }, required: true, max: 30, query: 'like', width: 170 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '学生', en: 'Pupil' }, required: true, query: 'eq', width: 100 },
    { key: 'packageId', type: 'ref', ref: 'calls.package', title: { 'zh-CN': '套餐', en: 'Package' }, required: true, query: 'eq', width: 130 },
    { key: 'startDate', type: 'date', title: { 'zh-CN': '开始日期', en: 'From' }, required: true, width: 100 },
    { key: 'endDate', type: 'date', title: { 'zh-CN': '到期日期', en: 'Until' }, required: true, query: 'range', sortable: true, width: 100 },
    { key: 'minutesLeft', type: 'number', title: { 'zh-CN': '本月剩余分钟', en: 'Minutes left' }, default: 0, width: 100 },
    { key: 'monthlyMinutes', type: 'number', title: { 'zh-CN': '每月分钟', en: 'A month' }, default: 0, width: 80 },
    { key: 'status', type: 'dict', dict: 'call_sub_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '0', query: 'eq', width: 80 },
    { key: 'due', type: 'money', title: { 'zh-CN': '应缴', en: 'Due' }, default: 0, total: true, width: 80 },
    { key: 'paid', type: 'money', title: { 'zh-CN': '已缴', en: 'Paid' }, default: 0, total: true, width: 80 },
    { key: 'refunded', type: 'money', title: { 'zh-CN': '已退', en: 'Refunded' }, default: 0, total: true, width: 80 },
    { key: 'owed', type: 'money', title: { 'zh-CN': '欠费', en: 'Owed' }, default: 0, total: true, width: 80 },
    { key: 'payStatus', type: 'dict', dict: 'call_pay_status', title: { 'zh-CN': '缴费状态', en: 'Payment' }, default: '0', query: 'eq', width: 90 },
    { key: 'lastPayTime', type: 'datetime', title: { 'zh-CN': '缴费时间', en: 'Paid at' }, width: 160 },
    { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, width: 140 },
  ],
  form: { width: 620, columns: 2 },
  defaultSort: { field: 'endDate', order: 'desc' },
  flow: {
    status: ['status', 'payStatus'],
    actions: [
      ...billPayActions(SUBSCRIPTION_WORDS).filter((action) => action.id !== 'refund'),
      {
        id: 'renew',
        title: { 'zh-CN': '续期', en: 'Renew' },
        from: { status: ['1'] },
        show: ['memberId', 'packageId', 'endDate'],
        confirm: { 'zh-CN': '按该套餐当前价格生成下一期账单，从到期次日开始，缴费后生效。', en: "Makes the next bill at the package's price, from the day after this one ends; it is live once paid." },
        done: { 'zh-CN': '已生成续期账单', en: 'Renewal bill made' },
        effect: true,
        icon: 'calendar-days',
        keywords: ['call', 'package', 'renew', 'xuqi'],
      },
      {
        id: 'unsubscribe',
        title: { 'zh-CN': '退订', en: 'Cancel' },
        from: { status: ['0', '1'] },
        input: [{ key: 'reason', type: 'text', title: { 'zh-CN': '退订原因', en: 'Why' }, required: true, max: 200 }],
        show: ['memberId', 'packageId', 'startDate', 'endDate', 'paid'],
        confirm: {
          'zh-CN': '退订后套餐停止使用；已缴费的，按未开始的整月退回学生卡内现金。',
          en: "The package stops; what was paid for the whole months not begun goes back to the pupil's card cash.",
        },
        done: { 'zh-CN': '已退订', en: 'Cancelled' },
        ledger: true,
        path: '/call/subscription/unsubscribe',
        icon: 'undo-2',
        keywords: ['call', 'package', 'cancel', 'refund', 'tuiding'],
      },
    ],
  },
};
