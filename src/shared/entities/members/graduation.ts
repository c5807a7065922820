import type { EntitySpec } from '../../engine/spec';

/**
 * 毕业管理 (DOMAIN.md 2.8, the flow of §16): a graduating year or class leaves. The batch names
 * who (届别, a grade or class and those below it, a member type) and the rules (cash back the way
 * it came, in cash or to income; the deposit refunded or kept; cards cancelled, access revoked,
 * accounts stopped, parents unbound). 预检 lists each person with what they hold and what will
 * happen; 执行 settles each person in the background with one ledger posting (progress on the
 * batch); 重试失败 runs those who could not leave again. The people are below (`graduationItem.ts`).
 */
export const graduation: EntitySpec = {
  id: 'members.graduation',
  title: { 'zh-CN': '毕业批次', en: 'Graduation batch' },
  api: '/memb/graduation',
  table: 'memb_graduation_batch',
  permissionPrefix: 'graduation',
  screen: { path: '/members/graduation', component: 'members/GraduationList', title: { 'zh-CN': '毕业管理', en: 'Graduation' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'billNo', type: 'text', title: { 'zh-CN': '批次号', en: 'Batch no.' }, required: true, max: 20, form: false, query: 'like', sortable: true, width: 150 },
    { key: 'name', type: 'text', title: { 'zh-CN': '批次名称', en: 'Name' }, required: true, max: 50, query: 'like', width: 170 },
    { key: 'gradYear', type: 'number', title: { 'zh-CN': '届别', en: 'Class of' }, required: true, min: 2000, max: 2100, query: 'eq', sortable: true, width: 70 },
    { key: 'deptId', type: 'ref', ref: 'members.department', title: { 'zh-CN': '年级/班级', en: 'Grade or class' }, required: true, query: 'eq', width: 120 },
    { key: 'memberTypeId', type: 'ref', ref: 'members.memberType', title: { 'zh-CN': '人员类型', en: 'Member type' }, width: 90 },
    { key: 'leaveDate', type: 'date', title: { 'zh-CN': '离校日期', en: 'Leaving date' }, required: true, sortable: true, width: 100 },
    { key: 'cashRule', type: 'dict', dict: 'grad_cash_rule', title: { 'zh-CN': '现金余额处理', en: 'Cash balance' }, required: true, default: '2', width: 110 },
    { key: 'depositRule', type: 'dict', dict: 'grad_deposit_rule', dictMode: 'radio', title: { 'zh-CN': '押金处理', en: 'Deposit' }, required: true, default: '1', width: 80 },
    { key: 'cancelCards', type: 'switch', title: { 'zh-CN': '注销卡', en: 'Cancel cards' }, default: true, list: false },
    { key: 'revokeAccess', type: 'switch', title: { 'zh-CN': '撤销门禁', en: 'Revoke access' }, default: true, list: false },
    { key: 'closeAccounts', type: 'switch', title: { 'zh-CN': '停用账户', en: 'Close accounts' }, default: true, list: false },
    { key: 'unbindParents', type: 'switch', title: { 'zh-CN': '解除家长绑定', en: 'Unbind parents' }, default: true, list: false },
    { key: 'status', type: 'dict', dict: 'grad_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '0', form: false, query: 'eq', width: 80 },
    { key: 'persons', type: 'number', title: { 'zh-CN': '人数', en: 'People' }, default: 0, form: false, width: 60 },
    { key: 'done', type: 'number', title: { 'zh-CN': '已处理', en: 'Done' }, default: 0, form: false, width: 70 },
    { key: 'failed', type: 'number', title: { 'zh-CN': '失败', en: 'Failed' }, default: 0, form: false, width: 60 },
    { key: 'cashTotal', type: 'money', title: { 'zh-CN': '现金合计', en: 'Cash' }, max: 100000000, default: 0, form: false, width: 100 },
    { key: 'subsidyTotal', type: 'money', title: { 'zh-CN': '补助合计', en: 'Subsidy' }, max: 100000000, default: 0, form: false, width: 100 },
    { key: 'depositTotal', type: 'money', title: { 'zh-CN': '押金合计', en: 'Deposits' }, max: 100000000, default: 0, form: false, width: 100 },
    { key: 'refundTotal', type: 'money', title: { 'zh-CN': '已退金额', en: 'Paid out' }, max: 100000000, default: 0, form: false, total: true, width: 100 },
    { key: 'checkBy', type: 'text', title: { 'zh-CN': '预检人', en: 'Checked by' }, max: 50, form: false, list: false },
    { key: 'checkTime', type: 'datetime', title: { 'zh-CN': '预检时间', en: 'Checked at' }, form: false, list: false },
    { key: 'runBy', type: 'text', title: { 'zh-CN': '执行人', en: 'Run by' }, max: 50, form: false, width: 80 },
    { key: 'runTime', type: 'datetime', title: { 'zh-CN': '执行时间', en: 'Run at' }, form: false, width: 160 },
    { key: 'finishTime', type: 'datetime', title: { 'zh-CN': '完成时间', en: 'Finished at' }, form: false, list: false },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'billNo', order: 'desc' },
  flow: {
    status: ['status'],
    editable: { status: ['0', '1'] },
    actions: [
      {
        id: 'precheck',
        title: { 'zh-CN': '预检', en: 'Check' },
        from: { status: ['0', '1'] },
        to: { status: '1' },
        stamps: { by: 'checkBy', at: 'checkTime' },
        show: ['name', 'gradYear', 'deptId', 'leaveDate'],
        confirm: {
          'zh-CN': '列出该年级/班级（含下级）的在校人员：现金、补助、押金、未注销的卡、离校后的订餐，以及执行时将如何处理。可多次预检。',
          en: 'Lists the people in service of that grade or class (and those below it): their cash, subsidy, deposit, live cards and meal orders after leaving, and what running will do. It may be run again.',
        },
        done: { 'zh-CN': '预检完成', en: 'Checked' },
        effect: true,
        icon: 'list-checks',
        keywords: ['graduation', 'check', 'biye', 'yujian'],
        toolbar: true,
      },
      {
        id: 'run',
        title: { 'zh-CN': '执行', en: 'Run' },
        from: { status: ['1'] },
        to: { status: '2' },
        stamps: { by: 'runBy', at: 'runTime' },
        retype: 'persons',
        show: ['name', 'persons', 'cashTotal', 'subsidyTotal', 'depositTotal', 'cashRule', 'depositRule'],
        confirm: {
          'zh-CN': '每人一笔结算（补助清零、现金与押金按规则处理），注销卡、停用账户，人员标为已毕业，在后台进行。请再次输入人数确认。',
          en: 'One settlement per person (subsidy cleared, cash and deposit as the rules say), cards cancelled, accounts closed, people marked graduated — in the background. Type the number of people again to confirm.',
        },
        done: { 'zh-CN': '已开始执行', en: 'Running' },
        effect: true,
        icon: 'graduation-cap',
        keywords: ['graduation', 'run', 'execute', 'biye', 'zhixing'],
        toolbar: true,
      },
      {
        id: 'retry',
        title: { 'zh-CN': '重试失败', en: 'Retry failed' },
        // 处理中 too: a run a restart cut short goes on.
        from: { status: ['2', '4'] },
        to: { status: '2' },
        show: ['name', 'persons', 'done', 'failed'],
        confirm: {
          'zh-CN': '失败的人员重新处理，中断的批次继续处理（已成功的不会重复结算）。',
          en: 'The people who failed are run again and an interrupted run goes on (those done are never settled twice).',
        },
        done: { 'zh-CN': '已开始重试', en: 'Retrying' },
        effect: true,
        icon: 'rotate-cw',
        keywords: ['graduation', 'retry', 'biye', 'chongshi'],
        toolbar: true,
      },
    ],
  },
};
