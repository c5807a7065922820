import { and, asc, eq, inArray } from 'drizzle-orm';
import { dateTimeIn, dayIn } from '@shared/schoolTime';
import type { Database } from '../db/client';
import { inSchool, schoolReads } from '../db/work';
import { accounts, cards, members, memberTypes, parents } from '../db/schema';
import type { SampleDay, SampleEvent } from '../registry/areas';
import { ledgerService } from '../modules/ledger/service';
import { terminalPayments } from '../modules/devices/payments';
import { createTerminalDirectory, type TerminalRow } from '../modules/devices/terminals';
import { chanceOf, clockOf, type Chance } from './random';
import { takeFlowStep } from './flowStep';
import { cardActions } from '../modules/members/card.actions';

/** A card holder of the sample school: their account, the card in use, and the cash as the last answer left it. */
interface Holder {
  index: number;
  memberId: string;
  accountId: string;
  cardNo: string;
  kind: 'STUDENT' | 'STAFF';
  cash: number;
  /** A parent's mobile, who pays online from the parent app. */
  parent: string | null;
  /** Reported lost: the holder has no card to pay with until the office replaces it. */
  lost?: boolean;
}

/** The pupil (by place in the list) who loses the card the evening before today, not yet replaced. */
const LOSES_CARD = 7;

/** What the simulated weeks did with the cards, for the progress line. */
export interface CardTally {
  payments: number;
  refused: number;
  recharges: number;
  /** Refusals by message: a rule the sample school keeps meeting is worth seeing. */
  reasons: Map<string, number>;
}

/** The terminals the sample school pays at (seeded by the canteen's and the shops' parts). */
const TERMINALS = { window1: 'POS0101', window2: 'POS0102', snacks: 'POS0103', till: 'SHOP0101' } as const;
type TerminalName = keyof typeof TERMINALS;

const BREAKFASTS = [300, 350, 400, 450, 500, 600] as const;
const SNACK_LUNCHES = [1000, 1200, 1300, 1500, 1800] as const;
const TILL = [250, 350, 500, 650, 800, 1200, 1550, 2000] as const;

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * The card office's and the canteen's days: pupils and staff pay at the canteen's terminals at their
 * meals' real windows and at the supermarket's till, through the terminals' own code path
 * (`terminalPayments`, as `/terminal/consume` after its signature); parents top up at the counter when the money runs
 * low. What a payment refuses (a limit, a balance) is refused as it would be, and counted.
 */
export async function cardUseOf(db: Database, tenantId: number, by: string, lunchOrdered: ReadonlySet<string>, away: (memberId: string, at: Date) => boolean) {
  const reads = schoolReads(db, { tenantId, username: by });
  const rows = await reads.tx
    .select({ accountId: accounts.id, memberId: members.id, cash: accounts.cash, cardNo: cards.cardNo, kind: memberTypes.code })
    .from(accounts)
    .innerJoin(cards, and(eq(cards.accountId, accounts.id), eq(cards.cardStatus, '1')))
    .innerJoin(members, eq(members.id, accounts.memberId))
    .innerJoin(memberTypes, eq(memberTypes.id, members.memberTypeId))
    .where(and(reads.school(accounts), eq(accounts.accountStatus, '1'), inArray(memberTypes.code, ['STUDENT', 'STAFF'])))
    .orderBy(asc(members.memberNo));
  // A pupil's parent who may pay online (家长名单: allowed to recharge), as the parent app names them.
  const parentRows = await reads.tx
    .select({ accountId: accounts.id, mobile: parents.mobile })
    .from(parents)
    .innerJoin(accounts, and(eq(accounts.memberId, parents.studentId), eq(accounts.accountStatus, '1')))
    .where(and(reads.school(parents), eq(parents.allowRecharge, true), eq(parents.status, '1')));
  const parentOf = new Map(parentRows.map((row) => [row.accountId, row.mobile]));
  const holders: Holder[] = rows.map((row, index) => ({ ...row, index, kind: row.kind as Holder['kind'], parent: parentOf.get(row.accountId) ?? null }));
  const directory = createTerminalDirectory(db);
  const terminals = new Map<TerminalName, TerminalRow>();
  for (const [name, serial] of Object.entries(TERMINALS) as [TerminalName, string][]) {
    const row = await directory.bySerial(serial);
    if (row) terminals.set(name, row);
  }
  const ledger = ledgerService(db);
  const clerk = { tenantId, username: by };
  const tally: CardTally = { payments: 0, refused: 0, recharges: 0, reasons: new Map() };
  // Each terminal numbers its own payments, as a real one does (its serial is the idempotency key).
  const numbers = new Map<TerminalName, number>();
  const log = { error: (details: object, message: string) => console.error(message, details) };

  const pay = (day: SampleDay, at: Date, holder: Holder, name: TerminalName, amount: number, mealType?: string): SampleEvent | null => {
    const device = terminals.get(name);
    if (!device) return null;
    return {
      at,
      quiet: true,
      async run() {
        // No card to pay with, or away on leave.
        if (holder.lost || away(holder.memberId, at)) return;
        const serialNo = `${day.date.replaceAll('-', '')}${String((numbers.get(name) ?? 0) + 1).padStart(5, '0')}`;
        numbers.set(name, (numbers.get(name) ?? 0) + 1);
        const [answer] = await terminalPayments(
          db,
          device,
          TERMINALS[name],
          [{ serialNo, cardNo: holder.cardNo, amount, deviceTime: dateTimeIn(day.zone, at), ...(mealType ? { mealType } : {}) }],
          log,
        );
        if (answer?.success) {
          tally.payments += 1;
          holder.cash = answer.cash ?? holder.cash;
        } else {
          tally.refused += 1;
          const reason = answer?.message ?? '?';
          tally.reasons.set(reason, (tally.reasons.get(reason) ?? 0) + 1);
        }
      },
    };
  };

  const recharge = (day: SampleDay, at: Date, holder: Holder, amount: number, channel: 'cash' | 'bank', when: (holder: Holder) => boolean = () => true): SampleEvent => ({
    at,
    quiet: true,
    async run() {
      if (!when(holder)) return;
      const posted = await ledger.recharge(clerk, { key: `sample-${day.date}-${holder.accountId}-${at.getTime()}`, accountId: holder.accountId, amountCents: amount, channel });
      holder.cash = posted.balances.CASH;
      tally.recharges += 1;
    },
  });

  /**
   * A parent rings the office after supper: the card is gone. 挂失 by the card's own flow step (its
   * effect moves the terminals' card list on; the step stamps the time and writes the history); the
   * pupil pays with nothing until 补卡.
   */
  const reportLost = (at: Date, holder: Holder): SampleEvent => ({
    at,
    async run() {
      await inSchool(db, clerk, async (work) => {
        const [card] = await work.rows(cards, and(eq(cards.cardNo, holder.cardNo), eq(cards.cardStatus, '1')));
        if (!card) return;
        await takeFlowStep(
          work,
          cards,
          'members.card',
          'reportLoss',
          card,
          await cardActions.reportLoss!({ tx: work.tx, work, row: card, input: {}, context: undefined as never, caller: undefined as never }),
        );
      });
      holder.lost = true;
    },
  });

  /** A parent pays a top-up by WeChat in the evening: the order, then the channel's callback posts it. */
  const online = (day: SampleDay, at: Date, holder: Holder, amount: number): SampleEvent => ({
    at,
    quiet: true,
    async run() {
      if (!holder.parent || holder.cash >= 8000) return;
      const key = `sample-${day.date}-${holder.accountId}-online`;
      const order = await ledger.startOnlineRecharge({ tenantId, username: `家长 ${holder.parent}` }, { key, accountId: holder.accountId, amountCents: amount, channel: 'wechat' });
      const posted = await ledger.completeOnlineRecharge({ channel: 'wechat', orderNo: order.orderNo, providerTxnId: `42000${at.getTime()}${holder.index}`, amountCents: amount });
      holder.cash = posted.balances.CASH;
      tally.recharges += 1;
    },
  });

  /** A time in a window of the day (`HH:mm`–`HH:mm`), most of them near its middle. */
  const within = (day: SampleDay, chance: Chance, from: string, to: string) => day.at(clockOf(chance.peak(minutes(from), minutes(to)), chance.between(0, 59)));

  return {
    tally,
    /** A day's events: the canteen's three meals, the till, the counter's recharges. */
    day(day: SampleDay, realNow: number): SampleEvent[] {
      const weekday = new Date(`${day.date}T12:00:00Z`).getUTCDay();
      const schoolDay = weekday >= 1 && weekday <= 5;
      const events: (SampleEvent | null)[] = [];
      for (const holder of holders) {
        const chance = chanceOf(day.date, holder.accountId);
        const pupil = holder.kind === 'STUDENT';
        // Boarders eat at weekends too; staff eat on school days only.
        const eats = (pupilDay: number, pupilWeekend: number, staffDay: number) => chance.yes(pupil ? (schoolDay ? pupilDay : pupilWeekend) : schoolDay ? staffDay : 0);
        if (eats(0.6, 0.25, 0.15)) events.push(pay(day, within(day, chance, '06:35', '07:45'), holder, 'snacks', chance.pick(BREAKFASTS), '1'));
        // Those whose lunch is ordered are served it (`mealOrders`).
        if (!lunchOrdered.has(holder.accountId) && eats(0.88, 0.3, 0.7)) {
          if (pupil && chance.yes(0.75)) events.push(pay(day, within(day, chance, '11:42', '12:40'), holder, holder.index % 2 ? 'window1' : 'window2', 800, '2'));
          else events.push(pay(day, within(day, chance, '11:45', '12:50'), holder, 'snacks', chance.pick(SNACK_LUNCHES), '2'));
        }
        if (eats(0.65, 0.3, 0.05)) events.push(pay(day, within(day, chance, '17:20', '18:35'), holder, holder.index % 3 ? 'window1' : 'window2', 800, '3'));
        // The supermarket between classes and after supper (outside the meals' windows).
        if (schoolDay && chance.yes(pupil ? 0.12 : 0.1))
          events.push(pay(day, within(day, chance, pupil && chance.yes(0.5) ? '19:10' : '16:05', pupil ? '20:40' : '16:55'), holder, 'till', chance.pick(TILL)));
        // A parent tops up at the card office when the money runs low (the school's staff at noon); the
        // office opens on weekend afternoons for the boarders; some parents pay by WeChat in the evening.
        if (schoolDay) {
          if (pupil) events.push(recharge(day, within(day, chance, '07:20', '07:58'), holder, chance.pick([20000, 30000, 50000]), chance.yes(0.25) ? 'bank' : 'cash', (now) => now.cash < 6000));
          else events.push(recharge(day, within(day, chance, '12:35', '13:20'), holder, 50000, 'bank', (now) => now.cash < 3000));
        } else if (pupil && chance.yes(0.05)) events.push(recharge(day, within(day, chance, '16:00', '17:55'), holder, chance.pick([10000, 20000]), 'cash'));
        if (pupil && chance.yes(0.5)) events.push(online(day, within(day, chance, '19:30', '21:55'), holder, chance.pick([20000, 30000])));
      }
      const loser = holders.filter((holder) => holder.kind === 'STUDENT')[LOSES_CARD];
      if (day.daysAgo === 1 && loser) events.push(reportLost(day.at('18:52:10'), loser));
      if (day.daysAgo === 0) events.push(...this.today(day, realNow, events));
      return events.filter((event): event is SampleEvent => event !== null);
    },

    /**
     * Today up to now, whatever the hour: a few recharges at the counter in the last two hours, and
     * payments at the till when the canteen has not opened yet — 消费记录 and 充值记录 open on today.
     */
    today(day: SampleDay, realNow: number, planned: readonly (SampleEvent | null)[]): SampleEvent[] {
      const startOfDay = day.at('00:00:00').getTime();
      const ago = (minutesAgo: number) => new Date(Math.max(startOfDay, realNow - minutesAgo * 60_000));
      const events: (SampleEvent | null)[] = [];
      const payingSoFar = planned.filter((event) => event && event.at.getTime() <= realNow).length;
      for (const holder of holders) {
        if (holder.index % 10 === 3) events.push(recharge(day, ago(100 + holder.index), holder, 5000, 'cash'));
        if (payingSoFar < 20 && holder.index % 6 === 1) events.push(pay(day, ago(90 - (holder.index % 60)), holder, 'till', 850 + (holder.index % 3) * 100));
      }
      return events.filter((event): event is SampleEvent => event !== null && dayIn(day.zone, event.at) === day.date);
    },
  };
}
