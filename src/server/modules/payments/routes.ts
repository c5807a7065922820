import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { yuanToCents } from '@shared/engine/schemas';
import type { AppContext } from '../../context';
import { billPayments } from '../../db/schema';
import { schoolReads, unscoped } from '../../db/work';
import { authOf } from '../../http/auth';
import { badRequest, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { billBook } from './billBooks';
import { billLedger } from './billLedger';
import { CARD_CHANNEL } from './billPayments';

const refundBody = z.object({
  idempotencyKey: z.string().trim().min(8).max(64),
  id: z.string().min(1).max(64),
  amount: z.union([z.number(), z.string()]).transform((value) => yuanToCents(value)),
  reason: z.string().trim().min(1).max(200),
});

/** 缴费记录's 退款: a payment from the card goes back to it through its bill's ledger route, once per key. */
export function paymentRoutes(api: FastifyInstance, context: AppContext): void {
  const db = unscoped(context.db, 'ledger: a posting opens its own transaction, bound to the caller’s school');
  api.post('/pay/payment/refund', { config: { permission: 'payment:refund' } }, async (request) => {
    const caller = authOf(request);
    const body = parseInput(refundBody, request.body);
    const found = await schoolReads(context.db, caller).one(billPayments, body.id);
    if (!found) throw notFound('未找到对应实体');
    if (found.channel !== CARD_CHANNEL)
      throw badRequest('只有卡余额缴费可在此退回卡内，线下缴费请在柜台退款', 'Only a payment from the card goes back to it here; refund counter payments at the counter');
    const input = { key: body.idempotencyKey, id: found.billId, amountCents: body.amount, reason: body.reason, paymentId: body.id };
    const book = billBook(found.billType);
    if (!book) throw badRequest('该缴费不能在此退款', 'This payment cannot be refunded here');
    const posted = await billLedger(db, book).refund({ tenantId: caller.tenantId, username: caller.username }, input);
    return ok(posted, posted.replayed ? '该请求已办理' : '退款成功！');
  });
}
