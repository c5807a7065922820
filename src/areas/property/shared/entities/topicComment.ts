import type { EntitySpec } from '@shared/engine/spec';

/**
 * A comment on a topic (话题管理, listed below the topics): 删除评论 hides it with a reason, kept with
 * who removed it; the topic's comment count follows. comment_status: 1 正常 · 2 已删除.
 */
export const topicComment: EntitySpec = {
  id: 'property.topicComment',
  title: { 'zh-CN': '评论', en: 'Comment' },
  api: '/prop/topicComment',
  table: 'prop_topic_comment',
  permissionPrefix: 'topicComment',
  screen: { path: '/property/topics', component: 'property/TopicList', title: { 'zh-CN': '话题管理', en: 'Topics' } },
  operations: ['add', 'export'],
  tenantScoped: true,
  labelField: 'content',
  fields: [
    { key: 'topicId', type: 'ref', ref: 'property.topic', title: { 'zh-CN': '话题', en: 'Topic' }, required: true, query: 'eq', width: 180 },
    { key: 'authorName', type: 'text', title: { 'zh-CN': '评论人', en: 'By' }, required: true, max: 30, query: 'like', width: 90 },
    { key: 'content', type: 'text', title: { 'zh-CN': '内容', en: 'Comment' }, required: true, max: 500, query: 'like', width: 260 },
    { key: 'likes', type: 'number', title: { 'zh-CN': '点赞', en: 'Likes' }, default: 0, form: false, width: 60 },
    { key: 'reports', type: 'number', title: { 'zh-CN': '举报', en: 'Reports' }, default: 0, form: false, sortable: true, width: 60 },
    { key: 'status', type: 'dict', dict: 'comment_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '1', form: false, query: 'eq', width: 70 },
    { key: 'removedBy', type: 'text', title: { 'zh-CN': '删除人', en: 'Removed by' }, max: 50, form: false, width: 80 },
    { key: 'reason', type: 'text', title: { 'zh-CN': '删除原因', en: 'Why' }, max: 200, form: false, width: 140 },
  ],
  form: { width: 560, columns: 1 },
  defaultSort: { field: 'reports', order: 'desc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'remove',
        title: { 'zh-CN': '删除评论', en: 'Remove the comment' },
        from: { status: ['1'] },
        to: { status: '2' },
        many: true,
        stamps: { by: 'removedBy' },
        input: [{ key: 'reason', type: 'text', title: { 'zh-CN': '删除原因', en: 'Why' }, required: true, max: 200 }],
        confirm: { 'zh-CN': '删除后评论不再展示，记录保留。', en: 'No longer shown; the record stays.' },
        done: { 'zh-CN': '评论已删除', en: 'Comment removed' },
        effect: true,
        icon: 'x',
        keywords: ['topic', 'comment', 'remove', 'huati', 'pinglun', 'shanchu'],
        toolbar: true,
      },
    ],
  },
};
