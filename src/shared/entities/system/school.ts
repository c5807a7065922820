import type { EntitySpec } from '../../engine/spec';

/**
 * 学校管理's schools as the flow engine sees them: 冻结 and 解冻 (tenant_status: 1 正常, 0 冻结) on the
 * family's paths. The screen, its list and its form are the platform's own (schools carry settings
 * and users no plain field has), so this declaration serves the flow only — it is not among the
 * engine's entities.
 */
export const school: EntitySpec = {
  id: 'system.school',
  title: { 'zh-CN': '学校', en: 'School' },
  api: '/sys/tenant',
  table: 'tenants',
  permissionPrefix: 'tenant',
  screen: { path: '/system/schools', component: 'system/SchoolList', title: { 'zh-CN': '学校管理', en: 'Schools' } },
  operations: [],
  tenantScoped: false,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '学校名称', en: 'School' }, required: true, max: 100 },
    { key: 'status', type: 'dict', dict: 'tenant_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true },
  ],
  form: { width: 600, columns: 1 },
  defaultSort: { field: 'name', order: 'asc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'freeze',
        title: { 'zh-CN': '冻结学校', en: 'Freeze a school' },
        from: { status: ['1'] },
        confirm: {
          'zh-CN': '冻结后该校所有用户立即退出，且无法登录，直到解冻。确定冻结？',
          en: 'Every user of a frozen school is signed out at once and cannot sign in until it is unfrozen. Freeze it?',
        },
        done: { 'zh-CN': '冻结成功！', en: 'Frozen' },
        effect: true,
        toolbar: true,
        icon: 'lock',
        keywords: ['school', 'tenant', 'freeze', 'xuexiao', 'dongjie'],
      },
      {
        id: 'unfreeze',
        title: { 'zh-CN': '解冻学校', en: 'Unfreeze a school' },
        from: { status: ['0'] },
        confirm: { 'zh-CN': '解冻后该校用户可以重新登录。确定解冻？', en: 'Its users can sign in again. Unfreeze the school?' },
        done: { 'zh-CN': '解冻成功！', en: 'Unfrozen' },
        effect: true,
        toolbar: true,
        permission: 'tenant:freeze',
        icon: 'lock-open',
        keywords: ['school', 'tenant', 'unfreeze', 'xuexiao', 'jiedong'],
      },
    ],
  },
};
