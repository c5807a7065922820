import type { EntitySpec } from '@shared/engine/spec';

/**
 * 车辆管理 (DOMAIN.md §14): the cars allowed on campus, one record a plate in the school — the owner's
 * or staff member's, with its house and parking space and how long it may come in. 续期 moves the
 * validity later (an expired car is 正常 again); 拉黑 keeps a car out, with the reason; 解除拉黑
 * lets it in again; 下发道闸 sends cars to the barriers (each change of state sends itself).
 * car_status: 1 正常 · 2 过期 · 3 黑名单. 挪车管理 finds a car's owner here.
 */
export const car = {
  id: 'property.car',
  title: { 'zh-CN': '车辆', en: 'Car' },
  api: '/prop/car',
  table: 'prop_car',
  permissionPrefix: 'car',
  screen: { path: '/property/cars', component: 'property/CarList', title: { 'zh-CN': '车辆管理', en: 'Cars' } },
  operations: ['add', 'edit', 'delete', 'import', 'export'],
  tenantScoped: true,
  labelField: 'plateNo',
  fields: [
    { key: 'plateNo', type: 'text', preset: 'plate', title: { 'zh-CN': '车牌号', en: 'Plate' }, required: true, max: 10, query: 'like', sortable: true, width: 110 },
    { key: 'plateColor', type: 'dict', dict: 'plate_color', title: { 'zh-CN': '车牌颜色', en: 'Plate colour' }, required: true, default: '1', width: 110 },
    { key: 'carType', type: 'dict', dict: 'car_type', title: { 'zh-CN': '车辆类型', en: 'Kind' }, required: true, default: '1', query: 'eq', width: 90 },
    { key: 'ownerName', type: 'text', title: { 'zh-CN': '车主', en: 'Owner' }, required: true, max: 30, query: 'like', width: 90 },
    { key: 'mobile', type: 'text', preset: 'm', title: { 'zh-CN': '手机', en: 'Mobile' }, required: true, max: 20, query: 'like', width: 120 },
    { key: 'brand', type: 'text', title: { 'zh-CN': '品牌', en: 'Make' }, max: 30, width: 90 },
    { key: 'color', type: 'text', title: { 'zh-CN': '颜色', en: 'Colour' }, max: 10, width: 60 },
    { key: 'ownerId', type: 'ref', ref: 'members.owner', title: { 'zh-CN': '业主', en: 'Resident' }, list: false },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '教职工', en: 'Staff member' }, list: false },
    { key: 'houseId', type: 'ref', ref: 'property.house', title: { 'zh-CN': '房号', en: 'House' }, width: 130 },
    { key: 'parkingNo', type: 'text', title: { 'zh-CN': '车位号', en: 'Space' }, max: 20, width: 80 },
    { key: 'validTo', type: 'date', title: { 'zh-CN': '有效期至', en: 'Valid until' }, sortable: true, width: 100 },
    { key: 'status', type: 'dict', dict: 'car_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '1', form: false, query: 'eq', width: 80 },
    { key: 'blockReason', type: 'text', title: { 'zh-CN': '拉黑原因', en: 'Why blocked' }, max: 200, form: false, width: 140 },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 760, columns: 2 },
  defaultSort: { field: 'plateNo', order: 'asc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'renew',
        title: { 'zh-CN': '续期', en: 'Renew' },
        from: { status: ['1', '2'] },
        to: { status: '1' },
        many: true,
        input: [{ key: 'validTo', type: 'date', title: { 'zh-CN': '新有效期至', en: 'Valid until' }, required: true }],
        confirm: { 'zh-CN': '有效期推后到新日期，过期车辆恢复正常。', en: 'The validity moves to the new day; an expired car is allowed again.' },
        done: { 'zh-CN': '已续期', en: 'Renewed' },
        effect: true,
        icon: 'calendar-days',
        keywords: ['car', 'renew', 'cheliang', 'xuqi'],
        toolbar: true,
      },
      {
        id: 'block',
        title: { 'zh-CN': '拉黑', en: 'Block' },
        from: { status: ['1', '2'] },
        to: { status: '3' },
        input: [{ key: 'blockReason', type: 'text', title: { 'zh-CN': '拉黑原因', en: 'Why' }, required: true, max: 200 }],
        show: ['plateNo', 'ownerName', 'carType'],
        confirm: { 'zh-CN': '拉黑后该车辆不能进入校园。', en: 'A blocked car may not come in.' },
        done: { 'zh-CN': '已拉黑', en: 'Blocked' },
        effect: true,
        icon: 'ban',
        keywords: ['car', 'block', 'blacklist', 'cheliang', 'lahei'],
      },
      {
        id: 'push',
        title: { 'zh-CN': '下发道闸', en: 'Send to barriers' },
        from: { status: ['1', '2', '3'] },
        many: true,
        confirm: {
          'zh-CN': '把所选车辆按当前状态下发到所有在用的车辆道闸：正常车辆放行，黑名单车辆拦截，过期车辆从名单中删除。续期、拉黑和解除拉黑时会自动下发。',
          en: 'Sends the chosen cars as they are now to every barrier in use: allowed, blocked, or dropped when expired. Renewing, blocking and unblocking send them by themselves.',
        },
        done: { 'zh-CN': '已下发', en: 'Sent' },
        effect: true,
        icon: 'send',
        keywords: ['car', 'barrier', 'push', 'cheliang', 'daozha', 'xiafa'],
        toolbar: true,
      },
      {
        id: 'unblock',
        title: { 'zh-CN': '解除拉黑', en: 'Unblock' },
        from: { status: ['3'] },
        to: { status: '1' },
        confirm: { 'zh-CN': '解除后该车辆可按有效期进入校园。', en: 'The car may come in again within its validity.' },
        done: { 'zh-CN': '已解除拉黑', en: 'Unblocked' },
        effect: true,
        icon: 'rotate-ccw',
        keywords: ['car', 'unblock', 'cheliang', 'jiechu'],
      },
    ],
  },
} as const satisfies EntitySpec;
