import { sharedAreas, type AreaBillKind } from '@shared/areas';
import { withTargets } from './admin';
import { defineCommand, type RunContext } from './types';

const EXPIRING_SCREEN = '/payments/expiring';
/** The product's kinds of bill 到期账单 lists, with the entity and permission prefix behind each; the areas add theirs (`SharedArea.billKinds`). */
const PRODUCT_KINDS: readonly AreaBillKind[] = [
  { kind: 'tuition', entity: 'members.tuitionBill', prefix: 'tuition' },
  { kind: 'water', entity: 'payments.waterBill', prefix: 'waterBill' },
  { kind: 'electric', entity: 'payments.electricBill', prefix: 'electricBill' },
];
let kinds: ReadonlyMap<string, AreaBillKind> | null = null;
const billKinds = () => (kinds ??= new Map([...PRODUCT_KINDS, ...sharedAreas().flatMap((area) => area.billKinds ?? [])].map((kind) => [kind.kind, kind])));

/** Runs a bill action on the selected bills, kind by kind, through each kind's own flow (its rules and history). */
async function byKind(ids: readonly string[], { app, selection }: RunContext, action: string): Promise<void> {
  const chosen = new Map<string, string[]>();
  for (const id of ids) {
    const row = selection.find((candidate) => (candidate as { id?: unknown }).id === id) as { billKind?: string } | undefined;
    const kind = row?.billKind;
    if (kind && billKinds().has(kind)) chosen.set(kind, [...(chosen.get(kind) ?? []), id]);
  }
  for (const [kind, ids] of chosen) await app.records.runFlowAction(billKinds().get(kind)!.entity, action, ids);
}

const codes = (action: string) => [...billKinds().values()].map((kind) => `${kind.prefix}:${action}`).join(',');

/** 到期账单's 催缴 and 延期, on bills of any kind at once. */
export const paymentCommands = [
  defineCommand({
    id: 'expiringBill.remind',
    title: { 'zh-CN': '催缴', en: 'Remind' },
    keywords: ['bill', 'due', 'remind', 'daoqi', 'cuijiao'],
    section: 'rows',
    icon: 'bell',
    // Read when the palette asks (after the areas are installed).
    get permission() {
      return codes('remind');
    },
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
    get permission() {
      return codes('extend');
    },
    screen: EXPIRING_SCREEN,
    mutates: true,
    when: (ctx) => ctx.pathname === EXPIRING_SCREEN,
    run: withTargets(false, (ids, ctx) => byKind(ids, ctx, 'extend')),
  }),
] as const;
