import type { EntitySpec } from '@shared/engine/spec';

/**
 * 视频记录 (DOMAIN.md §11): the events the cameras post through their signed API — with the
 * snapshot and the recording they uploaded to object storage, played back in the page (回放) —
 * and how the security office dealt with each: 受理, 标记处理 or 误报, with its opinion.
 * video_handle: 0 未处理 · 1 处理中 · 2 已处理 · 3 误报.
 */
export const videoRecord: EntitySpec = {
  id: 'security.videoRecord',
  title: { 'zh-CN': '视频记录', en: 'Video record' },
  api: '/sec/videoRecord',
  table: 'sec_video_record',
  permissionPrefix: 'videoRecord',
  screen: { path: '/security/videos', component: 'security/VideoRecordList', title: { 'zh-CN': '视频记录', en: 'Security video records' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'eventNo',
  createTime: false,
  fields: [
    { key: 'startTime', type: 'datetime', title: { 'zh-CN': '开始时间', en: 'Started' }, required: true, query: 'range', sortable: true, width: 160 },
    { key: 'cameraId', type: 'ref', ref: 'security.camera', title: { 'zh-CN': '摄像头', en: 'Camera' }, required: true, query: 'eq', width: 140 },
    { key: 'location', type: 'text', title: { 'zh-CN': '位置', en: 'Where' }, max: 60, width: 130 },
    { key: 'eventType', type: 'dict', dict: 'video_event', title: { 'zh-CN': '事件类型', en: 'Event' }, required: true, query: 'eq', width: 110 },
    { key: 'duration', type: 'number', title: { 'zh-CN': '时长(秒)', en: 'Seconds' }, width: 80 },
    { key: 'snapshot', type: 'image', title: { 'zh-CN': '抓拍', en: 'Snapshot' }, width: 90 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '关联人员', en: 'Person' }, query: 'eq', width: 100 },
    { key: 'handleStatus', type: 'dict', dict: 'video_handle', title: { 'zh-CN': '处理状态', en: 'Handling' }, default: '0', query: 'eq', width: 90 },
    { key: 'handleBy', type: 'text', title: { 'zh-CN': '处理人', en: 'Handled by' }, max: 64, width: 80 },
    { key: 'opinion', type: 'text', title: { 'zh-CN': '处理意见', en: 'Opinion' }, max: 200, width: 180 },
    { key: 'endTime', type: 'datetime', title: { 'zh-CN': '结束时间', en: 'Ended' }, width: 160 },
    { key: 'eventNo', type: 'text', title: { 'zh-CN': '事件编号', en: 'Event no.' }, required: true, max: 40, query: 'like', width: 130 },
    { key: 'recording', type: 'file', title: { 'zh-CN': '录像', en: 'Recording' }, list: false },
  ],
  form: { width: 620, columns: 1 },
  defaultSort: { field: 'startTime', order: 'desc' },
  flow: {
    status: ['handleStatus'],
    actions: [
      {
        id: 'accept',
        title: { 'zh-CN': '受理', en: 'Take on' },
        from: { handleStatus: ['0'] },
        to: { handleStatus: '1' },
        many: true,
        stamps: { by: 'handleBy' },
        confirm: { 'zh-CN': '受理后由你跟进处理。', en: 'You follow it up.' },
        done: { 'zh-CN': '已受理', en: 'Taken on' },
        icon: 'list-checks',
        keywords: ['video', 'security', 'accept', 'anfang', 'shouli'],
      },
      {
        id: 'handle',
        title: { 'zh-CN': '标记处理', en: 'Mark handled' },
        from: { handleStatus: ['0', '1'] },
        to: { handleStatus: '2' },
        many: true,
        stamps: { by: 'handleBy', at: 'handleAt' },
        input: [{ key: 'opinion', type: 'text', title: { 'zh-CN': '处理意见', en: 'Opinion' }, required: true, max: 200 }],
        confirm: { 'zh-CN': '记录处理意见，事件标记为已处理。', en: 'Records the opinion; the event is handled.' },
        done: { 'zh-CN': '已标记处理', en: 'Handled' },
        effect: true,
        icon: 'check',
        keywords: ['video', 'security', 'handle', 'chuli'],
        toolbar: true,
      },
      {
        id: 'falseAlarm',
        title: { 'zh-CN': '误报', en: 'False alarm' },
        from: { handleStatus: ['0', '1'] },
        to: { handleStatus: '3' },
        many: true,
        stamps: { by: 'handleBy', at: 'handleAt' },
        input: [{ key: 'opinion', type: 'text', title: { 'zh-CN': '说明', en: 'Why' }, required: true, max: 200 }],
        confirm: { 'zh-CN': '事件标记为误报。', en: 'The event is marked a false alarm.' },
        done: { 'zh-CN': '已标记误报', en: 'Marked a false alarm' },
        effect: true,
        icon: 'ban',
        keywords: ['video', 'security', 'false', 'alarm', 'wubao'],
        toolbar: true,
      },
    ],
  },
};
