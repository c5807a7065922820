import { and, eq, gte, lt, notExists, sql } from 'drizzle-orm';
import { deliverQueued } from '../../outbox/deliver';
import { centsToYuan } from '@shared/engine/schemas';
import { startOfSchoolDay } from '@shared/schoolTime';
import type { AppContext } from '../../context';
import { accounts, members, messages, tenants } from '../../db/schema';
import { inSchool, schoolReads, unscoped, type Worker } from '../../db/work';
import { schoolZone } from '../schools/settings';
import { messageFromTemplate } from './delivery';

/** Below this (cash, subsidy and gift together) a balance is low, unless the job names another line. */
export const LOW_BALANCE_CENTS = 1000;

/**
 * 余额不足提醒: every school's members in service whose open account holds less than the line are
 * told through the school's LOW_BALANCE template (their parents, or themselves for staff without
 * parents), once a school day — a second run the same day tells no one twice.
 */
export async function remindLowBalances(context: AppContext, thresholdCents = LOW_BALANCE_CENTS): Promise<number> {
  const schools = unscoped(context.db, 'messages: the low-balance job reminds every school’s members');
  let told = 0;
  for (const { id: tenantId } of await schools.select({ id: tenants.id }).from(tenants)) {
    const worker: Worker = { tenantId, username: 'system' };
    const reads = schoolReads(context.db, worker);
    const dayStart = startOfSchoolDay(await schoolZone(reads.tx, tenantId));
    const balance = sql`${accounts.cash} + ${accounts.subsidy} + ${accounts.gift}`;
    // Told today already (a message kept, deleted or not): not again.
    const toldToday = reads.tx
      .select({ one: sql`1` })
      .from(messages)
      .where(and(reads.school(messages, { deleted: true }), eq(messages.memberId, members.id), eq(messages.templateCode, 'LOW_BALANCE'), gte(messages.createdAt, dayStart)));
    const low = await reads.tx
      .select({ memberId: members.id, name: members.realName, balance: sql<string>`(${balance})::text` })
      .from(accounts)
      .innerJoin(members, eq(members.id, accounts.memberId))
      .where(and(reads.school(accounts), eq(accounts.accountStatus, '1'), eq(members.memberStatus, '1'), lt(balance, thresholdCents), notExists(toldToday)));
    for (const row of low) {
      const queued = await inSchool(context.db, worker, async (work) => {
        const message = await messageFromTemplate(work, {
          code: 'LOW_BALANCE',
          memberId: row.memberId,
          values: { name: row.name, balance: centsToYuan(Number(row.balance)).toFixed(2), threshold: centsToYuan(thresholdCents).toFixed(2) },
        });
        return message ? work.later(message) : null;
      });
      // No template running in this school: no one there is told.
      if (!queued) break;
      await deliverQueued(context, [queued]);
      told += 1;
    }
  }
  return told;
}
