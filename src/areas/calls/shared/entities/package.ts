import type { EntitySpec } from '@shared/engine/spec';

/**
 * 通话套餐 (DOMAIN.md §12): what the school sells for the family phones — voice, video or both, so
 * many minutes a month, at a price for so many months. 开通 subscribes a pupil (a bill paid from
 * the card); a package off sale (下架) takes no new subscriptions, those running keep theirs.
 * package_status: 1 上架 · 0 下架.
 */
export const callPackage = {
  id: 'calls.package',
  title: { 'zh-CN': '通话套餐', en: 'Call package' },
  api: '/call/package',
  table: 'call_package',
  permissionPrefix: 'callPackage',
  screen: { path: '/calls/packages', component: 'calls/CallPackageList', title: { 'zh-CN': '通话套餐', en: 'Call packages' } },
  operations: ['add', 'edit', 'delete', 'export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '套餐名称', en: 'Name' }, required: true, unique: true, max: 40, query: 'like', width: 160 },
    { key: 'kind', type: 'dict', dict: 'call_kind', title: { 'zh-CN': '类型', en: 'Kind' }, required: true, default: '1', query: 'eq', width: 100 },
    { key: 'monthlyMinutes', type: 'number', title: { 'zh-CN': '每月分钟数', en: 'Minutes a month' }, required: true, min: 1, max: 10000, width: 100 },
    { key: 'price', type: 'money', title: { 'zh-CN': '价格(元)', en: 'Price' }, required: true, min: 0.01, max: 10000, width: 90 },
    { key: 'validMonths', type: 'number', title: { 'zh-CN': '有效期(月)', en: 'Months' }, required: true, min: 1, max: 24, default: 1, width: 90 },
    { key: 'deviceTypes', type: 'dict', dict: 'call_device', dictMode: 'multi', title: { 'zh-CN': '适用话机', en: 'Phones' }, width: 150 },
    { key: 'status', type: 'dict', dict: 'package_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '1', form: false, query: 'eq', width: 70 },
    { key: 'remark', type: 'text', title: { 'zh-CN': '说明', en: 'Notes' }, max: 200, width: 180 },
  ],
  form: { width: 620, columns: 2 },
  defaultSort: { field: 'price', order: 'asc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'subscribe',
        title: { 'zh-CN': '开通', en: 'Subscribe' },
        from: { status: ['1'] },
        input: [{ key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '学生', en: 'Pupil' }, required: true }],
        show: ['monthlyMinutes', 'price', 'validMonths'],
        confirm: {
          'zh-CN': '为该学生生成套餐账单（从今天起，或接在其生效套餐之后），在下方套餐订购中用卡余额缴费后生效。',
          en: 'Makes the package bill for the pupil (from today, or after the package they have); it is live once paid from the card below.',
        },
        done: { 'zh-CN': '已生成套餐账单', en: 'Package bill made' },
        effect: true,
        icon: 'phone',
        keywords: ['call', 'package', 'subscribe', 'taocan', 'kaitong'],
        toolbar: true,
      },
      {
        id: 'offSale',
        title: { 'zh-CN': '下架', en: 'Take off sale' },
        from: { status: ['1'] },
        to: { status: '0' },
        many: true,
        confirm: { 'zh-CN': '下架后不能再开通，已开通的不受影响。', en: 'No new subscriptions; those running keep theirs.' },
        done: { 'zh-CN': '已下架', en: 'Off sale' },
        icon: 'pause',
        keywords: ['call', 'package', 'xiajia'],
      },
      {
        id: 'onSale',
        title: { 'zh-CN': '上架', en: 'Put on sale' },
        from: { status: ['0'] },
        to: { status: '1' },
        many: true,
        confirm: { 'zh-CN': '上架后可以开通。', en: 'It may be subscribed to again.' },
        done: { 'zh-CN': '已上架', en: 'On sale' },
        icon: 'play',
        keywords: ['call', 'package', 'shangjia'],
      },
    ],
  },
} as const satisfies EntitySpec;
