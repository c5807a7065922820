import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { daysBetween, mealAtClock, orderCutoff } from '@shared/mealOrders';
import { addDays, clockIn, dateTimeIn, dayIn, parseSchoolTime } from '@shared/schoolTime';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { accounts, cards, mealConfigs, mealOrders, mealRefundItems, mealStops, memberDepartments, members, memberTypes } from '../../db/schema';
import { ApiError, badRequest } from '../../http/envelope';
import { inSchool, schoolReads, Work } from '../../db/work';
import { nextBillNo } from '../bills/billNo';
import { ledgerCore, SPEND_ORDER, type AccountRow, type Caller, type Line, type PostedTransaction } from '../ledger/core';
import { schoolZone } from '../schools/settings';

/**
 * 报餐/订餐 (DOMAIN.md 6.10): orders placed before their meal's deadline and paid as the meal says
 * (when ordered, or when served), served by a terminal, cancelled before the cancel deadline or in
 * bulk by a stop-meal — what was paid becomes a refund line for 退款合并 — and, once the meal is
 * over, closed as 未就餐 by the meal's rule.
 */

/** A message in both languages: the caller's is said. */
type Said = readonly [zh: string, en: string];

export type MealConfigRow = typeof mealConfigs.$inferSelect;
export type MealOrderRow = typeof mealOrders.$inferSelect;

/** The meal a canteen serves of a type: its own configuration, else the school's default. */
export async function mealRuleOf(work: Work, canteenId: string, mealType: string): Promise<MealConfigRow | null> {
  const rows = await work.rows(mealConfigs, and(eq(mealConfigs.status, '1'), eq(mealConfigs.mealType, mealType), or(eq(mealConfigs.canteenId, canteenId), isNull(mealConfigs.canteenId))));
  return rows.find((row) => row.canteenId === canteenId) ?? rows[0] ?? null;
}

/** The meals a canteen serves (its own, else the school's default of each type), of the school on `tx`. */
export async function mealsOf(tx: Executor, tenantId: number, canteenId: string | null): Promise<MealConfigRow[]> {
  const rows = await new Work(tx, tenantId, '').rows(
    mealConfigs,
    and(eq(mealConfigs.status, '1'), canteenId ? or(eq(mealConfigs.canteenId, canteenId), isNull(mealConfigs.canteenId)) : isNull(mealConfigs.canteenId)),
    { orderBy: asc(mealConfigs.startTime) },
  );
  const own = new Set(rows.filter((row) => row.canteenId).map((row) => row.mealType));
  return rows.filter((row) => row.canteenId || !own.has(row.mealType));
}

/** The stop-meal in force for a person's meal on a day (生效中, the day within it), by its number. */
export async function stopInForce(work: Work, memberId: string, day: string, mealType: string): Promise<string | null> {
  const [stop] = await work.rows(
    mealStops,
    and(
      eq(mealStops.memberId, memberId),
      eq(mealStops.status, '1'),
      lte(mealStops.startDate, day),
      gte(mealStops.endDate, day),
      sql`position(${`,${mealType},`} in ',' || ${mealStops.mealTypes} || ',') > 0`,
    ),
    { limit: 1 },
  );
  return stop?.billNo ?? null;
}

/** What a member's wallets pay of an amount (subsidy, gift, cash — cash below zero only to the type's 透支额度), or null when short. */
export function spendLines(account: Pick<AccountRow, 'id' | 'cash' | 'subsidy' | 'gift'>, amount: number, overdraft: number): Line[] | null {
  let left = amount;
  const lines: Line[] = [];
  for (const wallet of SPEND_ORDER) {
    const available = wallet === 'CASH' ? Math.max(account.cash + overdraft, 0) : wallet === 'SUBSIDY' ? account.subsidy : account.gift;
    const part = Math.min(left, available);
    if (part > 0) lines.push({ accountRef: account.id, wallet, dc: 'D', amount: part });
    left -= part;
  }
  return left > 0 ? null : lines;
}

/** The overdraft a member's type allows (cents), 0 where it allows none. */
async function overdraftOf(tx: Executor, memberId: string): Promise<number> {
  const [type] = await tx
    .select({ allow: memberTypes.allowOverdraft, limit: memberTypes.overdraftLimit })
    .from(members)
    .innerJoin(memberTypes, eq(memberTypes.id, members.memberTypeId))
    .where(eq(members.id, memberId));
  return type?.allow ? (type.limit ?? 0) : 0;
}

/** An order's price charged now: a consumption of the member's wallets to the canteen (2004), under the account's lock. */
async function chargeOrder(
  tx: Executor,
  core: ReturnType<typeof ledgerCore>,
  caller: Caller,
  input: { key: string; hash: string; account: AccountRow; order: Pick<MealOrderRow, 'memberId' | 'amount' | 'canteenId' | 'mealType' | 'orderNo' | 'diningDate'>; occurredAt?: Date },
): Promise<PostedTransaction> {
  core.mustBeOpen(input.account);
  const spent = spendLines(input.account, input.order.amount, await overdraftOf(tx, input.order.memberId));
  if (!spent) throw badRequest('余额不足', 'Insufficient balance');
  const lines: Line[] = [...spent, { accountRef: '2004', wallet: null, dc: 'C', amount: input.order.amount }];
  return core.post(tx, caller, {
    key: input.key,
    hash: input.hash,
    type: 'CONSUME',
    account: input.account,
    amount: input.order.amount,
    lines,
    meta: {
      canteenId: input.order.canteenId,
      mealType: input.order.mealType,
      summary: `订餐 ${input.order.orderNo}（${input.order.diningDate}）`,
      ...(input.occurredAt ? { occurredAt: input.occurredAt } : {}),
    },
  });
}

/**
 * A cancelled order (by its owner, a stop-meal, a leave) gives back what it paid as a refund line
 * waiting for 退款合并 — one line per order, whichever way it was cancelled.
 */
export async function owedBack(work: Work, order: MealOrderRow, sourceType: string): Promise<number> {
  if (!order.payTxnId) return 0;
  await work.insert(mealRefundItems, {
    id: newId(),
    memberId: order.memberId,
    accountId: order.accountId,
    sourceType,
    sourceNo: order.orderNo,
    sourceId: order.id,
    canteenId: order.canteenId,
    mealType: order.mealType,
    diningDate: order.diningDate,
    amount: order.amount,
  });
  return order.amount;
}

/** Cancels a stop-meal's (or leave's) orders in its window from today on; what they paid becomes refund lines. */
export async function cancelOrdersOfStop(
  work: Work,
  stop: { id: string; billNo: string; memberId: string; startDate: string; endDate: string; mealTypes: string; source: string },
): Promise<{ cancelled: number; refund: number }> {
  const today = dayIn(await schoolZone(work.tx, work.tenantId));
  const from = stop.startDate > today ? stop.startDate : today;
  const meals = stop.mealTypes.split(',').filter(Boolean);
  const live = await work.tx
    .select()
    .from(mealOrders)
    .where(
      and(
        work.school(mealOrders),
        eq(mealOrders.memberId, stop.memberId),
        eq(mealOrders.status, '1'),
        gte(mealOrders.diningDate, from),
        lte(mealOrders.diningDate, stop.endDate),
        inArray(mealOrders.mealType, meals),
      ),
    )
    .for('update');
  let refund = 0;
  const now = new Date();
  for (const order of live) {
    await work.update(mealOrders, { status: '4', stopId: stop.id, cancelTime: now, cancelReason: `停餐 ${stop.billNo}` }, eq(mealOrders.id, order.id));
    refund += await owedBack(work, order, stop.source === '2' ? '2' : '3');
  }
  return { cancelled: live.length, refund };
}

/** What a stop-meal would cancel (its 预计退费): the paid live orders in its window from today on. */
export async function refundOfWindow(work: Work, memberId: string, startDate: string, endDate: string, mealTypes: string): Promise<number> {
  const today = dayIn(await schoolZone(work.tx, work.tenantId));
  const [row] = await work.tx
    .select({ total: sql<string>`coalesce(sum(${mealOrders.amount}) filter (where ${mealOrders.payTxnId} is not null), 0)` })
    .from(mealOrders)
    .where(
      and(
        work.school(mealOrders),
        eq(mealOrders.memberId, memberId),
        eq(mealOrders.status, '1'),
        gte(mealOrders.diningDate, startDate > today ? startDate : today),
        lte(mealOrders.diningDate, endDate),
        inArray(mealOrders.mealType, mealTypes.split(',').filter(Boolean)),
      ),
    );
  return Number(row?.total ?? 0);
}

export interface PlaceOrders {
  memberIds: readonly string[];
  canteenId: string;
  mealType: string;
  dateFrom: string;
  dateTo: string;
  quantity: number;
  dineWay: string;
}

export interface PlacedOrders {
  placed: number;
  /** Of them, paid when placed. */
  charged: number;
  /** Integer cents charged. */
  amount: number;
  skipped: { member: string; day: string; reason: string }[];
}

export function mealOrderService(context: Pick<AppContext, 'db'>) {
  const core = ledgerCore(context.db);

  return {
    /**
     * Orders a meal for people over days (a class's, from the console): each person and day on its
     * own — before the meal's deadline, not while a stop-meal holds, once per meal and day — and
     * paid at once where the meal is paid when ordered. What cannot be placed is said per person.
     */
    async place(caller: Caller & { locale: string }, input: PlaceOrders): Promise<PlacedOrders> {
      const say = (reason: Said) => (caller.locale === 'en' ? reason[1] : reason[0]);
      const reads = schoolReads(context.db, caller);
      const rule = await mealRuleOf(reads, input.canteenId, input.mealType);
      if (!rule) throw badRequest('该食堂没有启用的该餐次，请先在餐次配置中设置', 'This canteen has no such meal in service: set it up under 餐次配置');
      if (!rule.standardPrice) throw badRequest(`餐次「${rule.mealName}」未设置标准价`, `The meal ${rule.mealName} has no price`);
      const zone = await schoolZone(reads.tx, reads.tenantId);
      const now = dateTimeIn(zone).slice(0, 16);
      const days = daysBetween(input.dateFrom, input.dateTo, 31);
      const people = await reads.tx
        .select({ id: members.id, name: members.realName, className: memberDepartments.name, accountId: accounts.id })
        .from(members)
        .leftJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
        // The account in use (a closed one stays beside a reopened one).
        .leftJoin(accounts, and(eq(accounts.memberId, members.id), reads.school(accounts), ne(accounts.accountStatus, '3')))
        .where(and(reads.school(members), inArray(members.id, [...input.memberIds])));
      const result: PlacedOrders = { placed: 0, charged: 0, amount: 0, skipped: [] };
      const skip = (member: string, day: string, reason: Said) => result.skipped.push({ member, day, reason: say(reason) });
      for (const day of days) {
        const cutoff = orderCutoff(rule, day, 'order');
        if (now > cutoff) {
          for (const person of people) skip(person.name, day, [`已过报餐截止时间（${cutoff}）`, `Past the ordering deadline (${cutoff})`]);
          continue;
        }
        for (const person of people) {
          if (!person.accountId) {
            skip(person.name, day, ['该人员未开户', 'This person has no account']);
            continue;
          }
          const id = newId();
          const amount = rule.standardPrice * input.quantity;
          const write = async (work: Work, payTxnId: string | null, orderNo: string) => {
            await work.insert(mealOrders, {
              id,
              orderNo,
              memberId: person.id,
              accountId: person.accountId,
              className: person.className,
              canteenId: input.canteenId,
              mealType: input.mealType,
              diningDate: day,
              dineWay: input.dineWay,
              quantity: input.quantity,
              amount,
              chargeMode: rule.chargeMode,
              payTxnId,
            });
          };
          const checks = async (work: Work) => {
            const stop = await stopInForce(work, person.id, day, input.mealType);
            if (stop) throw badRequest(`已停餐（${stop}）`, `Meals stopped (${stop})`);
          };
          try {
            if (rule.chargeMode === '1') {
              await core.once(caller, `MO${id}`, { op: 'mealOrder', id }, person.accountId, async (tx, account, hash) => {
                // The posting's transaction, already told the caller's school.
                const work = new Work(tx, caller.tenantId, caller.username);
                await checks(work);
                const orderNo = await nextBillNo(tx, caller.tenantId, 'DC');
                const posted = await chargeOrder(tx, core, caller, {
                  key: `MO${id}`,
                  hash,
                  account: account!,
                  order: { memberId: person.id, amount, canteenId: input.canteenId, mealType: input.mealType, orderNo, diningDate: day },
                });
                await write(work, posted.id, orderNo);
                return posted;
              });
              result.charged += 1;
              result.amount += amount;
            } else {
              await inSchool(context.db, caller, async (work) => {
                await checks(work);
                await write(work, null, await nextBillNo(work.tx, work.tenantId, 'DC'));
              });
            }
            result.placed += 1;
          } catch (error) {
            if (isUniqueViolation(error)) skip(person.name, day, ['已报餐', 'Already ordered']);
            else if (error instanceof ApiError && error.status < 500) skip(person.name, day, [error.message, error.en ?? error.message]);
            else throw error;
          }
        }
      }
      return result;
    },

    /**
     * A terminal serves an ordered meal: the card's person, the meal of the device's time at its
     * canteen, no stop-meal in force, an order of that meal and day — paid now where the meal is
     * paid when served. The terminal's record serial answers a retry with the first result.
     */
    async serve(
      caller: Caller,
      input: { serial: string; cardNo: string; canteenId: string | null; terminalId: string; occurredAt: Date },
    ): Promise<{ orderNo: string; mealType: string; amount: number; charged: boolean; replayed: boolean }> {
      const reads = schoolReads(context.db, caller);
      const zone = await schoolZone(reads.tx, reads.tenantId);
      const day = dayIn(zone, input.occurredAt);
      // The card by its number or chip, of any state (a cancelled one last), and its account's person.
      const [card] = await reads.tx
        .select({ memberId: accounts.memberId, cardStatus: cards.cardStatus })
        .from(cards)
        .innerJoin(accounts, eq(accounts.id, cards.accountId))
        .where(and(reads.school(cards, { deleted: true }), or(eq(cards.cardNo, input.cardNo), eq(cards.physNo, input.cardNo))))
        .orderBy(sql`${cards.cardStatus} = '4'`)
        .limit(1);
      if (!card) throw badRequest('卡片不存在', 'No such card');
      if (card.cardStatus !== '1') throw badRequest('卡片不可用（已挂失、冻结或注销）', 'The card cannot be used (lost, frozen or cancelled)');
      if (!input.canteenId) throw badRequest('该终端未设置所属食堂', 'This terminal has no canteen');
      const meal = mealAtClock(await mealsOf(reads.tx, reads.tenantId, input.canteenId), clockIn(zone, input.occurredAt));
      if (!meal) throw badRequest('当前不在就餐时段', 'Not a meal time');
      const stop = await stopInForce(reads, card.memberId, day, meal.mealType);
      if (stop) throw badRequest(`该人员本餐已停餐（${stop}）`, `This person's meal is stopped (${stop})`);
      const [order] = await reads.rows(
        mealOrders,
        and(
          eq(mealOrders.memberId, card.memberId),
          eq(mealOrders.diningDate, day),
          eq(mealOrders.mealType, meal.mealType),
          // 未就餐 too: an offline record of the meal may arrive after 餐次结算 closed it.
          inArray(mealOrders.status, ['1', '2', '3']),
        ),
      );
      if (!order || order.canteenId !== input.canteenId) {
        if (meal.unorderedPolicy === '3') throw badRequest('未报餐，本餐不能就餐', 'Not ordered: this meal cannot be served');
        throw badRequest('未报餐，请按消费刷卡', 'Not ordered: pay for the meal instead');
      }
      const serial = `${input.terminalId}:${input.serial}`;
      if (order.status === '2') {
        if (order.serveSerial === serial) return { orderNo: order.orderNo, mealType: order.mealType, amount: order.amount, charged: order.chargeMode === '2', replayed: true };
        throw badRequest('本餐已就餐', 'This meal was already served');
      }
      const mark = (tx: Executor, payTxnId: string | null) =>
        tx
          .update(mealOrders)
          .set({ status: '2', servedAt: input.occurredAt, servedBy: input.terminalId, serveSerial: serial, ...(payTxnId ? { payTxnId } : {}), updateBy: caller.username, updatedAt: new Date() })
          .where(and(eq(mealOrders.id, order.id), inArray(mealOrders.status, ['1', '3'])))
          .returning({ id: mealOrders.id });
      if (order.status === '3') {
        // Closed as 未就餐 before the record came: served after all. A refund still waiting is withdrawn; money that
        // went back (merged or paid) or was never taken is charged now — the meal was eaten.
        const [refund] = await reads.rows(mealRefundItems, and(eq(mealRefundItems.sourceId, order.id), ne(mealRefundItems.status, '3')));
        const charge = refund ? refund.status !== '0' : !order.payTxnId;
        if (charge) {
          if (!order.accountId) throw badRequest('该人员未开户', 'This person has no account');
          const key = `ML${order.id}`;
          const posted = await core.once(caller, key, { op: 'mealServeLate', id: order.id }, order.accountId, async (tx, account, hash) => {
            const paid = await chargeOrder(tx, core, caller, { key, hash, account: account!, order, occurredAt: input.occurredAt });
            if (!(await mark(tx, paid.id)).length) throw badRequest('本餐已就餐', 'This meal was already served');
            return paid;
          });
          return { orderNo: order.orderNo, mealType: order.mealType, amount: order.amount, charged: true, replayed: posted.replayed };
        }
        await inSchool(context.db, caller, async ({ tx }) => {
          if (refund) {
            const withdrawn = await tx
              .update(mealRefundItems)
              .set({ status: '3', failReason: '已就餐（离线记录晚于餐次结算）' })
              .where(and(eq(mealRefundItems.id, refund.id), eq(mealRefundItems.status, '0')))
              .returning({ id: mealRefundItems.id });
            // Merged between the two reads: the terminal sends the record again and it is charged then.
            if (!withdrawn.length) throw badRequest('处理失败，请稍后重新上传', 'Not done: upload the record again later');
          }
          if (!(await mark(tx, null)).length) throw badRequest('本餐已就餐', 'This meal was already served');
        });
        return { orderNo: order.orderNo, mealType: order.mealType, amount: order.amount, charged: false, replayed: false };
      }
      if (order.chargeMode === '2' && !order.payTxnId) {
        const key = `MS${order.id}`;
        await core.once(caller, key, { op: 'mealServe', id: order.id }, order.accountId, async (tx, account, hash) => {
          const posted = await chargeOrder(tx, core, caller, { key, hash, account: account!, order, occurredAt: input.occurredAt });
          if (!(await mark(tx, posted.id)).length) throw badRequest('本餐已就餐', 'This meal was already served');
          return posted;
        });
        return { orderNo: order.orderNo, mealType: order.mealType, amount: order.amount, charged: true, replayed: false };
      }
      if (!(await inSchool(context.db, caller, (work) => mark(work.tx, null))).length) throw badRequest('本餐已就餐', 'This meal was already served');
      return { orderNo: order.orderNo, mealType: order.mealType, amount: order.amount, charged: false, replayed: false };
    },

    /**
     * 餐次结算 (the meals job): orders of meals now over and never served become 未就餐 by their
     * meal's rule — 照常扣费 (paid, or charged now when paid at the meal), 退回 (what was paid
     * becomes a refund line), 记违规 (charged as usual, marked) — and stop-meals past their end end.
     */
    async closeMeals(tenantId: number, at: Date = new Date()): Promise<{ closed: number; charged: number; refunded: number; stopsEnded: number }> {
      const caller = { tenantId, username: 'system' };
      const reads = schoolReads(context.db, caller);
      const zone = await schoolZone(reads.tx, tenantId);
      const today = dayIn(zone, at);
      const clock = clockIn(zone, at);
      const open = await reads.rows(mealOrders, and(eq(mealOrders.status, '1'), lte(mealOrders.diningDate, today)), { limit: 5000 });
      const rules = new Map<string, MealConfigRow | null>();
      const done = { closed: 0, charged: 0, refunded: 0, stopsEnded: 0 };
      for (const order of open) {
        const ruleKey = `${order.canteenId}:${order.mealType}`;
        if (!rules.has(ruleKey)) rules.set(ruleKey, await mealRuleOf(reads, order.canteenId, order.mealType));
        const rule = rules.get(ruleKey);
        // A meal is over after its window on its day (a meal without a configuration: at the day's end).
        if (order.diningDate === today && (!rule || clock <= rule.endTime)) continue;
        const policy = rule?.noShowPolicy ?? '1';
        const close = async (tx: Executor, set: Partial<MealOrderRow>) =>
          (
            await tx
              .update(mealOrders)
              .set({ status: '3', updateBy: 'system', updatedAt: new Date(), ...set })
              .where(and(eq(mealOrders.id, order.id), eq(mealOrders.status, '1')))
              .returning({ id: mealOrders.id })
          ).length > 0;
        const note = policy === '3' ? '违规：报餐未就餐' : null;
        try {
          if (policy !== '2' && !order.payTxnId && order.chargeMode === '2' && order.accountId) {
            const key = `MN${order.id}`;
            await core.once(caller, key, { op: 'mealNoShow', id: order.id }, order.accountId, async (tx, account, hash) => {
              // Booked on the meal's own day (its end), not the day the job ran.
              const occurredAt = parseSchoolTime(zone, `${order.diningDate} ${rule?.endTime ?? '23:59'}:00`) ?? undefined;
              const posted = await chargeOrder(tx, core, caller, { key, hash, account: account!, order, ...(occurredAt ? { occurredAt } : {}) });
              if (!(await close(tx, { payTxnId: posted.id, remark: note }))) throw badRequest('订单已处理', 'The order was already settled');
              return posted;
            });
            done.charged += 1;
          } else if (policy === '2' && order.payTxnId) {
            await inSchool(context.db, caller, async (work) => {
              if (await close(work.tx, { remark: '未就餐退回' })) done.refunded += (await owedBack(work, order, '1')) > 0 ? 1 : 0;
            });
          } else await inSchool(context.db, caller, (work) => close(work.tx, { remark: note }));
          done.closed += 1;
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          // Not chargeable now (short of money, a closed account): 未就餐 all the same, and why.
          if (await inSchool(context.db, caller, (work) => close(work.tx, { remark: `未就餐，扣费失败：${error.message}` }))) done.closed += 1;
        }
      }
      // Every stop of the school in force past its end, as stored (deleted ones too).
      const ended = await inSchool(context.db, caller, (work) =>
        work.tx
          .update(mealStops)
          .set({ status: '2', updateBy: work.username, updatedAt: new Date() })
          .where(and(work.school(mealStops, { deleted: true }), eq(mealStops.status, '1'), sql`${mealStops.endDate} < ${today}::date`))
          .returning({ id: mealStops.id }),
      );
      done.stopsEnded = ended.length;
      return done;
    },
  };
}

/** The school's day before a date: a stop resumed on a day ends the day before. */
export const dayBefore = (day: string) => addDays(day, -1);
