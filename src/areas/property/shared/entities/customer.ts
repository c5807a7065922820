import type { EntitySpec } from '@shared/engine/spec';

/**
 * 客户管理 (DOMAIN.md §14): the property office's contacts and how each is followed up. 转业主 makes
 * a customer with a house a resident in 业主管理 (a tenant as 租户), and an owner of a house without
 * one its owner. follow_status: 1 待跟进 · 2 跟进中 · 3 已成交 · 4 已流失.
 */
export const customer: EntitySpec = {
  id: 'property.customer',
  title: { 'zh-CN': '客户', en: 'Customer' },
  api: '/prop/customer',
  table: 'prop_customer',
  permissionPrefix: 'customer',
  screen: { path: '/property/customers', component: 'property/CustomerList', title: { 'zh-CN': '客户管理', en: 'Customers' } },
  operations: ['add', 'edit', 'delete', 'import', 'export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '姓名', en: 'Name' }, required: true, max: 30, query: 'like', sortable: true, width: 90 },
    { key: 'mobile', type: 'text', preset: 'm', title: { 'zh-CN': '手机', en: 'Mobile' }, required: true, max: 20, query: 'like', width: 120 },
    { key: 'customerType', type: 'dict', dict: 'customer_type', title: { 'zh-CN': '客户类型', en: 'Kind' }, required: true, default: '5', query: 'eq', width: 90 },
    { key: 'houseId', type: 'ref', ref: 'property.house', title: { 'zh-CN': '关联房屋', en: 'House' }, width: 130 },
    { key: 'source', type: 'dict', dict: 'customer_source', title: { 'zh-CN': '来源', en: 'Source' }, required: true, default: '1', width: 80 },
    { key: 'followStatus', type: 'dict', dict: 'follow_status', title: { 'zh-CN': '跟进状态', en: 'Follow-up' }, required: true, default: '1', query: 'eq', width: 90 },
    { key: 'idNo', type: 'text', title: { 'zh-CN': '证件号', en: 'ID number' }, max: 30, list: false },
    { key: 'ownerId', type: 'ref', ref: 'members.owner', title: { 'zh-CN': '业主档案', en: 'Resident record' }, form: false, width: 90 },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, width: 160, span: 2 },
  ],
  form: { width: 720, columns: 2 },
  defaultSort: { field: 'name', order: 'asc' },
  flow: {
    status: ['followStatus'],
    actions: [
      {
        id: 'toOwner',
        title: { 'zh-CN': '转业主', en: 'Make a resident' },
        from: { followStatus: ['1', '2', '3'] },
        to: { followStatus: '3' },
        show: ['name', 'mobile', 'customerType', 'houseId'],
        confirm: { 'zh-CN': '在业主管理中建立其档案（租户为租户身份），并关联所选房屋。', en: 'Adds them to 业主管理 (a tenant as a tenant) with the house chosen.' },
        done: { 'zh-CN': '已转为业主', en: 'Now a resident' },
        effect: true,
        icon: 'user-cog',
        keywords: ['customer', 'owner', 'kehu', 'zhuanyezhu'],
        toolbar: true,
      },
    ],
  },
};
