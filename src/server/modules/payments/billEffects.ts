import { messageFromTemplate, type TemplateEvent } from '../messages/delivery';
import { textsLater } from '../messages/texts';
import { eq } from 'drizzle-orm';
import { dayIn } from '@shared/schoolTime';
import type { FlowEffect } from '../../crud/flowActions';
import { tenants } from '../../db/schema';
import type { Work } from '../../db/work';
import { badRequest } from '../../http/envelope';
import { schoolZone } from '../schools/settings';
import type { BillBook, BillMoney } from './billLedger';

/**
 * The flow effects every kind of bill shares, each on the bill as the flow locked it, saved through
 * its book (so 欠费 and 缴费状态 follow): 减免 asked and approved, 加收滞纳金, 催缴. 延期 is extendDue.
 */

/** A reminder a bill at most this often: a second click sends no second text. */
const REMIND_INTERVAL_MS = 60 * 60_000;

const yuan = (cents: number) => (cents / 100).toFixed(2);

type Waivable = BillMoney & {
  waive: number;
  waiveRequest: number;
};

/**
 * 申请减免 (never more than is owed) and 减免审核 (the waiver counted, unless paid meanwhile): typed by
 * the bill's row, handed out as the engine keeps effects (a kind of bill may call one itself).
 */
export function waiveEffects<B extends Waivable>(book: BillBook<B>): Record<'requestWaive' | 'approveWaive', FlowEffect> {
  const effects: Record<'requestWaive' | 'approveWaive', FlowEffect<B>> = {
    async requestWaive({ row: bill, input }) {
      const asked = Number(input.waiveRequest);
      if (asked > bill.owed) throw badRequest(`减免金额不能超过欠费 ${yuan(bill.owed)} 元`, `A waiver cannot be more than the ${yuan(bill.owed)} owed`);
      return { set: { waiveRequest: asked, waiveReason: input.waiveReason } };
    },
    async approveWaive({ work, caller, row: bill }) {
      // Paid in the meantime: never waived below nothing owed.
      if (bill.waiveRequest > bill.owed) throw badRequest(`欠费已变为 ${yuan(bill.owed)} 元，减免金额超过欠费，请驳回后重新申请`, `Only ${yuan(bill.owed)} is owed now: reject it and ask again`);
      await book.save(work.tx, caller, bill, { waive: bill.waive + bill.waiveRequest } as Partial<B>);
      return { note: `减免 ${yuan(bill.waiveRequest)} 元` };
    },
  };
  return effects;
}

/** 加收滞纳金: only once the due date (in the school's day) has passed; added to what is due. */
export function lateFeeEffect<B extends BillMoney & { lateFee: number; due: number; dueDate: string | null }>(book: BillBook<B>): FlowEffect {
  const effect: FlowEffect<B> = async ({ work, caller, row: bill, input }) => {
    const today = dayIn(await schoolZone(work.tx, work.tenantId));
    if (!bill.dueDate || bill.dueDate >= today) throw badRequest(`账单 ${bill.billNo} 未逾期，不能加收滞纳金`, `Bill ${bill.billNo} is not overdue`);
    const fee = Number(input.lateFee);
    await book.save(work.tx, caller, bill, { lateFee: bill.lateFee + fee, due: bill.due + fee } as Partial<B>);
    return { note: `滞纳金 ${yuan(fee)} 元` };
  };
  return effect;
}

/**
 * Who a reminder goes to and what it says (the school's name given); for a member's bill also the
 * BILL_DUE template's event, which 消息管理 keeps and sends on the template's channels.
 */
export type ReminderOf<B> = (work: Work, bill: B, school: string, payBy: string) => Promise<{ mobiles: string[]; text: string; nobody: string; event?: TemplateEvent }>;

/** How a reminder asks for the money: by its due day, or at once when that day of the school is gone. */
export function payByWords(dueDate: string | null, today: string): string {
  if (!dueDate) return '请尽快缴纳';
  return dueDate < today ? `已于 ${dueDate} 到期，请尽快缴纳` : `请于 ${dueDate} 前缴纳`;
}

/**
 * 催缴, at most once an hour a bill, counted on it: a member's bill is told as a message through the
 * school's BILL_DUE template (the pupil's parents, or the member); with that template stopped, or
 * for an owner who is not a member, a text to the payer — queued, sent after the commit (once: a
 * second delivery finds it logged), its failure the answer as it was when the clerk waited for it.
 */
export function remindEffect<B extends BillMoney & { remindCount: number; lastRemindTime: Date | null; dueDate: string | null }>(book: BillBook<B>, reminder: ReminderOf<B>): FlowEffect {
  const effect: FlowEffect<B> = async ({ work, row: bill }) => {
    if (bill.lastRemindTime && Date.now() - bill.lastRemindTime.getTime() < REMIND_INTERVAL_MS)
      throw badRequest(`账单 ${bill.billNo} 一小时内已催缴过`, `Bill ${bill.billNo} was reminded within the hour`);
    const [school] = await work.tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, work.tenantId));
    const payBy = payByWords(bill.dueDate, dayIn(await schoolZone(work.tx, work.tenantId)));
    const { mobiles, text, nobody, event } = await reminder(work, bill, school?.name ?? '校园一卡通', payBy);
    const set = { remindCount: bill.remindCount + 1, lastRemindTime: new Date() };
    // The template may say ${payBy} (by the due day, or at once once it is gone) or ${due} (the day).
    const message = event ? await messageFromTemplate(work, { ...event, values: { ...event.values, payBy }, by: work.username }) : null;
    if (message) return { set, note: '已按消息模板 BILL_DUE 通知', later: message };
    return {
      set,
      note: mobiles.length ? `短信 ${mobiles.length} 人` : nobody,
      later: mobiles.length
        ? textsLater(
            mobiles.map((mobile) => ({ mobile, text, scene: '6', by: work.username })),
            { failed: 'refuse' },
          )
        : undefined,
    };
  };
  return effect;
}
