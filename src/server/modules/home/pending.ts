import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PendingWork } from '@shared/dashboard';
import type { EntitySpec } from '@shared/engine/spec';
import { flowActionCode, flowActionOf } from '@shared/engine/flow';
import { adjustment } from '@shared/entities/members/adjustment';
import { leave } from '@shared/entities/members/leave';
import { stopMeal } from '@shared/entities/members/stopMeal';
import { subsidy } from '@shared/entities/members/subsidy';
import { tuitionBill } from '@shared/entities/members/tuitionBill';
import { mealLeaveRefund } from '@shared/entities/payments/mealLeaveRefund';
import { propertyBill } from '@shared/entities/payments/propertyBill';
import { purchase } from '@shared/entities/supply/purchase';
import { shipment } from '@shared/entities/supply/shipment';
import { supplyReturn } from '@shared/entities/supply/supplyReturn';
import { actionState } from '@shared/permissions';
import { adjustments, leaves, mealLeaveRefunds, mealStops, propertyBills, purchases, stockOuts, subsidyBatches, supplyReturns, tuitionBills } from '../../db/schema';
import type { SchoolTable, Work } from '../../db/work';
import type { AuthContext } from '../../http/auth';

interface Waiting {
  kind: PendingWork['kind'];
  spec: EntitySpec;
  /** The flow action that decides it (审批, 审核), whose code the user must hold. */
  action: string;
  table: SchoolTable;
  /** The records waiting for it (of the school's live ones). */
  waiting: SQL | undefined;
  /** Who made or asked for it: never decided by them (maker ≠ checker). */
  makers: readonly PgColumn[];
}

const KINDS: readonly Waiting[] = [
  { kind: 'leave', spec: leave, action: 'approve', table: leaves, waiting: eq(leaves.approveStatus, '0'), makers: [] },
  { kind: 'stopMeal', spec: stopMeal, action: 'audit', table: mealStops, waiting: eq(mealStops.status, '0'), makers: [] },
  {
    kind: 'subsidy',
    spec: subsidy,
    action: 'audit',
    table: subsidyBatches,
    waiting: eq(subsidyBatches.auditStatus, '1'),
    makers: [subsidyBatches.createBy, subsidyBatches.submitBy],
  },
  { kind: 'purchase', spec: purchase, action: 'audit', table: purchases, waiting: eq(purchases.auditStatus, '1'), makers: [purchases.createBy, purchases.submitBy] },
  { kind: 'shipment', spec: shipment, action: 'audit', table: stockOuts, waiting: eq(stockOuts.auditStatus, '1'), makers: [stockOuts.createBy, stockOuts.submitBy] },
  {
    kind: 'supplyReturn',
    spec: supplyReturn,
    action: 'audit',
    table: supplyReturns,
    waiting: eq(supplyReturns.auditStatus, '1'),
    makers: [supplyReturns.createBy, supplyReturns.submitBy],
  },
  { kind: 'adjustment', spec: adjustment, action: 'approve', table: adjustments, waiting: eq(adjustments.status, '0'), makers: [adjustments.createBy] },
  {
    kind: 'tuitionWaiver',
    spec: tuitionBill,
    action: 'approveWaive',
    table: tuitionBills,
    waiting: eq(tuitionBills.waiveStatus, '1'),
    makers: [tuitionBills.waiveBy],
  },
  {
    kind: 'propertyWaiver',
    spec: propertyBill,
    action: 'approveWaive',
    table: propertyBills,
    waiting: eq(propertyBills.waiveStatus, '1'),
    makers: [propertyBills.waiveBy],
  },
  {
    kind: 'leaveRefund',
    spec: mealLeaveRefund,
    action: 'approve',
    table: mealLeaveRefunds,
    waiting: eq(mealLeaveRefunds.status, '1'),
    makers: [mealLeaveRefunds.adjustBy],
  },
];

/** The work waiting for this user's decision: only kinds they may decide, never their own. */
export async function pendingFor(work: Work, caller: AuthContext): Promise<PendingWork[]> {
  const pending: PendingWork[] = [];
  for (const { kind, spec, action, table, waiting, makers } of KINDS) {
    // The code of the flow action that decides it, as its button and route require it.
    if (actionState(flowActionCode(spec, flowActionOf(spec, action)), caller) !== 'shown') continue;
    const n = await work.count(table, and(waiting, ...makers.map((maker) => or(sql`${maker} is null`, ne(maker, work.username)))));
    if (n) pending.push({ kind, path: spec.screen.path, count: n });
  }
  return pending;
}
