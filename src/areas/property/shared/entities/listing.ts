import type { EntitySpec } from '@shared/engine/spec';
import { publishAuditActions } from './publishAudit';

/**
 * 租售管理 (DOMAIN.md §14): a house offered for rent (a month's rent) or sale (its price), shown once
 * another person audits it; 上架/下架; 成交 marks the house 出租 (rented) or 自住 (sold to live in).
 * listing_status: 0 待审核 · 1 已上架 · 2 已下架 · 3 已成交 · 4 驳回.
 */
export const listing: EntitySpec = {
  id: 'property.listing',
  title: { 'zh-CN': '租售信息', en: 'Listing' },
  api: '/prop/listing',
  table: 'prop_listing',
  permissionPrefix: 'listing',
  screen: { path: '/property/lease-sale', component: 'property/LeaseSaleList', title: { 'zh-CN': '租售管理', en: 'Lease and sale' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'houseId',
  fields: [
    { key: 'houseId', type: 'ref', ref: 'property.house', title: { 'zh-CN': '房屋', en: 'House' }, required: true, query: 'eq', width: 140 },
    { key: 'listingType', type: 'dict', dict: 'listing_type', title: { 'zh-CN': '类型', en: 'Kind' }, required: true, default: '1', query: 'eq', width: 70 },
    { key: 'price', type: 'money', title: { 'zh-CN': '租金（元/月）或售价', en: 'Rent a month or price' }, required: true, max: 100000000, sortable: true, width: 140 },
    { key: 'area', type: 'quantity', title: { 'zh-CN': '面积（㎡）', en: 'Area (㎡)' }, max: 100000, width: 90 },
    { key: 'layout', type: 'text', title: { 'zh-CN': '户型', en: 'Layout' }, max: 30, width: 90 },
    { key: 'decoration', type: 'dict', dict: 'decoration', title: { 'zh-CN': '装修', en: 'Finish' }, width: 70 },
    { key: 'contactName', type: 'text', title: { 'zh-CN': '联系人', en: 'Contact' }, required: true, max: 30, width: 80 },
    { key: 'contactMobile', type: 'text', preset: 'm', title: { 'zh-CN': '联系电话', en: 'Mobile' }, required: true, max: 20, width: 120 },
    { key: 'status', type: 'dict', dict: 'listing_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '0', form: false, query: 'eq', width: 80 },
    { key: 'reason', type: 'text', title: { 'zh-CN': '驳回原因', en: 'Why rejected' }, max: 200, form: false, width: 140 },
    { key: 'auditBy', type: 'text', title: { 'zh-CN': '审核人', en: 'Audited by' }, max: 50, form: false, list: false },
    { key: 'auditTime', type: 'datetime', title: { 'zh-CN': '审核时间', en: 'Audited at' }, form: false, list: false },
    { key: 'description', type: 'textarea', title: { 'zh-CN': '描述', en: 'Description' }, max: 500, list: false, span: 2 },
    { key: 'images', type: 'image', title: { 'zh-CN': '图片', en: 'Photos' }, list: false },
  ],
  form: { width: 760, columns: 2 },
  defaultSort: { field: 'price', order: 'asc' },
  flow: {
    status: ['status'],
    editable: { status: ['0', '2', '4'] },
    actions: [
      ...publishAuditActions({ keywords: ['listing', 'zushou'], shown: { 'zh-CN': '通过后信息上架展示。', en: 'Once approved the listing is shown.' }, resubmitFrom: ['2'] }),
      {
        id: 'offShelf',
        title: { 'zh-CN': '下架', en: 'Take down' },
        from: { status: ['1'] },
        to: { status: '2' },
        many: true,
        confirm: { 'zh-CN': '下架后不再展示。', en: 'No longer shown.' },
        done: { 'zh-CN': '已下架', en: 'Taken down' },
        icon: 'ban',
        keywords: ['listing', 'off', 'zushou', 'xiajia'],
      },
      {
        id: 'deal',
        title: { 'zh-CN': '成交', en: 'Deal done' },
        from: { status: ['1'] },
        to: { status: '3' },
        confirm: { 'zh-CN': '成交后房屋状态随之改为出租（出租）或自住（出售）。', en: 'The house becomes 出租 (let) or 自住 (sold to live in).' },
        done: { 'zh-CN': '已成交', en: 'Deal done' },
        effect: true,
        icon: 'check',
        keywords: ['listing', 'deal', 'zushou', 'chengjiao'],
      },
    ],
  },
};
