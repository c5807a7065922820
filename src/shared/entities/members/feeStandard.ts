import type { EntitySpec } from '../../engine/spec';

/**
 * 学费管理's fee standards (DOMAIN.md 2.10, the flow of §16: ① term and item with its amount ② who
 * pays it — a grade or class, boarders or day pupils): 生成账单 makes one bill per pupil in service
 * (run again, it bills only the pupils who have none — a newcomer).
 */
export const feeStandard: EntitySpec = {
  id: 'members.feeStandard',
  title: { 'zh-CN': '收费标准', en: 'Fee standard' },
  api: '/pay/feeItem',
  table: 'pay_fee_item',
  permissionPrefix: 'feeItem',
  screen: { path: '/members/tuition', component: 'members/TuitionList', title: { 'zh-CN': '学费管理', en: 'Tuition' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '收费名称', en: 'Name' }, required: true, max: 50, query: 'like', width: 180 },
    { key: 'termId', type: 'ref', ref: 'payments.schoolTerm', title: { 'zh-CN': '学年学期', en: 'Term' }, required: true, query: 'eq', width: 150 },
    { key: 'feeType', type: 'dict', dict: 'fee_item', title: { 'zh-CN': '收费项目', en: 'Item' }, required: true, default: '1', query: 'eq', width: 90 },
    { key: 'amount', type: 'money', title: { 'zh-CN': '每人金额', en: 'Amount each' }, required: true, min: 0.01, max: 100000, width: 100 },
    { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '年级/班级', en: 'Grade or class' }, required: true, width: 110 },
    { key: 'boardingType', type: 'dict', dict: 'boarding_type', title: { 'zh-CN': '住宿类型', en: 'Boarding' }, width: 80 },
    { key: 'dueDate', type: 'date', title: { 'zh-CN': '缴费截止', en: 'Due by' }, required: true, sortable: true, width: 100 },
    { key: 'status', type: 'dict', dict: 'fee_item_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '0', form: false, query: 'eq', width: 80 },
    { key: 'bills', type: 'number', title: { 'zh-CN': '账单数', en: 'Bills' }, default: 0, form: false, width: 70 },
    { key: 'total', type: 'money', title: { 'zh-CN': '应收合计', en: 'Due in all' }, max: 100000000, default: 0, form: false, total: true, width: 110 },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 720, columns: 2 },
  defaultSort: { field: 'dueDate', order: 'desc' },
  flow: {
    status: ['status'],
    editable: { status: ['0'] },
    actions: [
      {
        id: 'generate',
        title: { 'zh-CN': '生成账单', en: 'Make the bills' },
        from: { status: ['0', '1'] },
        to: { status: '1' },
        show: ['name', 'termId', 'feeType', 'amount', 'deptId', 'boardingType', 'dueDate'],
        confirm: {
          'zh-CN': '为该年级/班级（含下级）的在校学生每人生成一张账单；已有本项账单的学生不重复生成。',
          en: 'One bill for each pupil in service of that grade or class (and those below it); a pupil who has this bill already gets no second.',
        },
        done: { 'zh-CN': '账单已生成', en: 'Bills made' },
        effect: true,
        icon: 'list-checks',
        keywords: ['tuition', 'bill', 'generate', 'xuefei', 'zhangdan', 'shengcheng'],
        toolbar: true,
      },
    ],
  },
};
