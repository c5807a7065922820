import { and, eq, lt, sql } from 'drizzle-orm';
import { centsToYuan } from '@shared/engine/schemas';
import { startOfSchoolDay } from '@shared/schoolTime';
import type { AppContext } from '../../context';
import { accounts, members, messages, tenants } from '../../db/schema';
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
  let told = 0;
  for (const { id: tenantId } of await context.db.select({ id: tenants.id }).from(tenants)) {
    const dayStart = startOfSchoolDay(await schoolZone(context.db, tenantId));
    const low = await context.db
      .select({ memberId: members.id, name: members.realName, balance: sql<string>`(${accounts.cash} + ${accounts.subsidy} + ${accounts.gift})::text` })
      .from(accounts)
      .innerJoin(members, eq(members.id, accounts.memberId))
      .where(
        and(
          eq(accounts.tenantId, tenantId),
          eq(accounts.delFlag, 0),
          eq(accounts.accountStatus, '1'),
          eq(members.memberStatus, '1'),
          lt(sql`${accounts.cash} + ${accounts.subsidy} + ${accounts.gift}`, thresholdCents),
          // Told today already: not again.
          sql`not exists (select 1 from ${messages} m where m.tenant_id = ${tenantId} and m.member_id = ${members.id} and m.template_code = 'LOW_BALANCE' and m.create_time >= ${dayStart.toISOString()}::timestamptz)`,
        ),
      );
    for (const row of low) {
      const send = await context.db.transaction((tx) =>
        messageFromTemplate(tx, context, tenantId, {
          code: 'LOW_BALANCE',
          memberId: row.memberId,
          values: { name: row.name, balance: centsToYuan(Number(row.balance)).toFixed(2), threshold: centsToYuan(thresholdCents).toFixed(2) },
        }),
      );
      // No template running in this school: no one there is told.
      if (!send) break;
      await send();
      told += 1;
    }
  }
  return told;
}
