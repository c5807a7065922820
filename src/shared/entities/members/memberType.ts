import type { EntitySpec } from '../../engine/spec';

/**
 * 人员类型与折扣: who a member is (学生, 教职工…) and what that costs and allows — the deposit and
 * card fees charged at issue and replacement, and the spending limits a new account starts with
 * (DOMAIN.md 2.13).
 */
export const memberType: EntitySpec = {
  id: 'members.memberType',
  title: { 'zh-CN': '人员类型', en: 'Member type' },
  api: '/memb/memberType',
  table: 'memb_member_type',
  permissionPrefix: 'memberType',
  screen: { path: '/members/types', component: 'members/MemberTypeList', title: { 'zh-CN': '人员类型与折扣', en: 'Member types and discounts' } },
  operations: ['add', 'edit', 'delete', 'export', 'import'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '类型名称', en: 'Name' }, required: true, max: 30, unique: true, query: 'like', sortable: true, width: 120 },
    { key: 'code', type: 'text', title: { 'zh-CN': '类型编码', en: 'Code' }, required: true, max: 20, preset: 'code', unique: true, sortable: true, width: 110 },
    { key: 'deposit', type: 'money', title: { 'zh-CN': '卡押金', en: 'Card deposit' }, max: 1000, default: 0, width: 90 },
    { key: 'cardFee', type: 'money', title: { 'zh-CN': '卡成本费', en: 'Card fee' }, max: 1000, default: 0, width: 90 },
    { key: 'replaceFee', type: 'money', title: { 'zh-CN': '补卡费', en: 'Replacement fee' }, max: 1000, default: 0, width: 90 },
    { key: 'validMonths', type: 'number', title: { 'zh-CN': '默认有效期（月）', en: 'Valid for (months)' }, min: 1, max: 240, default: 48, width: 120 },
    { key: 'singleLimit', type: 'money', title: { 'zh-CN': '单次限额', en: 'Single limit' }, max: 100000, width: 90 },
    { key: 'dailyLimit', type: 'money', title: { 'zh-CN': '日限额', en: 'Daily limit' }, max: 100000, width: 90 },
    { key: 'dailyLimitCount', type: 'number', title: { 'zh-CN': '日限次', en: 'Daily count limit' }, max: 99, width: 80 },
    { key: 'overLimitPassword', type: 'switch', title: { 'zh-CN': '超限需密码', en: 'PIN over limit' }, default: false, width: 100 },
    { key: 'allowOffline', type: 'switch', title: { 'zh-CN': '允许离线消费', en: 'Offline spending' }, default: true, width: 110 },
    { key: 'allowOverdraft', type: 'switch', title: { 'zh-CN': '允许透支', en: 'Overdraft' }, default: false, width: 90 },
    { key: 'overdraftLimit', type: 'money', title: { 'zh-CN': '透支额度', en: 'Overdraft limit' }, max: 10000, default: 0, width: 90 },
    { key: 'status', type: 'dict', dict: 'valid_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 80 },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'code', order: 'asc' },
};
