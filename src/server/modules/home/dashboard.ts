import { LOW_BALANCE_CENTS } from '../messages/lowBalances';
import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import type { DashboardAnswer } from '@shared/dashboard';
import { actionState, menuCodeForPath } from '@shared/permissions';
import { addDays, dayIn, parseSchoolTime } from '@shared/schoolTime';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/rows';
import { accounts, cards, ledgerTransactions, mealCanteens, mealOrders, members } from '../../db/schema';
import { schoolReads, type Work } from '../../db/work';
import { authOf } from '../../http/auth';
import { pendingFor } from './pending';
import { ok } from '../../http/envelope';
import { schoolZone } from '../schools/settings';

/** Below this (cash, subsidy and gift together) a card is 余额不足: the home page names them. */

/** Today's and yesterday's sums of postings of some kinds, by the school's day they were posted. */
async function twoDays(work: Work, zone: string, types: readonly string[], since: Date): Promise<Map<string, { amount: number; count: number }>> {
  const day = sql.raw(`(posted_at at time zone '${zone.replaceAll("'", "''")}')::date`);
  // Payments (消费) or top-ups (充值) and their reversals: each kind has its own index by posting time.
  const rows = await rowsOf<{ day: string; amount: string; count: number }>(
    work.tx,
    sql`select to_char(${day}, 'YYYY-MM-DD') as day,
        sum(case when txn_type in ('CONSUME', 'RECHARGE') then amount_cents else -amount_cents end)::text as amount,
        (count(*) filter (where txn_type in ('CONSUME', 'RECHARGE')))::int as count
      from fin_txn where ${work.school(ledgerTransactions)} and txn_type in (${sql.join(
        types.map((type) => sql`${type}`),
        sql`, `,
      )}) and posted_at >= ${since.toISOString()}::timestamptz
      group by 1`,
  );
  return new Map(rows.map((row) => [row.day, { amount: Number(row.amount), count: row.count }]));
}

/**
 * 首页 (analysis): the school's day at a glance — today's spending and top-ups against yesterday's,
 * cards in use, meals served per canteen, cards running low, and the approvals waiting for this
 * user. Each part only for those whose permissions cover it.
 */
export function dashboardRoutes(api: FastifyInstance, context: AppContext): void {
  api.get('/home/dashboard', { config: { self: true, schoolWide: true } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const has = (path: string) => actionState(menuCodeForPath(path), caller) === 'shown';
    const zone = await schoolZone(work.tx, work.tenantId);
    const today = dayIn(zone);
    const yesterday = addDays(today, -1);
    const since = parseSchoolTime(zone, `${yesterday} 00:00:00`)!;
    const answer: DashboardAnswer = { today, pending: await pendingFor(work, caller) };

    if (has('/payments/consumption') || has('/payments/charges')) {
      const spent = has('/payments/consumption') ? await twoDays(work, zone, ['CONSUME', 'CONSUME_REFUND'], since) : null;
      const topped = has('/payments/charges') ? await twoDays(work, zone, ['RECHARGE', 'RECHARGE_REVERSAL'], since) : null;
      const zero = { amount: 0, count: 0 };
      answer.money = {
        ...(spent ? { consume: { today: spent.get(today) ?? zero, yesterday: spent.get(yesterday) ?? zero } } : {}),
        ...(topped ? { recharge: { today: topped.get(today) ?? zero, yesterday: topped.get(yesterday) ?? zero } } : {}),
      };
    }
    if (has('/members/cards')) {
      answer.activeCards = await work.count(cards, eq(cards.cardStatus, '1'));
    }
    if (has('/payments/consumption')) {
      // Served today: orders collected, and payments at the canteens' terminals and counters.
      const orders = await work.tx
        .select({ canteenId: mealOrders.canteenId, n: count() })
        .from(mealOrders)
        .where(and(work.school(mealOrders), eq(mealOrders.diningDate, today), eq(mealOrders.status, '2')))
        .groupBy(mealOrders.canteenId);
      const start = parseSchoolTime(zone, `${today} 00:00:00`)!;
      const paid = await rowsOf<{ canteen_id: string | null; n: number }>(
        work.tx,
        sql`select canteen_id, count(*)::int as n from fin_txn where ${work.school(ledgerTransactions)} and txn_type = 'CONSUME' and posted_at >= ${start.toISOString()}::timestamptz group by 1`,
      );
      const names = await work.tx.select({ id: mealCanteens.id, name: mealCanteens.name }).from(mealCanteens).where(work.school(mealCanteens)).orderBy(asc(mealCanteens.name));
      answer.canteens = names.map((canteen) => ({
        name: canteen.name,
        ordersServed: orders.find((row) => row.canteenId === canteen.id)?.n ?? 0,
        payments: paid.find((row) => row.canteen_id === canteen.id)?.n ?? 0,
      }));
    }
    if (has('/members/accounts')) {
      const low = and(work.school(accounts), eq(accounts.accountStatus, '1'), lt(sql`${accounts.cash} + ${accounts.subsidy} + ${accounts.gift}`, LOW_BALANCE_CENTS));
      const [total] = await work.tx.select({ n: count() }).from(accounts).where(low);
      const lowest = await work.tx
        .select({ memberNo: members.memberNo, name: members.realName, balance: sql<string>`(${accounts.cash} + ${accounts.subsidy} + ${accounts.gift})::text` })
        .from(accounts)
        .innerJoin(members, eq(members.id, accounts.memberId))
        .where(low)
        .orderBy(sql`${accounts.cash} + ${accounts.subsidy} + ${accounts.gift}`, asc(members.memberNo))
        .limit(5);
      answer.lowBalances = { threshold: LOW_BALANCE_CENTS, count: total?.n ?? 0, lowest: lowest.map((row) => ({ memberNo: row.memberNo, name: row.name, balance: Number(row.balance) })) };
    }
    return ok(answer);
  });
}
