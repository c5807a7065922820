import type { EntitySpec } from '../../engine/spec';

/**
 * 报餐/订餐 (DOMAIN.md 6.10): a person's meal ordered for a day at a canteen — placed by the class
 * from 消费记录 (or a parent's app) before the meal's deadline, paid when ordered or when served as
 * the meal says, served by the terminal, closed as 未就餐 by the meals job. Orders have no menu of
 * their own: they are listed under 消费记录; 取消 before the cancel deadline owes back what was paid
 * as a refund line for 退款合并.
 */
export const mealOrder: EntitySpec = {
  id: 'meals.order',
  title: { 'zh-CN': '订餐', en: 'Meal order' },
  api: '/meal/order',
  table: 'meal_order',
  permissionPrefix: 'mealOrder',
  screen: { path: '/payments/consumption', component: 'payments/ConsumptionRecordList', title: { 'zh-CN': '消费记录', en: 'Consumption records' } },
  operations: ['export'],
  tenantScoped: true,
  labelField: 'orderNo',
  fields: [
    { key: 'orderNo', type: 'text', title: { 'zh-CN': '订单号', en: 'Order no.' }, required: true, max: 20, form: false, query: 'like', sortable: true, width: 150 },
    { key: 'memberId', type: 'ref', ref: 'members.member', refMode: 'picker', title: { 'zh-CN': '人员', en: 'Member' }, required: true, query: 'eq', width: 100 },
    { key: 'className', type: 'text', title: { 'zh-CN': '班级', en: 'Class' }, max: 50, form: false, query: 'like', width: 120 },
    { key: 'canteenId', type: 'ref', ref: 'meals.canteen', title: { 'zh-CN': '食堂', en: 'Canteen' }, required: true, query: 'eq', width: 120 },
    { key: 'mealType', type: 'dict', dict: 'meal_type', title: { 'zh-CN': '餐次', en: 'Meal' }, required: true, query: 'eq', width: 70 },
    { key: 'diningDate', type: 'date', title: { 'zh-CN': '就餐日期', en: 'Day' }, required: true, query: 'range', sortable: true, width: 110 },
    { key: 'orderWay', type: 'dict', dict: 'order_way', title: { 'zh-CN': '订餐方式', en: 'Ordered by' }, default: '1', width: 90 },
    { key: 'dineWay', type: 'dict', dict: 'dine_way', title: { 'zh-CN': '就餐方式', en: 'Dining' }, default: '1', width: 80 },
    { key: 'quantity', type: 'number', title: { 'zh-CN': '份数', en: 'Portions' }, min: 1, max: 10, default: 1, width: 60 },
    { key: 'amount', type: 'money', title: { 'zh-CN': '金额', en: 'Amount' }, required: true, max: 10000, form: false, total: true, width: 90 },
    { key: 'chargeMode', type: 'dict', dict: 'meal_charge_mode', title: { 'zh-CN': '扣费方式', en: 'Charged' }, required: true, form: false, width: 90 },
    { key: 'status', type: 'dict', dict: 'order_status', title: { 'zh-CN': '状态', en: 'Status' }, default: '1', form: false, query: 'eq', width: 80 },
    { key: 'servedAt', type: 'datetime', title: { 'zh-CN': '取餐时间', en: 'Served at' }, form: false, width: 160 },
    { key: 'cancelTime', type: 'datetime', title: { 'zh-CN': '取消时间', en: 'Cancelled at' }, form: false, list: false },
    { key: 'cancelReason', type: 'text', title: { 'zh-CN': '取消原因', en: 'Why cancelled' }, max: 100, form: false, width: 140 },
    { key: 'remark', type: 'text', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, form: false, width: 140 },
  ],
  form: { width: 800, columns: 2 },
  defaultSort: { field: 'diningDate', order: 'desc' },
  flow: {
    status: ['status'],
    actions: [
      {
        id: 'cancel',
        title: { 'zh-CN': '取消订餐', en: 'Cancel order' },
        from: { status: ['1'] },
        to: { status: '4' },
        many: true,
        input: [{ key: 'cancelReason', type: 'text', title: { 'zh-CN': '取消原因', en: 'Reason' }, max: 100 }],
        show: ['memberId', 'canteenId', 'mealType', 'diningDate', 'amount'],
        confirm: { 'zh-CN': '取消后该餐不再供应；已扣的餐费生成退款明细，经退款合并退回。', en: 'The meal is no longer served; what was paid becomes a refund line, paid back through 退款合并.' },
        done: { 'zh-CN': '已取消订餐', en: 'Order cancelled' },
        effect: true,
        icon: 'x-circle',
        keywords: ['order', 'meal', 'cancel', 'dingcan', 'quxiao'],
        toolbar: true,
      },
    ],
  },
};
