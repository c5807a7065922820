import { withTargets } from './admin';
import { defineCommand } from './types';

const CONSUMPTION_SCREEN = '/payments/consumption';
const SUBSIDY_SCREEN = '/members/subsidies';
const TUITION_SCREEN = '/members/tuition';

/** The canteen's day and the card office's workbooks: 按班级报餐 (from 消费记录, where orders are listed), 导入补助名单 and 导入减免名单. */
export const mealCommands = [
  defineCommand({
    id: 'mealOrder.place',
    title: { 'zh-CN': '按班级报餐', en: 'Order meals for a class' },
    keywords: ['order', 'meal', 'class', 'baocan', 'dingcan', 'banji'],
    section: 'rows',
    icon: 'utensils',
    permission: 'mealOrder:place',
    screen: CONSUMPTION_SCREEN,
    mutates: true,
    when: (ctx) => ctx.pathname === CONSUMPTION_SCREEN,
    run: ({ app }) => app.openDialog('mealOrderPlace', {}),
  }),
  defineCommand({
    id: 'subsidy.importItems',
    title: { 'zh-CN': '导入补助名单', en: 'Import subsidy people' },
    keywords: ['subsidy', 'import', 'people', 'workbook', 'excel', 'buzhu', 'daoru', 'mingdan'],
    section: 'rows',
    icon: 'upload',
    permission: 'subsidy:importItems',
    screen: SUBSIDY_SCREEN,
    mutates: true,
    when: (ctx) => ctx.pathname === SUBSIDY_SCREEN,
    // Into the one batch chosen: its people, 学/工号 and 金额 a row.
    run: withTargets(true, ([id], { app }) => app.records.importWorkbook(`/memb/subsidy/importItems?batchId=${encodeURIComponent(id!)}`, '/memb/subsidy/itemsTemplate', '补助名单导入模板.xlsx')),
  }),
  defineCommand({
    id: 'tuition.importWaivers',
    title: { 'zh-CN': '导入减免名单', en: 'Import waivers' },
    keywords: ['tuition', 'waive', 'import', 'workbook', 'excel', 'xuefei', 'jianmian', 'daoru'],
    section: 'rows',
    icon: 'upload',
    permission: 'feeItem:importWaivers',
    screen: TUITION_SCREEN,
    mutates: true,
    when: (ctx) => ctx.pathname === TUITION_SCREEN,
    // Onto the bills of the one fee standard chosen: 学/工号, 减免金额 and 减免原因 a row, each waiting for audit.
    run: withTargets(true, ([id], { app }) => app.records.importWorkbook(`/pay/feeItem/importWaivers?feeItemId=${encodeURIComponent(id!)}`, '/pay/feeItem/waiversTemplate', '减免名单导入模板.xlsx')),
  }),
] as const;
