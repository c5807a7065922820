import type { EntitySpec } from '../../engine/spec';
import { LEDGER_CAP_YUAN } from '../../money';

/**
 * 缴费记录 (DOMAIN.md §7): every payment of a bill of any item — at the counter or from the card —
 * with its channel, numbers and state, written by the bills themselves (read-only here). 退款 of a
 * payment from the card goes back through the ledger, never more than the payment still holds;
 * 打印票据 prints its receipt. An online order (线上缴费, 待支付) is completed by its channel's callback or
 * by 补单 from the merchant platform's record, or closed.
 */
export const payment = {
  id: 'payments.payment',
  title: { 'zh-CN': '缴费记录', en: 'Payment' },
  api: '/pay/payment',
  table: 'pay_payment',
  permissionPrefix: 'payment',
  screen: { path: '/payments/records', component: 'payments/CallPayRecordList', title: { 'zh-CN': '缴费记录', en: 'Fee payment records' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'payNo',
  fields: [
    { key: 'payNo', type: 'text', title: { 'zh-CN': '流水号', en: 'Payment no.' }, required: true, max: 20, query: 'like', sortable: true, width: 150 },
    { key: 'itemType', type: 'dict', dict: 'pay_item', title: { 'zh-CN': '缴费项目', en: 'Item' }, required: true, query: 'eq', width: 120 },
    { key: 'target', type: 'text', title: { 'zh-CN': '缴费对象', en: 'For' }, required: true, max: 100, query: 'like', width: 280 },
    { key: 'billNo', type: 'text', title: { 'zh-CN': '账单号', en: 'Bill no.' }, required: true, max: 20, query: 'like', width: 150 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '缴费人', en: 'Paid by' }, query: 'eq', list: false },
    { key: 'amount', type: 'money', title: { 'zh-CN': '金额', en: 'Amount' }, required: true, max: 1000000, total: true, sortable: true, width: 100 },
    { key: 'refunded', type: 'money', title: { 'zh-CN': '已退款', en: 'Refunded' }, max: 1000000, default: 0, total: true, width: 90 },
    { key: 'channel', type: 'dict', dict: 'pay_channel', title: { 'zh-CN': '支付渠道', en: 'Channel' }, required: true, query: 'eq', width: 90 },
    { key: 'thirdPartyNo', type: 'text', title: { 'zh-CN': '第三方单号', en: 'Provider no.' }, max: 64, query: 'like', width: 140 },
    { key: 'status', type: 'dict', dict: 'pay_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '1', query: 'eq', width: 80 },
    { key: 'paidAt', type: 'datetime', title: { 'zh-CN': '支付时间', en: 'Paid at' }, query: 'range', sortable: true, width: 160 },
    { key: 'receiptNo', type: 'text', title: { 'zh-CN': '票据号', en: 'Receipt no.' }, max: 30, width: 130 },
    { key: 'txnNo', type: 'text', title: { 'zh-CN': '记账流水', en: 'Posting no.' }, max: 40, width: 190 },
    { key: 'operator', type: 'text', title: { 'zh-CN': '操作员', en: 'Operator' }, required: true, max: 50, query: 'prefix', width: 90 },
    { key: 'billType', type: 'text', title: { 'zh-CN': '账单类别', en: 'Bill kind' }, required: true, max: 20, list: false, form: false },
    { key: 'billId', type: 'text', title: { 'zh-CN': '账单', en: 'Bill' }, required: true, max: 64, list: false, form: false },
    { key: 'refundTxnNo', type: 'text', title: { 'zh-CN': '退款流水', en: 'Refund posting' }, max: 40, list: false },
    { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remark' }, max: 200, list: false },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'paidAt', order: 'desc' },
  print: {
    header: ['payNo', 'itemType', 'billNo', 'target', 'amount', 'channel', 'paidAt', 'receiptNo', 'txnNo', 'refunded', 'status'],
    signatures: [{ title: { 'zh-CN': '收款人', en: 'Received by' }, field: 'operator' }, { title: { 'zh-CN': '缴费人', en: 'Paid by' } }],
  },
  flow: {
    // The channel is an axis too: it decides whether a payment goes back to the card.
    status: ['status', 'channel'],
    actions: [
      {
        id: 'refund',
        title: { 'zh-CN': '退款', en: 'Refund' },
        // Only a payment from the card goes back to it; a counter payment is refunded at the counter.
        from: { status: ['1'], channel: ['1'] },
        input: [
          { key: 'amount', type: 'money', title: { 'zh-CN': '退款金额', en: 'Amount' }, required: true, min: 0.01, max: LEDGER_CAP_YUAN },
          { key: 'reason', type: 'text', title: { 'zh-CN': '退款原因', en: 'Why' }, required: true, max: 200 },
        ],
        retype: 'amount',
        show: ['payNo', 'itemType', 'billNo', 'target', 'amount', 'refunded', 'channel'],
        confirm: {
          'zh-CN': '退回缴费人卡内的现金余额（仅限卡余额缴费），不超过该笔缴费未退的金额。请再次输入金额确认。',
          en: "Paid back into the payer's card cash (payments from the card only), never more than is left of the payment. Type the amount again.",
        },
        done: { 'zh-CN': '退款成功', en: 'Refunded' },
        ledger: true,
        path: '/pay/payment/refund',
        icon: 'undo-2',
        keywords: ['payment', 'refund', 'jiaofei', 'tuikuan'],
      },
      {
        id: 'supplement',
        title: { 'zh-CN': '补单', en: 'Complete by hand' },
        // An online order (微信, 支付宝) whose payment result never came — or came after it was closed.
        from: { status: ['0', '4'], channel: ['2', '3'] },
        input: [{ key: 'thirdPartyNo', type: 'text', title: { 'zh-CN': '第三方单号', en: 'Provider no.' }, required: true, max: 64 }],
        show: ['payNo', 'itemType', 'billNo', 'target', 'amount', 'channel'],
        confirm: {
          'zh-CN': '在支付平台（商户后台）查到该订单已付款后补单：填写平台的交易单号，订单金额计入账单实收。',
          en: "Once the merchant platform shows the order paid: give its transaction number, and the order's amount is counted as paid on the bill.",
        },
        done: { 'zh-CN': '补单成功', en: 'Completed' },
        effect: true,
        icon: 'check',
        keywords: ['payment', 'supplement', 'order', 'query', 'jiaofei', 'budan', 'chadan'],
      },
      {
        id: 'closeOrder',
        title: { 'zh-CN': '关闭订单', en: 'Close the order' },
        from: { status: ['0'], channel: ['2', '3'] },
        to: { status: '4' },
        many: true,
        confirm: { 'zh-CN': '关闭后订单不再等待支付；若之后仍收到支付结果，将照常计入账单。', en: 'The order stops waiting; a payment that still arrives is counted on the bill as usual.' },
        done: { 'zh-CN': '订单已关闭', en: 'Order closed' },
        icon: 'x',
        keywords: ['payment', 'close', 'order', 'jiaofei', 'guanbi'],
      },
    ],
  },
} as const satisfies EntitySpec;
