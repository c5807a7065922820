import type { EntitySpec } from '../../engine/spec';

/** The screen of 系统通告 and the route family JeecgBoot's client calls (its path really is `annountCement`). */
export const ANNOUNCEMENTS_SCREEN = '/system/announcements';
export const MY_ANNOUNCEMENTS_SCREEN = '/isps/userAnnouncement';

/**
 * 系统通告 (JeecgBoot's SysAnnouncement): a notice or system message to everyone, or to chosen
 * users, departments or roles; a draft until released, then revoked if need be. Listed, read and
 * deleted by the engine, released and revoked by its flow (send_status: 0 未发布, 1 已发布, 2 已撤销)
 * on the family's paths; written by its own routes (the recipients and the sanitised body are not
 * plain fields).
 */
export const announcement: EntitySpec = {
  id: 'system.announcement',
  title: { 'zh-CN': '系统通告', en: 'Announcement' },
  api: '/sys/annountCement',
  table: 'sys_announcement',
  permissionPrefix: 'announcement',
  screen: { path: ANNOUNCEMENTS_SCREEN, component: 'system/SysAnnouncementList', title: { 'zh-CN': '系统通告', en: 'Announcements' } },
  operations: ['delete'],
  tenantScoped: true,
  labelField: 'titile',
  fields: [
    { key: 'titile', type: 'text', title: { 'zh-CN': '标题', en: 'Title' }, required: true, max: 100, query: 'like', width: 240 },
    { key: 'msgCategory', type: 'dict', dict: 'msg_category', title: { 'zh-CN': '消息类型', en: 'Category' }, required: true, query: 'eq', width: 100 },
    { key: 'priority', type: 'dict', dict: 'priority', title: { 'zh-CN': '优先级', en: 'Priority' }, required: true, query: 'eq', width: 80 },
    { key: 'msgType', type: 'dict', dict: 'msg_type', title: { 'zh-CN': '通告对象', en: 'Recipients' }, required: true, width: 100 },
    { key: 'sendStatus', type: 'dict', dict: 'send_status', title: { 'zh-CN': '发布状态', en: 'State' }, required: true, query: 'eq', width: 90 },
    { key: 'sender', type: 'text', title: { 'zh-CN': '发布人', en: 'Sender' }, max: 50, width: 100 },
    { key: 'sendTime', type: 'datetime', title: { 'zh-CN': '发布时间', en: 'Released' }, sortable: true, width: 160 },
    { key: 'cancelTime', type: 'datetime', title: { 'zh-CN': '撤销时间', en: 'Revoked' }, width: 160 },
    { key: 'startTime', type: 'datetime', title: { 'zh-CN': '开始时间', en: 'From' }, list: false },
    { key: 'endTime', type: 'datetime', title: { 'zh-CN': '结束时间', en: 'Until' }, list: false },
    { key: 'msgAbstract', type: 'text', title: { 'zh-CN': '摘要', en: 'Summary' }, max: 200, list: false },
    { key: 'msgContent', type: 'textarea', title: { 'zh-CN': '内容', en: 'Content' }, max: 20000, default: '', list: false },
    { key: 'userIds', type: 'text', title: { 'zh-CN': '接收对象', en: 'Recipient ids' }, max: 20000, list: false },
    { key: 'openType', type: 'text', title: { 'zh-CN': '打开方式', en: 'Opens as' }, max: 20, list: false },
    { key: 'openPage', type: 'text', title: { 'zh-CN': '打开页面', en: 'Page' }, max: 200, list: false },
    { key: 'busId', type: 'text', title: { 'zh-CN': '业务ID', en: 'Record id' }, max: 64, list: false },
  ],
  form: { width: 900, columns: 1 },
  defaultSort: { field: 'createTime', order: 'desc' },
  flow: {
    status: ['sendStatus'],
    actions: [
      {
        id: 'release',
        title: { 'zh-CN': '发布通告', en: 'Release an announcement' },
        from: { sendStatus: ['0', '2'] },
        to: { sendStatus: '1' },
        stamps: { by: 'sender', at: 'sendTime' },
        confirm: { 'zh-CN': '发布后通告立即送达接收对象，且不能再修改。确定发布？', en: 'Once released it reaches its recipients at once and cannot be changed. Release it?' },
        done: { 'zh-CN': '该系统通知发布成功', en: 'Announcement released' },
        path: '/sys/annountCement/doReleaseData',
        get: true,
        effect: true,
        toolbar: true,
        permission: 'announcement:release',
        icon: 'send',
        keywords: ['announcement', 'notice', 'release', 'publish', 'tonggao', 'fabu'],
      },
      {
        id: 'revoke',
        title: { 'zh-CN': '撤销通告', en: 'Revoke an announcement' },
        from: { sendStatus: ['1'] },
        to: { sendStatus: '2' },
        stamps: { at: 'cancelTime' },
        confirm: { 'zh-CN': '撤销后接收对象不再看到该通告。确定撤销？', en: 'Its recipients no longer see it. Revoke it?' },
        done: { 'zh-CN': '该系统通知撤销成功', en: 'Announcement revoked' },
        path: '/sys/annountCement/doReovkeData',
        get: true,
        effect: true,
        toolbar: true,
        permission: 'announcement:release',
        icon: 'rotate-ccw',
        keywords: ['announcement', 'notice', 'revoke', 'withdraw', 'tonggao', 'chexiao'],
      },
    ],
  },
};
