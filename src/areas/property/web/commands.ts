import { defineCommand } from '@commands/types';

const PROPERTY_SCREEN = '/payments/property';

/** 物业费缴纳's 批量生成: bills for many houses at once. */
export const propertyCommands = [
  defineCommand({
    id: 'propertyBill.generate',
    title: { 'zh-CN': '批量生成', en: 'Generate in batch' },
    keywords: ['property', 'fee', 'bill', 'generate', 'batch', 'wuyefei', 'piliang', 'shengcheng'],
    section: 'rows',
    icon: 'receipt',
    permission: 'propertyBill:generate',
    screen: PROPERTY_SCREEN,
    mutates: true,
    when: (ctx) => ctx.pathname === PROPERTY_SCREEN,
    run: ({ app }) => app.openDialog('propertyGenerate', {}),
  }),
] as const;
