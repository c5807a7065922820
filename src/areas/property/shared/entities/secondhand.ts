import type { EntitySpec } from '@shared/engine/spec';
import { publishAuditActions } from './publishAudit';

/**
 * 二手市场 (DOMAIN.md §14): things for sale between staff and residents, published once audited;
 * 驳回 and 下架 keep their reason. secondhand_status: 0 待审核 · 1 在售 · 2 已售 · 3 已下架 · 4 驳回.
 */
export const secondhand: EntitySpec = {
  id: 'property.secondhand',
  title: { 'zh-CN': '二手商品', en: 'Second-hand item' },
  api: '/prop/secondhand',
  table: 'prop_secondhand',
  permissionPrefix: 'secondhand',
  screen: { path: '/property/second-hand', component: 'property/SecondHandList', title: { 'zh-CN': '二手市场', en: 'Second-hand' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'title',
  fields: [
    { key: 'title', type: 'text', title: { 'zh-CN': '标题', en: 'Title' }, required: true, max: 60, query: 'like', width: 180 },
    { key: 'category', type: 'dict', dict: 'secondhand_category', title: { 'zh-CN': '分类', en: 'Category' }, required: true, default: '3', query: 'eq', width: 80 },
    { key: 'price', type: 'money', title: { 'zh-CN': '价格', en: 'Price' }, max: 100000, default: 0, sortable: true, width: 80 },
    { key: 'condition', type: 'dict', dict: 'item_condition', title: { 'zh-CN': '成色', en: 'Condition' }, required: true, default: '2', width: 80 },
    { key: 'publisherName', type: 'text', title: { 'zh-CN': '发布人', en: 'Seller' }, required: true, max: 30, width: 80 },
    { key: 'contact', type: 'text', title: { 'zh-CN': '联系方式', en: 'Contact' }, required: true, max: 50, width: 120 },
    { key: 'status', type: 'dict', dict: 'secondhand_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '0', form: false, query: 'eq', width: 80 },
    { key: 'views', type: 'number', title: { 'zh-CN': '浏览数', en: 'Views' }, default: 0, form: false, width: 70 },
    { key: 'reason', type: 'text', title: { 'zh-CN': '驳回/下架原因', en: 'Why' }, max: 200, form: false, width: 140 },
    { key: 'auditBy', type: 'text', title: { 'zh-CN': '审核人', en: 'Audited by' }, max: 50, form: false, list: false },
    { key: 'auditTime', type: 'datetime', title: { 'zh-CN': '审核时间', en: 'Audited at' }, form: false, list: false },
    { key: 'description', type: 'textarea', title: { 'zh-CN': '描述', en: 'Description' }, max: 500, list: false, span: 2 },
    { key: 'images', type: 'image', title: { 'zh-CN': '图片', en: 'Photo' }, list: false },
  ],
  form: { width: 720, columns: 2 },
  defaultSort: { field: 'title', order: 'asc' },
  flow: {
    status: ['status'],
    editable: { status: ['0', '4'] },
    actions: [
      ...publishAuditActions({ keywords: ['secondhand', 'ershou'], shown: { 'zh-CN': '通过后商品上架在售。', en: 'Once approved the item is on sale.' } }),
      {
        id: 'sold',
        title: { 'zh-CN': '已售出', en: 'Sold' },
        from: { status: ['1'] },
        to: { status: '2' },
        confirm: { 'zh-CN': '标记为已售出。', en: 'Marked sold.' },
        done: { 'zh-CN': '已售出', en: 'Sold' },
        icon: 'check',
        keywords: ['secondhand', 'sold', 'ershou', 'yishou'],
      },
      {
        id: 'takeDown',
        title: { 'zh-CN': '下架', en: 'Take down' },
        from: { status: ['1'] },
        to: { status: '3' },
        input: [{ key: 'reason', type: 'text', title: { 'zh-CN': '下架原因', en: 'Why' }, required: true, max: 200 }],
        confirm: { 'zh-CN': '下架后不再展示。', en: 'No longer shown.' },
        done: { 'zh-CN': '已下架', en: 'Taken down' },
        effect: true,
        icon: 'ban',
        keywords: ['secondhand', 'take', 'down', 'ershou', 'xiajia'],
      },
    ],
  },
};
