import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { yuanToCents } from '@shared/engine/schemas';
import { authOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import type { billLedger } from './billLedger';

const money = z.union([z.number(), z.string()]).transform((value) => yuanToCents(value));
const requestKey = z.string().trim().min(8).max(64);
const payBody = z.object({ idempotencyKey: requestKey, id: z.string().min(1).max(64), amount: money });
const refundBody = payBody.extend({ reason: z.string().trim().min(1).max(200) });

/**
 * A kind of bill's ledger doors: `<base>/payFromCard` and `<base>/refund` (the flow's `ledger`
 * actions), each behind its screen's code, a retry answered with the first posting. `check` refuses
 * a bill the screen does not show (a water bill through the electricity routes).
 */
export function billLedgerRoutes(
  api: FastifyInstance,
  ledger: ReturnType<typeof billLedger>,
  options: { base: string; prefix: string; check?: (request: FastifyRequest, id: string) => Promise<void> },
): void {
  const callerOf = (request: FastifyRequest) => ({ tenantId: authOf(request).tenantId, username: authOf(request).username });
  api.post(`${options.base}/payFromCard`, { config: { permission: `${options.prefix}:payFromCard` } }, async (request) => {
    const body = parseInput(payBody, request.body);
    await options.check?.(request, body.id);
    const posted = await ledger.payFromCard(callerOf(request), { key: body.idempotencyKey, id: body.id, amountCents: body.amount });
    return ok(posted, posted.replayed ? '该请求已办理' : '缴费成功！');
  });
  api.post(`${options.base}/refund`, { config: { permission: `${options.prefix}:refund` } }, async (request) => {
    const body = parseInput(refundBody, request.body);
    await options.check?.(request, body.id);
    const posted = await ledger.refund(callerOf(request), { key: body.idempotencyKey, id: body.id, amountCents: body.amount, reason: body.reason });
    return ok(posted, posted.replayed ? '该请求已办理' : '退费成功！');
  });
}
