import { defineCommand } from './types';

const CONSUMPTION_SCREEN = '/payments/consumption';

/** 报餐/订餐's command beside its flow: 按班级报餐, from 消费记录 where the orders are listed. */
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
] as const;
