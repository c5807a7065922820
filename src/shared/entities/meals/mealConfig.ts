import type { EntitySpec } from '../../engine/spec';

/**
 * 餐次配置: the meals of a canteen (or the school's default when no canteen is named) with their
 * windows, order and cancel deadlines and prices (DOMAIN.md 6.8). A window ends after it starts
 * (`mealConfig.rules.ts`, run by the form and the server) and the windows of one canteen must not
 * overlap (server hook `mealConfig.hooks.ts`, against the stored windows).
 */
export const mealConfig: EntitySpec = {
  id: 'meals.config',
  title: { 'zh-CN': '餐次', en: 'Meal' },
  api: '/meals/config',
  table: 'meal_config',
  permissionPrefix: 'mealConfig',
  screen: { path: '/meals/config', component: 'meals/MealConfigList', title: { 'zh-CN': '餐次配置', en: 'Meal configuration' } },
  operations: ['add', 'edit', 'delete', 'export', 'import'],
  tenantScoped: true,
  labelField: 'mealName',
  fields: [
    { key: 'mealName', type: 'text', title: { 'zh-CN': '餐次名称', en: 'Meal' }, required: true, max: 20, query: 'like', sortable: true, width: 100 },
    { key: 'mealType', type: 'dict', dict: 'meal_type', title: { 'zh-CN': '餐别', en: 'Meal type' }, required: true, default: '2', query: 'eq', width: 80 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '适用食堂', en: 'Canteen' }, query: 'eq', width: 160 },
    { key: 'startTime', type: 'time', title: { 'zh-CN': '就餐开始', en: 'Starts' }, required: true, sortable: true, width: 90 },
    { key: 'endTime', type: 'time', title: { 'zh-CN': '就餐结束', en: 'Ends' }, required: true, width: 90 },
    { key: 'orderMode', type: 'dict', dict: 'order_mode', title: { 'zh-CN': '报餐方式', en: 'Ordering' }, required: true, default: '1', width: 100 },
    { key: 'advanceDays', type: 'number', title: { 'zh-CN': '提前天数', en: 'Days ahead' }, max: 30, default: 1, width: 90 },
    { key: 'orderDeadline', type: 'time', title: { 'zh-CN': '报餐截止', en: 'Order by' }, required: true, width: 90 },
    { key: 'cancelDeadline', type: 'time', title: { 'zh-CN': '取消截止', en: 'Cancel by' }, width: 90 },
    { key: 'chargeMode', type: 'dict', dict: 'meal_charge_mode', title: { 'zh-CN': '报餐扣费', en: 'Orders paid' }, required: true, default: '1', width: 90 },
    { key: 'standardPrice', type: 'money', title: { 'zh-CN': '标准价', en: 'Price' }, max: 1000, sortable: true, width: 90 },
    { key: 'leaveRefundPrice', type: 'money', title: { 'zh-CN': '退餐单价', en: 'Leave refund a meal' }, max: 1000, width: 90 },
    { key: 'noShowPolicy', type: 'dict', dict: 'no_show_policy', title: { 'zh-CN': '报餐未就餐', en: 'Ordered, not eaten' }, required: true, default: '1', width: 110 },
    { key: 'unorderedPolicy', type: 'dict', dict: 'unordered_policy', title: { 'zh-CN': '未报餐就餐', en: 'Eaten, not ordered' }, required: true, default: '1', width: 110 },
    { key: 'surcharge', type: 'money', title: { 'zh-CN': '未报餐加价', en: 'Surcharge' }, max: 100, width: 100 },
    { key: 'perMealLimit', type: 'number', title: { 'zh-CN': '每人每餐限次', en: 'Per person per meal' }, max: 20, default: 1, width: 110 },
    { key: 'status', type: 'dict', dict: 'valid_status', title: { 'zh-CN': '状态', en: 'Status' }, required: true, default: '1', query: 'eq', width: 80 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'startTime', order: 'asc' },
};
