import { withTargets } from './admin';
import { defineCommand, type RunContext } from './types';

const EXPIRING_SCREEN = '/payments/expiring';
/** The entity and its permission prefix behind each kind of bill 到期账单 lists. */
const KINDS: Readonly<Record<string, { entity: string; prefix: string }>> = {
  tuition: { entity: 'members.tuitionBill', prefix: 'tuition' },
  water: { entity: 'payments.waterBill', prefix: 'waterBill' },
  electric: { entity: 'payments.electricBill', prefix: 'electricBill' },
  property: { entity: 'payments.propertyBill', prefix: 'propertyBill' },
};
const PROPERTY_SCREEN = '/payments/property';

/** Runs a bill action on the selected bills, kind by kind, through each kind's own flow (its rules and history). */
async function byKind(ids: readonly string[], { app, selection }: RunContext, action: string): Promise<void> {
  const kinds = new Map<string, string[]>();
  for (const id of ids) {
    const row = selection.find((candidate) => (candidate as { id?: unknown }).id === id) as { billKind?: string } | undefined;
    const kind = row?.billKind;
    if (kind && KINDS[kind]) kinds.set(kind, [...(kinds.get(kind) ?? []), id]);
  }
  for (const [kind, chosen] of kinds) await app.records.runFlowAction(KINDS[kind]!.entity, action, chosen);
}

const codes = (action: string) =>
  Object.values(KINDS)
    .map((kind) => `${kind.prefix}:${action}`)
    .join(',');

/** 到期账单's 催缴 and 延期, on bills of any kind at once; 物业费缴纳's 批量生成. */
export const paymentCommands = [
  defineCommand({
    id: 'expiringBill.remind',
    title: { 'zh-CN': '催缴', en: 'Remind' },
    keywords: ['bill', 'due', 'remind', 'daoqi', 'cuijiao'],
    section: 'rows',
    icon: 'bell',
    permission: codes('remind'),
    screen: EXPIRING_SCREEN,
    mutates: true,
    when: (ctx) => ctx.pathname === EXPIRING_SCREEN,
    run: withTargets(false, (ids, ctx) => byKind(ids, ctx, 'remind')),
  }),
  defineCommand({
    id: 'expiringBill.extend',
    title: { 'zh-CN': '延期', en: 'Extend' },
    keywords: ['bill', 'due', 'extend', 'daoqi', 'yanqi'],
    section: 'rows',
    icon: 'calendar-days',
    permission: codes('extend'),
    screen: EXPIRING_SCREEN,
    mutates: true,
    when: (ctx) => ctx.pathname === EXPIRING_SCREEN,
    run: withTargets(false, (ids, ctx) => byKind(ids, ctx, 'extend')),
  }),
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
