import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { PendingWork } from '@shared/dashboard';
import { flowActionCode, flowActionOf } from '@shared/engine/flow';
import { adjustment } from '@shared/entities/members/adjustment';
import { leave } from '@shared/entities/members/leave';
import { stopMeal } from '@shared/entities/members/stopMeal';
import { subsidy } from '@shared/entities/members/subsidy';
import { tuitionBill } from '@shared/entities/members/tuitionBill';
import { mealLeaveRefund } from '@shared/entities/payments/mealLeaveRefund';
import { actionState } from '@shared/permissions';
import { adjustments, leaves, mealLeaveRefunds, mealStops, subsidyBatches, tuitionBills } from '../../db/schema';
import type { Work } from '../../db/work';
import type { AuthContext } from '../../http/auth';
import { serverAreas, type Approval } from '../../registry/areas';

/** The product's approvals; each area adds its own (`ServerArea.approvals`). */
const PRODUCT_APPROVALS: readonly Approval[] = [
  { title: { 'zh-CN': '请假待审批', en: 'Leave to approve' }, spec: leave, action: 'approve', table: leaves, waiting: eq(leaves.approveStatus, '0'), makers: [] },
  { title: { 'zh-CN': '停餐待审核', en: 'Meal stops to audit' }, spec: stopMeal, action: 'audit', table: mealStops, waiting: eq(mealStops.status, '0'), makers: [] },
  {
    title: { 'zh-CN': '补助批次待审核', en: 'Subsidy batches to audit' },
    spec: subsidy,
    action: 'audit',
    table: subsidyBatches,
    waiting: eq(subsidyBatches.auditStatus, '1'),
    makers: [subsidyBatches.createBy, subsidyBatches.submitBy],
  },
  { title: { 'zh-CN': '调账待审核', en: 'Adjustments to audit' }, spec: adjustment, action: 'approve', table: adjustments, waiting: eq(adjustments.status, '0'), makers: [adjustments.createBy] },
  {
    title: { 'zh-CN': '学费减免待审核', en: 'Tuition waivers to audit' },
    spec: tuitionBill,
    action: 'approveWaive',
    table: tuitionBills,
    waiting: eq(tuitionBills.waiveStatus, '1'),
    makers: [tuitionBills.waiveBy],
  },
  {
    title: { 'zh-CN': '请假退餐费待审核', en: 'Meal-leave refunds to audit' },
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
  for (const { title, spec, action, table, waiting, makers } of [...PRODUCT_APPROVALS, ...serverAreas().flatMap((area) => area.approvals ?? [])]) {
    // The code of the flow action that decides it, as its button and route require it.
    if (actionState(flowActionCode(spec, flowActionOf(spec, action)), caller) !== 'shown') continue;
    const n = await work.count(table, and(waiting, ...makers.map((maker) => or(sql`${maker} is null`, ne(maker, work.username)))));
    if (n) pending.push({ kind: `${spec.id}.${action}`, title, path: spec.screen.path, count: n });
  }
  return pending;
}
