import { orderCutoff } from '@shared/mealOrders';
import { dateTimeIn } from '@shared/schoolTime';
import type { FlowEffect } from '../../crud/flowActions';
import { badRequest } from '../../http/envelope';
import { schoolZone } from '../schools/settings';
import { mealRuleOf, owedBack, type MealOrderRow } from './orders';

/** 取消订餐 (declared in mealOrder.ts): before the meal's cancel deadline; what it paid becomes a refund line. */
export const mealOrderActions: Readonly<Record<string, FlowEffect>> = {
  async cancel({ work, row, input }) {
    const order = row as MealOrderRow;
    const rule = await mealRuleOf(work, order.canteenId, order.mealType);
    const now = dateTimeIn(await schoolZone(work.tx, work.tenantId)).slice(0, 16);
    if (rule) {
      const cutoff = orderCutoff(rule, order.diningDate, 'cancel');
      if (now > cutoff) throw badRequest(`订单 ${order.orderNo} 已过取消截止时间（${cutoff}）`, `Order ${order.orderNo} is past its cancel deadline (${cutoff})`);
    }
    const owed = await owedBack(work, order, '1');
    return {
      set: { cancelTime: new Date(), cancelReason: input.cancelReason ?? null },
      ...(owed ? { note: `退款明细 ${(owed / 100).toFixed(2)} 元待合并` } : {}),
    };
  },
};
