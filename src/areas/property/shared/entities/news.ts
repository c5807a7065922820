import type { EntitySpec } from '@shared/engine/spec';

/**
 * 物业资讯 (DOMAIN.md §14): the property office's notices, news, reminders and rules — drafted,
 * 发布 (stamped), 置顶 (one pinned at a time), 下线. news_status: 0 草稿 · 1 已发布 · 2 已下线.
 */
export const news: EntitySpec = {
  id: 'property.news',
  title: { 'zh-CN': '物业资讯', en: 'Notice' },
  api: '/prop/news',
  table: 'prop_news',
  permissionPrefix: 'propertyNews',
  screen: { path: '/property/information', component: 'property/InformationList', title: { 'zh-CN': '物业资讯', en: 'Information' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'title',
  fields: [
    { key: 'title', type: 'text', title: { 'zh-CN': '标题', en: 'Title' }, required: true, max: 60, query: 'like', width: 220, span: 2 },
    { key: 'category', type: 'dict', dict: 'news_category', title: { 'zh-CN': '分类', en: 'Category' }, required: true, default: '1', query: 'eq', width: 90 },
    { key: 'pinned', type: 'switch', title: { 'zh-CN': '置顶', en: 'Pinned' }, default: false, form: false, width: 60 },
    { key: 'status', type: 'dict', dict: 'news_status', title: { 'zh-CN': '发布状态', en: 'Status' }, default: '0', form: false, query: 'eq', width: 80 },
    { key: 'views', type: 'number', title: { 'zh-CN': '浏览量', en: 'Views' }, default: 0, form: false, width: 70 },
    { key: 'publishedAt', type: 'datetime', title: { 'zh-CN': '发布时间', en: 'Published' }, form: false, sortable: true, width: 160 },
    { key: 'cover', type: 'image', title: { 'zh-CN': '封面', en: 'Cover' }, list: false },
    { key: 'content', type: 'textarea', title: { 'zh-CN': '内容', en: 'Content' }, required: true, max: 5000, list: false, span: 2 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'publishedAt', order: 'desc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'publish',
        title: { 'zh-CN': '发布', en: 'Publish' },
        from: { status: ['0', '2'] },
        to: { status: '1' },
        many: true,
        stamps: { at: 'publishedAt' },
        confirm: { 'zh-CN': '发布后住户可以看到。', en: 'Residents can read it once published.' },
        done: { 'zh-CN': '已发布', en: 'Published' },
        icon: 'send',
        keywords: ['news', 'publish', 'zixun', 'fabu'],
        toolbar: true,
      },
      {
        id: 'pin',
        title: { 'zh-CN': '置顶', en: 'Pin' },
        from: { status: ['1'] },
        confirm: { 'zh-CN': '置顶后排在最前，原置顶的资讯取消置顶。', en: 'Shown first; the one pinned before is unpinned.' },
        done: { 'zh-CN': '已置顶', en: 'Pinned' },
        effect: true,
        icon: 'arrow-up',
        keywords: ['news', 'pin', 'top', 'zixun', 'zhiding'],
      },
      {
        id: 'offline',
        title: { 'zh-CN': '下线', en: 'Take offline' },
        from: { status: ['1'] },
        to: { status: '2' },
        many: true,
        confirm: { 'zh-CN': '下线后住户不再看到。', en: 'Residents no longer see it.' },
        done: { 'zh-CN': '已下线', en: 'Offline' },
        effect: true,
        icon: 'ban',
        keywords: ['news', 'offline', 'zixun', 'xiaxian'],
      },
    ],
  },
};
