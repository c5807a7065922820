import { withTargets } from '@commands/admin';
import { defineCommand } from '@commands/types';

const INVENTORY_SCREEN = '/supply/inventory';

/** 食材供应's commands beside its flows: the 台账 of a stock line. */
export const supplyCommands = [
  defineCommand({
    id: 'stock.ledger',
    title: { 'zh-CN': '库存台账', en: 'Stock ledger' },
    keywords: ['stock', 'ledger', 'moves', 'inventory', 'taizhang', 'kucun'],
    section: 'rows',
    icon: 'list',
    permission: 'supply:inventory',
    screen: INVENTORY_SCREEN,
    when: (ctx) => ctx.pathname === INVENTORY_SCREEN,
    run: withTargets(true, ([id], { app }) => app.openDialog('stockLedger', { id })),
  }),
] as const;
