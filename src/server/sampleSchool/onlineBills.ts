import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { inSchool } from '../db/work';
import { completeOnlinePayment, startOnlinePayment, type OnlineChannel } from '../modules/payments/onlinePayments';
import type { SampleDay, SampleEvent } from '../registry/areas';

/** Who shows the order's code at the counter: the logistics office's clerk. */
const CLERK = 'houqin';

/**
 * Parents paying a textbook fee by phone at the logistics counter: the clerk makes the order
 * (`startOnlinePayment`, as 线上缴费下单), the parent scans its code and pays, and the channel's
 * signed callback completes it (`completeOnlinePayment`, as `/pay/callback/:channel` after its
 * signature). One parent walked away before paying (the clerk closes that order the next morning,
 * `officeSteps.ts`); one said they would pay at home tonight (待支付).
 */
const ORDERS: readonly { daysAgo: number; at: string; channel: OnlineChannel; paid: boolean }[] = [
  { daysAgo: 9, at: '10:12', channel: 'wechat', paid: true },
  { daysAgo: 6, at: '14:40', channel: 'alipay', paid: true },
  { daysAgo: 2, at: '16:55', channel: 'wechat', paid: false },
  { daysAgo: 1, at: '17:20', channel: 'alipay', paid: false },
];

export function onlineBillsOf(db: Database, tenantId: number) {
  return {
    day(day: SampleDay): SampleEvent[] {
      return ORDERS.filter((order) => order.daysAgo === day.daysAgo).flatMap((order) => {
        let made: { outTradeNo: string; amount: number } | undefined;
        const ordered: SampleEvent = {
          at: day.at(order.at),
          run: async () => {
            // The oldest textbook fee still owed in whole, with no order waiting.
            const [bill] = await rowsOf<{ id: string; owed: number }>(
              db,
              sql`select b.id, b.owed_cents as owed from pay_tuition_bill b where b.tenant_id = ${tenantId} and b.del_flag = 0 and b.pay_status = '0' and b.waive_status = '0'
                and not exists (select 1 from pay_payment p where p.bill_id = b.id and p.status = '0') order by b.bill_no limit 1`,
            );
            if (!bill) throw new Error('sample school: no tuition bill owed for an online payment');
            made = await inSchool(db, { tenantId, username: CLERK }, (work) =>
              startOnlinePayment(work, { key: randomUUID(), billType: 'tuition', billId: bill.id, amountCents: Number(bill.owed), channel: order.channel }),
            );
          },
        };
        // The parent scans and pays within the minute; the channel calls back.
        const paid: SampleEvent = {
          at: new Date(day.at(order.at).getTime() + 70_000),
          run: async () => {
            if (!made) return;
            await completeOnlinePayment(db, {
              channel: order.channel,
              outTradeNo: made.outTradeNo,
              providerTxnId: `${order.channel === 'wechat' ? '4200' : '2026'}${made.outTradeNo.slice(1, 15)}${String(made.amount).padStart(6, '0')}`,
              amountCents: made.amount,
            });
          },
        };
        return order.paid ? [ordered, paid] : [ordered];
      });
    },
  };
}
