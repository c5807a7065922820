import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '@server/context';
import { unscoped } from '@server/db/work';
import { authOf } from '@server/http/auth';
import { ok } from '@server/http/envelope';
import { parseInput } from '@server/http/validate';
import { settleShop } from './settlements';

const settleBody = z.object({
  idempotencyKey: z.string().trim().min(8).max(64),
  id: z.string().trim().min(1).max(64),
  periodTo: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '结算截止日格式不正确（periodTo）'),
  rentMonths: z.coerce.number().int().min(0).max(12).default(0),
  payWay: z.enum(['1', '2']),
  remark: z.string().trim().max(200).nullish(),
});

/** 商铺信息's 结算: the flow's `ledger` action, a retry answered with the first settlement. */
export function shopRoutes(api: FastifyInstance, context: AppContext): void {
  api.post('/shop/shop/settle', { config: { permission: 'shop:settle' } }, async (request) => {
    const caller = authOf(request);
    const body = parseInput(settleBody, request.body);
    const settled = await settleShop(
      unscoped(context.db, 'ledger: a posting opens its own transaction, bound to the caller’s school'),
      { tenantId: caller.tenantId, username: caller.username },
      { ...body, key: body.idempotencyKey },
    );
    return ok(settled, settled.replayed ? '该请求已办理' : caller.locale === 'en' ? `Settled: ${settled.billNo}` : `结算完成，结算单 ${settled.billNo}`);
  });
}
