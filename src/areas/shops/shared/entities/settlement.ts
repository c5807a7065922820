import type { EntitySpec } from '@shared/engine/spec';

/**
 * A shop's settlement (商铺信息, below the shops): the school days it covers, what the shop's
 * terminals took and gave back, the commission and rent kept, and the payable paid out of 2004
 * 商户应付 by the posting named. Written by 结算 only: listed and exported.
 */
export const shopSettlement: EntitySpec = {
  id: 'shops.settlement',
  title: { 'zh-CN': '结算记录', en: 'Settlement' },
  api: '/shop/settlement',
  table: 'shop_settlement',
  permissionPrefix: 'shopSettlement',
  screen: { path: '/shops/list', component: 'shops/ShopList', title: { 'zh-CN': '商铺信息', en: 'Shops' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'billNo',
  createTime: false,
  fields: [
    { key: 'billNo', type: 'text', title: { 'zh-CN': '结算单号', en: 'Settlement no.' }, required: true, max: 30, query: 'like', width: 170 },
    { key: 'shopId', type: 'ref', ref: 'shops.shop', title: { 'zh-CN': '商铺', en: 'Shop' }, required: true, query: 'eq', width: 140 },
    { key: 'periodFrom', type: 'date', title: { 'zh-CN': '起始日', en: 'From' }, width: 100 },
    { key: 'periodTo', type: 'date', title: { 'zh-CN': '截止日', en: 'To' }, required: true, query: 'range', sortable: true, width: 100 },
    { key: 'payments', type: 'number', title: { 'zh-CN': '笔数', en: 'Payments' }, total: true, default: 0, width: 70 },
    { key: 'takings', type: 'money', title: { 'zh-CN': '营业额', en: 'Takings' }, total: true, default: 0, width: 100 },
    { key: 'refunds', type: 'money', title: { 'zh-CN': '退款', en: 'Refunds' }, total: true, default: 0, width: 90 },
    { key: 'commission', type: 'money', title: { 'zh-CN': '提成/管理费', en: 'Commission' }, total: true, default: 0, width: 100 },
    { key: 'rentMonths', type: 'number', title: { 'zh-CN': '租金月数', en: 'Rent months' }, default: 0, width: 80 },
    { key: 'rent', type: 'money', title: { 'zh-CN': '扣租金', en: 'Rent kept' }, total: true, default: 0, width: 90 },
    { key: 'payable', type: 'money', title: { 'zh-CN': '实付金额', en: 'Paid out' }, total: true, default: 0, width: 100 },
    { key: 'payWay', type: 'dict', dict: 'settle_way', title: { 'zh-CN': '解款方式', en: 'Paid by' }, required: true, width: 90 },
    { key: 'txnNo', type: 'text', title: { 'zh-CN': '记账流水号', en: 'Posting no.' }, max: 30, width: 170 },
    { key: 'createBy', type: 'text', title: { 'zh-CN': '经办人', en: 'Clerk' }, max: 64, width: 90 },
    { key: 'createdAt', type: 'datetime', title: { 'zh-CN': '结算时间', en: 'Settled at' }, required: true, sortable: true, width: 160 },
    { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, width: 160 },
  ],
  form: { width: 520, columns: 1 },
  defaultSort: { field: 'createdAt', order: 'desc' },
};
