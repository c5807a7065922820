import type { EntitySpec } from '../../engine/spec';

/**
 * 人员管理: the pupils and staff who hold cards (DOMAIN.md 2.4). The list is filtered by the 人员部门
 * tree on its left; ID numbers are masked in lists and exports.
 */
export const member: EntitySpec = {
  id: 'members.member',
  title: { 'zh-CN': '人员', en: 'Member' },
  api: '/memb/member',
  table: 'memb_member',
  permissionPrefix: 'member',
  screen: { path: '/members/people', component: 'members/MemberList', title: { 'zh-CN': '人员管理', en: 'Members' } },
  operations: ['add', 'edit', 'delete', 'export', 'import'],
  tenantScoped: true,
  labelField: 'realName',
  fields: [
    { key: 'memberNo', type: 'text', title: { 'zh-CN': '学/工号', en: 'Student/staff no.' }, required: true, max: 32, unique: true, query: 'like', sortable: true, width: 120 },
    { key: 'realName', type: 'text', title: { 'zh-CN': '姓名', en: 'Name' }, required: true, max: 30, query: 'like', sortable: true, width: 100 },
    { key: 'sex', type: 'dict', dict: 'sex', dictMode: 'radio', title: { 'zh-CN': '性别', en: 'Gender' }, required: true, default: '1', width: 70 },
    { key: 'memberTypeId', type: 'ref', ref: 'members.memberType', title: { 'zh-CN': '人员类型', en: 'Member type' }, required: true, query: 'eq', width: 100 },
    { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '部门/班级', en: 'Department/class' }, required: true, query: 'in', width: 130 },
    { key: 'memberStatus', type: 'dict', dict: 'member_status', title: { 'zh-CN': '人员状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 110 },
    { key: 'mobile', type: 'text', preset: 'm', title: { 'zh-CN': '手机', en: 'Mobile' }, max: 20, query: 'like', width: 120, restricted: true },
    { key: 'cardNo', type: 'text', title: { 'zh-CN': '卡号', en: 'Card no.' }, joined: true, form: false, width: 110 },
    { key: 'cash', type: 'money', title: { 'zh-CN': '现金余额', en: 'Cash' }, joined: true, form: false, width: 100 },
    { key: 'subsidy', type: 'money', title: { 'zh-CN': '补助余额', en: 'Subsidy' }, joined: true, form: false, width: 100 },
    { key: 'idType', type: 'dict', dict: 'id_type', title: { 'zh-CN': '证件类型', en: 'ID type' }, default: '1', list: false },
    { key: 'idNo', type: 'text', title: { 'zh-CN': '证件号', en: 'ID number' }, max: 30, width: 170 },
    { key: 'boardingType', type: 'dict', dict: 'boarding_type', dictMode: 'radio', title: { 'zh-CN': '住宿类型', en: 'Boarding' }, default: '1', query: 'eq', width: 80 },
    { key: 'mealPlan', type: 'dict', dict: 'meal_plan', title: { 'zh-CN': '就餐类别', en: 'Meal plan' }, default: '1', width: 90 },
    { key: 'dorm', type: 'text', title: { 'zh-CN': '宿舍', en: 'Dormitory' }, max: 30, list: false },
    { key: 'enrollDate', type: 'date', title: { 'zh-CN': '入校日期', en: 'Enrolled' }, query: 'range', sortable: true, width: 100 },
    { key: 'leaveDate', type: 'date', title: { 'zh-CN': '预计离校', en: 'Leaves' }, list: false },
    { key: 'photo', type: 'image', title: { 'zh-CN': '照片', en: 'Photo' }, max: 500, list: false },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 900, columns: 2 },
  picker: { fields: ['memberNo', 'deptId', 'memberTypeId'] },
  // Its card number and balances are its account's and card's.
  alsoShows: ['members.account', 'members.card'],
  defaultSort: { field: 'memberNo', order: 'asc' },
};
