import type { FlowEffects } from '@server/crud/flowActions';
import type { EntityHooks } from '@server/crud/registerEntity';
import type { complaint } from '@areas/property/shared/entities/complaint';
import type { repair } from '@areas/property/shared/entities/repair';
import type { complaints, repairs } from './tables';
import type { RowOf } from '@server/db/work';
import { badRequest } from '@server/http/envelope';
import { billHooks } from '@server/modules/bills/billHooks';
import { nextBillNo } from '@server/modules/bills/billNo';
import { CHANNEL_OF_PAY_WAY, recordPayment } from '@server/modules/payments/billPayments';

const yuan = (cents: number) => (cents / 100).toFixed(2);

/**
 * 维修管理 (declared in repair.ts): numbered WX…; 派单 and 改派 name the worker; 完工 keeps what was
 * done and its fees; 收费 takes them once, into 缴费记录 (at the counter); 评价 keeps the rating.
 */
export const REPAIR_HOOKS: EntityHooks<RowOf<typeof repairs>> = {
  ...billHooks('WX'),
  actions: {
    async dispatch({ input }) {
      return { set: { worker: input.worker, ...(input.appointAt ? { appointAt: input.appointAt } : {}) }, note: `派给 ${input.worker}` };
    },
    async redispatch({ row, input }) {
      if (input.worker === row.worker) throw badRequest('新维修人员与原维修人员相同', 'That is the worker already');
      return { set: { worker: input.worker }, note: `${row.worker ?? ''} → ${input.worker}：${input.reason}` };
    },
    async finish({ input }) {
      return { set: { result: input.result, materialFee: Number(input.materialFee), laborFee: Number(input.laborFee) } };
    },
    async charge({ work, caller, row: order, input }) {
      // The order as stored, locked by the action.
      if (order.payNo) throw badRequest(`工单 ${order.billNo} 已收费（${order.payNo}）`, `Order ${order.billNo} was charged already (${order.payNo})`);
      const amount = order.materialFee + order.laborFee;
      if (amount <= 0) throw badRequest(`工单 ${order.billNo} 没有费用`, `Order ${order.billNo} costs nothing`);
      const receiptNo = (input.receiptNo ?? '').trim() || (await nextBillNo(work.tx, work.tenantId, 'SJ'));
      const payNo = await recordPayment(work.tx, caller, {
        itemType: '9',
        billType: 'repair',
        billId: order.id,
        billNo: order.billNo,
        target: `维修 ${order.location}（${order.reporterName}）`,
        memberId: null,
        amount,
        channel: CHANNEL_OF_PAY_WAY[input.payWay] ?? '5',
        receiptNo,
      });
      return { set: { payNo }, note: `收费 ${yuan(amount)} 元，缴费流水 ${payNo}` };
    },
    async rate({ input }) {
      return { set: { rating: Number(input.rating), ratingComment: input.ratingComment ?? null } };
    },
    async cancel({ input }) {
      return { set: { remark: input.remark } };
    },
  } satisfies FlowEffects<typeof repair, RowOf<typeof repairs>>,
};

/** 投诉管理 (declared in complaint.ts): numbered TS…; the person handed to, the answer, the follow-up and a closing note kept. */
export const COMPLAINT_HOOKS: EntityHooks<RowOf<typeof complaints>> = {
  ...billHooks('TS'),
  actions: {
    async assign({ input }) {
      return { set: { assignee: input.assignee }, note: `派给 ${input.assignee}` };
    },
    async reply({ input }) {
      return { set: { result: input.result } };
    },
    async visit({ input }) {
      return { set: { satisfaction: Number(input.satisfaction), ...(input.remark ? { remark: input.remark } : {}) } };
    },
    async close({ input }) {
      return input.remark ? { set: { remark: input.remark } } : undefined;
    },
  } satisfies FlowEffects<typeof complaint, RowOf<typeof complaints>>,
};
