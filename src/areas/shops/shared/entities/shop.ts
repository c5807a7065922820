import type { EntitySpec } from '@shared/engine/spec';

/**
 * 商铺信息 (DOMAIN.md §13): a shop on campus — its category, place, manager, hours, rent and
 * commission, contract, and the terminals it takes card payments on (绑定终端: a terminal serves one
 * shop). 结算 (商户解款) pays its terminals' takings since the last settlement, less refunds,
 * commission and the rent months kept, out of 2004 商户应付 through the ledger, once per request.
 * shop_status: 1 营业 · 2 暂停 · 3 关闭 (停业 waits until everything before today is settled; the
 * settlement of its last day frees its terminals).
 */
export const shop: EntitySpec = {
  id: 'shops.shop',
  title: { 'zh-CN': '商铺', en: 'Shop' },
  api: '/shop/shop',
  table: 'shop_shop',
  permissionPrefix: 'shop',
  screen: { path: '/shops/list', component: 'shops/ShopList', title: { 'zh-CN': '商铺信息', en: 'Shops' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '商铺名称', en: 'Name' }, required: true, unique: true, max: 40, query: 'like', sortable: true, width: 150 },
    { key: 'categoryId', type: 'ref', ref: 'shops.category', title: { 'zh-CN': '分类', en: 'Category' }, required: true, query: 'eq', width: 100 },
    { key: 'location', type: 'text', title: { 'zh-CN': '位置', en: 'Where' }, max: 60, width: 130 },
    { key: 'manager', type: 'text', title: { 'zh-CN': '负责人', en: 'Manager' }, required: true, max: 30, query: 'like', width: 90 },
    { key: 'phone', type: 'text', preset: 'm', title: { 'zh-CN': '联系电话', en: 'Phone' }, required: true, max: 20, width: 120 },
    { key: 'openHours', type: 'text', title: { 'zh-CN': '营业时间', en: 'Opening hours' }, max: 40, width: 110 },
    { key: 'status', type: 'dict', dict: 'shop_status', title: { 'zh-CN': '经营状态', en: 'Status' }, default: '1', form: false, query: 'eq', width: 90 },
    { key: 'commissionPermille', type: 'number', title: { 'zh-CN': '提成/管理费(‰)', en: 'Commission (‰)' }, max: 1000, default: 0, width: 110 },
    { key: 'rent', type: 'money', title: { 'zh-CN': '租金(元/月)', en: 'Rent a month' }, max: 1000000, default: 0, width: 100 },
    { key: 'contractStart', type: 'date', title: { 'zh-CN': '合同开始', en: 'Contract from' }, width: 100 },
    { key: 'contractEnd', type: 'date', title: { 'zh-CN': '合同结束', en: 'Contract to' }, sortable: true, width: 100 },
    { key: 'settledTo', type: 'date', title: { 'zh-CN': '已结算至', en: 'Settled to' }, form: false, width: 100 },
    { key: 'image', type: 'image', title: { 'zh-CN': '图片', en: 'Picture' }, list: false },
    { key: 'intro', type: 'textarea', title: { 'zh-CN': '简介', en: 'About' }, max: 500, list: false, span: 2 },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  details: [
    {
      key: 'terminals',
      title: { 'zh-CN': '绑定终端', en: 'Terminals' },
      table: 'shop_terminal',
      parentKey: 'shopId',
      fields: [{ key: 'terminalId', type: 'ref', ref: 'devices.terminal', title: { 'zh-CN': '终端', en: 'Terminal' }, required: true, width: 240 }],
      max: 20,
    },
  ],
  form: { width: 860, columns: 2 },
  defaultSort: { field: 'name', order: 'asc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'settle',
        title: { 'zh-CN': '结算', en: 'Settle' },
        from: { status: ['1', '2', '3'] },
        input: [
          { key: 'periodTo', type: 'date', title: { 'zh-CN': '结算截止日', en: 'Up to and including' }, required: true },
          { key: 'rentMonths', type: 'number', title: { 'zh-CN': '扣租金月数', en: 'Rent months to keep' }, max: 12, default: 0 },
          { key: 'payWay', type: 'dict', dict: 'settle_way', title: { 'zh-CN': '解款方式', en: 'Paid by' }, required: true, default: '2' },
          { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200 },
        ],
        show: ['commissionPermille', 'rent', 'settledTo'],
        confirm: {
          'zh-CN': '按绑定终端自上次结算后到截止日（含）的营业额，扣除退款、提成和所扣租金后，从商户应付解款给商铺。截止日最晚为昨天。',
          en: "Pays the shop what its terminals took after the last settlement up to the day given (yesterday at the latest), less refunds, commission and the rent kept, out of the merchants' payable.",
        },
        done: { 'zh-CN': '结算完成', en: 'Settled' },
        ledger: true,
        icon: 'hand-coins',
        keywords: ['shop', 'settle', 'payout', 'shangpu', 'jiesuan', 'jiekuan'],
        toolbar: true,
      },
      {
        id: 'pause',
        title: { 'zh-CN': '暂停营业', en: 'Pause' },
        from: { status: ['1'] },
        to: { status: '2' },
        confirm: { 'zh-CN': '暂停后该商铺的终端不再收款，恢复营业后继续。', en: "The shop's terminals take no payments until it opens again." },
        done: { 'zh-CN': '已暂停', en: 'Paused' },
        icon: 'pause',
        keywords: ['shop', 'pause', 'shangpu', 'zanting'],
      },
      {
        id: 'resume',
        title: { 'zh-CN': '恢复营业', en: 'Reopen' },
        from: { status: ['2'] },
        to: { status: '1' },
        confirm: { 'zh-CN': '恢复后该商铺的终端继续收款。', en: "The shop's terminals take payments again." },
        done: { 'zh-CN': '已恢复营业', en: 'Open again' },
        icon: 'play',
        keywords: ['shop', 'resume', 'shangpu', 'huifu'],
      },
      {
        id: 'close',
        title: { 'zh-CN': '停业', en: 'Close down' },
        from: { status: ['1', '2'] },
        to: { status: '3' },
        input: [{ key: 'remark', type: 'text', title: { 'zh-CN': '停业原因', en: 'Why' }, required: true, max: 200 }],
        show: ['settledTo'],
        confirm: {
          'zh-CN': '停业后终端不再收款，结算到停业当天后解除绑定。停业前须结算完昨天及以前的营业额。',
          en: 'Its terminals take no more payments and are unbound once it is settled to its last day. Everything taken up to yesterday must be settled first.',
        },
        done: { 'zh-CN': '已停业', en: 'Closed down' },
        effect: true,
        icon: 'store',
        keywords: ['shop', 'close', 'shangpu', 'tingye'],
      },
    ],
  },
};
