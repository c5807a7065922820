import { and, count, eq, ne, or, sql } from 'drizzle-orm';
import type { PendingWork } from '@shared/dashboard';
import type { EntitySpec } from '@shared/engine/spec';
import { flowActionCode, flowActionOf } from '@shared/engine/flow';
import { adjustment } from '@shared/entities/members/adjustment';
import { leave } from '@shared/entities/members/leave';
import { stopMeal } from '@shared/entities/members/stopMeal';
import { subsidy } from '@shared/entities/members/subsidy';
import { purchase } from '@shared/entities/supply/purchase';
import { actionState } from '@shared/permissions';
import type { Database } from '../../db/client';
import { adjustments, leaves, mealStops, purchases, subsidyBatches } from '../../db/schema';
import type { AuthContext } from '../../http/auth';

/** The work waiting for this user's decision: only kinds they may decide, never their own. */
export async function pendingFor(db: Database, caller: AuthContext): Promise<PendingWork[]> {
  // The code of the flow action that decides each kind (审批, 审核), as its button and route require it.
  const may = (spec: EntitySpec, action: string) => actionState(flowActionCode(spec, flowActionOf(spec, action)), caller) === 'shown';
  const me = caller.username;
  const work: PendingWork[] = [];
  const counted = async (kind: PendingWork['kind'], path: string, query: Promise<{ n: number }[]>) => {
    const n = (await query)[0]?.n ?? 0;
    if (n) work.push({ kind, path, count: n });
  };
  if (may(leave, 'approve'))
    await counted(
      'leave',
      leave.screen.path,
      db
        .select({ n: count() })
        .from(leaves)
        .where(and(eq(leaves.tenantId, caller.tenantId), eq(leaves.delFlag, 0), eq(leaves.approveStatus, '0'))),
    );
  if (may(stopMeal, 'audit'))
    await counted(
      'stopMeal',
      stopMeal.screen.path,
      db
        .select({ n: count() })
        .from(mealStops)
        .where(and(eq(mealStops.tenantId, caller.tenantId), eq(mealStops.delFlag, 0), eq(mealStops.status, '0'))),
    );
  if (may(subsidy, 'audit'))
    await counted(
      'subsidy',
      subsidy.screen.path,
      db
        .select({ n: count() })
        .from(subsidyBatches)
        .where(
          and(
            eq(subsidyBatches.tenantId, caller.tenantId),
            eq(subsidyBatches.delFlag, 0),
            eq(subsidyBatches.auditStatus, '1'),
            or(sql`${subsidyBatches.createBy} is null`, ne(subsidyBatches.createBy, me)),
            or(sql`${subsidyBatches.submitBy} is null`, ne(subsidyBatches.submitBy, me)),
          ),
        ),
    );
  if (may(purchase, 'audit'))
    await counted(
      'purchase',
      purchase.screen.path,
      db
        .select({ n: count() })
        .from(purchases)
        .where(
          and(
            eq(purchases.tenantId, caller.tenantId),
            eq(purchases.delFlag, 0),
            eq(purchases.auditStatus, '1'),
            or(sql`${purchases.createBy} is null`, ne(purchases.createBy, me)),
            or(sql`${purchases.submitBy} is null`, ne(purchases.submitBy, me)),
          ),
        ),
    );
  if (may(adjustment, 'approve'))
    await counted(
      'adjustment',
      adjustment.screen.path,
      db
        .select({ n: count() })
        .from(adjustments)
        .where(and(eq(adjustments.tenantId, caller.tenantId), eq(adjustments.status, '0'), or(sql`${adjustments.createBy} is null`, ne(adjustments.createBy, me)))),
    );
  return work;
}
