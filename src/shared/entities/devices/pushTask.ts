import type { EntitySpec } from '../../engine/spec';

/**
 * 设备下发 (DOMAIN.md 2.15): a task sends one kind of list to terminals — one, a canteen's, or all —
 * made into one item per device and subject when it is created; each terminal fetches its items
 * and acknowledges them through its signed API, and the task counts them (成功, 部分失败, 失败).
 * 重试失败项 queues the failed again; 取消 withdraws what was not sent; 全量同步 makes the devices
 * rebuild their list whole.
 */
export const pushTask: EntitySpec = {
  id: 'devices.pushTask',
  title: { 'zh-CN': '下发任务', en: 'Device task' },
  api: '/dev/push',
  table: 'dev_push_task',
  permissionPrefix: 'push',
  screen: { path: '/members/device-sending', component: 'members/DeviceSendingList', title: { 'zh-CN': '设备下发', en: 'Send to devices' } },
  operations: ['add', 'export'],
  tenantScoped: true,
  labelField: 'taskNo',
  fields: [
    { key: 'taskNo', type: 'text', title: { 'zh-CN': '任务号', en: 'Task no.' }, required: true, max: 20, form: false, query: 'like', sortable: true, width: 150 },
    { key: 'pushType', type: 'dict', dict: 'push_type', title: { 'zh-CN': '下发类型', en: 'What' }, required: true, query: 'eq', width: 100 },
    { key: 'targetMode', type: 'dict', dict: 'push_target', title: { 'zh-CN': '下发目标', en: 'To' }, required: true, default: '3', width: 80 },
    { key: 'deviceId', type: 'ref', ref: 'devices.terminal', title: { 'zh-CN': '设备', en: 'Device' }, query: 'eq', width: 130 },
    { key: 'doorId', type: 'ref', ref: 'access.door', title: { 'zh-CN': '门禁设备', en: 'Door' }, form: false, query: 'eq', width: 120 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '食堂', en: 'Canteen' }, width: 110 },
    { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '人员范围', en: 'People of' }, width: 110 },
    { key: 'addDel', type: 'dict', dict: 'push_add_del', dictMode: 'radio', title: { 'zh-CN': '增删', en: 'Add or remove' }, required: true, default: '1', width: 80 },
    { key: 'fullSync', type: 'switch', title: { 'zh-CN': '全量同步', en: 'Full sync' }, default: false, width: 80 },
    { key: 'total', type: 'number', title: { 'zh-CN': '总数', en: 'Items' }, default: 0, form: false, width: 70 },
    { key: 'success', type: 'number', title: { 'zh-CN': '成功', en: 'Done' }, default: 0, form: false, width: 70 },
    { key: 'failed', type: 'number', title: { 'zh-CN': '失败', en: 'Failed' }, default: 0, form: false, width: 70 },
    { key: 'status', type: 'dict', dict: 'push_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '0', form: false, query: 'eq', width: 80 },
    { key: 'finishTime', type: 'datetime', title: { 'zh-CN': '完成时间', en: 'Finished at' }, form: false, width: 160 },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 720, columns: 2 },
  defaultSort: { field: 'taskNo', order: 'desc' },
  flow: {
    status: ['status'],
    facts: ['pushType'],
    actions: [
      {
        id: 'retryFailed',
        title: { 'zh-CN': '重试失败项', en: 'Retry the failed' },
        from: { status: ['3', '4'] },
        to: { status: '1' },
        show: ['taskNo', 'pushType', 'total', 'success', 'failed'],
        confirm: { 'zh-CN': '失败的项目重新排队，设备下次取数时再次下发。', en: 'The failed items queue again; the devices take them when they next ask.' },
        done: { 'zh-CN': '已重新排队', en: 'Queued again' },
        effect: true,
        icon: 'rotate-cw',
        keywords: ['push', 'device', 'retry', 'xiafa', 'chongshi'],
        toolbar: true,
      },
      {
        id: 'cancel',
        title: { 'zh-CN': '取消', en: 'Cancel' },
        // Not a door's grants (门禁权限, 门禁时段): those are withdrawn by revoking them on 设备授权.
        from: { status: ['0', '1'], pushType: ['1', '2', '3', '6', '7', '8'] },
        to: { status: '5' },
        show: ['taskNo', 'pushType', 'total', 'success'],
        confirm: { 'zh-CN': '尚未下发的项目不再下发，已下发的不受影响。', en: 'What was not sent is withdrawn; what was sent stays.' },
        done: { 'zh-CN': '已取消', en: 'Cancelled' },
        effect: true,
        icon: 'x-circle',
        keywords: ['push', 'device', 'cancel', 'xiafa', 'quxiao'],
        toolbar: true,
      },
    ],
  },
};
