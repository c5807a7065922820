import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import type { Database } from '../../db/client';
import { visitorBlocks, visitors } from '../../db/schema';
import { alive, unscoped, type Work } from '../../db/work';
import { badRequest } from '../../http/envelope';
import { schoolMidnightOf } from '../schools/settings';

/** visitor_status: 0 待审核 · 1 已通过 · 2 已拒绝 · 3 已到访 · 4 已离开 · 5 已过期 · 6 已取消. */
export const WAITING = '0';
export const APPROVED = '1';
export const REJECTED = '2';
const EXPIRED = '5';

/** Whether the gate refuses this person: their mobile or ID number is on the school's blacklist. */
export async function blocked(work: Work, mobile: unknown, idNo: unknown): Promise<boolean> {
  const matches = [typeof mobile === 'string' && mobile ? eq(visitorBlocks.mobile, mobile) : undefined, typeof idNo === 'string' && idNo ? eq(visitorBlocks.idNo, idNo) : undefined].filter(
    (condition) => condition !== undefined,
  );
  if (!matches.length) return false;
  const [found] = await work.rows(visitorBlocks, or(...matches), { limit: 1 });
  return Boolean(found);
}

/**
 * 已过期: a booking neither checked in nor cancelled by the end of its day (the school's day, as the
 * ledger's accounting date). The scheduled job 访客预约过期 runs it (every ten minutes as seeded).
 */
export async function expireVisits(db: Database): Promise<number> {
  const expired = await unscoped(db, 'visitors: the job expires every school’s bookings past their day')
    .update(visitors)
    .set({ visitStatus: EXPIRED, updatedAt: new Date(), updateBy: 'system' })
    .where(and(inArray(visitors.visitStatus, [WAITING, APPROVED]), lt(visitors.visitTime, schoolMidnightOf(sql`${visitors.tenantId}`)), alive(visitors)))
    .returning({ id: visitors.id });
  return expired.length;
}

/** A visit's registration is edited only before the visitor arrives; its steps are the flow's actions (visitor.actions.ts). */
export const visitorHooks: EntityHooks = {
  async beforeSave({ work, values, before }) {
    if (before && before.visitStatus !== WAITING && before.visitStatus !== APPROVED)
      throw badRequest('该访客已到访或已结束，不能修改登记信息', 'This visit has begun or ended: its registration cannot be changed');
    if (await blocked(work, values.mobile ?? before?.mobile, values.idNo ?? before?.idNo))
      throw badRequest('该访客已被列入黑名单，不能登记', 'This visitor is on the blacklist and cannot be registered');
  },
};
