import type { EntitySpec } from '@shared/engine/spec';

/**
 * 摄像头 (视频记录, below the events): the cameras that post events. Each signs with its own key
 * (生成密钥 shows it once); a serial is unique in the installation; a stopped camera is refused.
 */
export const camera: EntitySpec = {
  id: 'security.camera',
  title: { 'zh-CN': '摄像头', en: 'Camera' },
  api: '/sec/camera',
  table: 'sec_camera',
  permissionPrefix: 'camera',
  screen: { path: '/security/videos', component: 'security/VideoRecordList', title: { 'zh-CN': '视频记录', en: 'Security video records' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '名称', en: 'Name' }, required: true, max: 40, query: 'like', width: 150 },
    { key: 'serialNo', type: 'text', preset: 'code', title: { 'zh-CN': '序列号', en: 'Serial no.' }, required: true, unique: 'installation', max: 40, query: 'like', width: 130 },
    { key: 'channel', type: 'number', title: { 'zh-CN': '通道', en: 'Channel' }, min: 1, max: 256, default: 1, width: 70 },
    { key: 'location', type: 'text', title: { 'zh-CN': '位置', en: 'Where' }, max: 60, width: 160 },
    { key: 'status', type: 'dict', dict: 'enable_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 70 },
    { key: 'lastSeenAt', type: 'datetime', title: { 'zh-CN': '最近通信', en: 'Last contact' }, form: false, width: 160 },
    { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false },
  ],
  form: { width: 560, columns: 1 },
  defaultSort: { field: 'name', order: 'asc' },
};
