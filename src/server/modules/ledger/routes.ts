import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import { hiddenColumnsOf } from '../../http/columns';
import { entityCodes } from '@shared/engine/derive';
import { member } from '@shared/entities/members/member';
import { ApiError, notFound, ok } from '../../http/envelope';
import { parseInput, schoolDate } from '../../http/validate';
import { recentTransactions, searchPeople } from './people';
import { inSchool, schoolReads, unscoped } from '../../db/work';
import { accountStatement, statementRange, statementWorkbook } from './statement';
import { schoolZone } from '../schools/settings';
import { dayIn } from '@shared/schoolTime';
import { ledgerService, ONLINE_CHANNELS, type OnlineChannel } from './service';
import { paymentSigningText } from '@shared/payments';
import { completeOnlinePayment } from '../payments/onlinePayments';

const key = z.string().trim().min(8).max(64);
const id = z.string().trim().min(1).max(64);
/** A card's printed number (digits) and its chip's number (hex, as the reader gives it). */
const cardNo = z
  .string()
  .trim()
  .regex(/^\d{4,20}$/, '卡号应为4到20位数字');
const physNo = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{8,16}$/, '物理卡号应为8到16位十六进制字符')
  .transform((value) => value.toUpperCase());

/**
 * The money operations, each a named route with its own permission code; every one goes through
 * the ledger service (one transaction, the account locked, the caller's idempotency key).
 */
export function ledgerRoutes(api: FastifyInstance, context: AppContext): void {
  // The ledger kernel binds each operation to its caller's school itself (core.ts `once`).
  const ledger = ledgerService(context.db);
  const callerOf = (request: Parameters<typeof authOf>[0]) => {
    const auth = authOf(request);
    return { tenantId: auth.tenantId, username: auth.username };
  };

  api.post('/memb/account/open', { config: { permission: 'account:open' } }, async (request) => {
    const body = parseInput(z.object({ idempotencyKey: key, memberId: id, cardNo, physNo }), request.body);
    const posted = await ledger.openAccount(callerOf(request), { key: body.idempotencyKey, memberId: body.memberId, cardNo: body.cardNo, physNo: body.physNo });
    return ok(posted, posted.replayed ? '该请求已办理' : '开户成功！');
  });

  // The payment channels' callbacks: signed with the channel's key, never a user session.
  api.post<{ Params: { channel: string } }>('/pay/callback/:channel', { config: { public: true } }, async (request) => {
    const channel = request.params.channel;
    const secret = (ONLINE_CHANNELS as readonly string[]).includes(channel) ? context.config.paymentSecrets?.[channel as OnlineChannel] : undefined;
    if (!secret) throw notFound('支付方式不存在');
    const body = parseInput(
      z.object({ outTradeNo: z.string().trim().min(1).max(64), providerTxnId: z.string().trim().min(1).max(64), amount: z.number().int().positive(), paidAt: z.string().max(40) }),
      request.body,
    );
    const expected = createHmac('sha256', secret).update(paymentSigningText(body)).digest();
    const given = Buffer.from(String(request.headers['x-signature'] ?? ''), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ApiError(401, '支付回调签名无效', 'The payment callback signature is not valid');
    // A bill's order (B…, 线上缴费) is paid into its bill; a recharge's (R…) is posted to the card.
    if (body.outTradeNo.startsWith('B')) {
      const paid = await completeOnlinePayment(unscoped(context.db, 'online payments: the channel’s callback names its order, of whichever school'), {
        channel: channel as OnlineChannel,
        outTradeNo: body.outTradeNo,
        providerTxnId: body.providerTxnId,
        amountCents: body.amount,
      });
      return ok(paid, paid.replayed ? '该请求已办理' : '缴费成功！');
    }
    const posted = await ledger.completeOnlineRecharge({ channel: channel as OnlineChannel, orderNo: body.outTradeNo, providerTxnId: body.providerTxnId, amountCents: body.amount });
    return ok({ txnNo: posted.txnNo, replayed: posted.replayed }, posted.replayed ? '该请求已办理' : '充值成功！');
  });

  api.post('/memb/account/adjust/approve', { config: { permission: 'account:adjustCheck' } }, async (request) => {
    const body = parseInput(z.object({ idempotencyKey: key, id, remark: z.string().trim().max(100).optional() }), request.body);
    const posted = await ledger.approveAdjustment(callerOf(request), { key: body.idempotencyKey, id: body.id, ...(body.remark ? { remark: body.remark } : {}) });
    // Both people in the answer, so in 操作日志 too.
    return ok(posted, posted.replayed ? '该请求已办理' : `调账已入账！（录入：${posted.enteredBy}，审核：${callerOf(request).username}）`);
  });
  api.post('/memb/account/adjust/reject', { config: { permission: 'account:adjustCheck' } }, async (request) => {
    const body = parseInput(z.object({ id, remark: z.string().trim().min(1).max(100) }), request.body);
    const { enteredBy } = await ledger.rejectAdjustment(callerOf(request), body);
    return ok(null, `已驳回（录入：${enteredBy}，审核：${callerOf(request).username}）`);
  });

  const resolvePending = z.object({ idempotencyKey: key, id });
  api.post('/memb/pendingRefund/payout', { config: { permission: 'pendingRefund:payout' } }, async (request) => {
    const body = parseInput(resolvePending, request.body);
    const posted = await ledger.payOutPending(callerOf(request), { key: body.idempotencyKey, id: body.id });
    return ok(posted, posted.replayed ? '该请求已办理' : '已退现！');
  });
  api.post('/memb/pendingRefund/credit', { config: { permission: 'pendingRefund:credit' } }, async (request) => {
    const body = parseInput(resolvePending, request.body);
    const posted = await ledger.creditPending(callerOf(request), { key: body.idempotencyKey, id: body.id });
    return ok(posted, posted.replayed ? '该请求已办理' : '已入账！');
  });

  // The palette's people search: whoever may see members or accounts.
  api.get('/memb/member/search', { config: { permission: 'members:people,members:accounts' } }, async (request) => {
    const query = parseInput(z.object({ keyword: z.string().max(50).default(''), limit: z.coerce.number().int().min(1).max(20).default(8) }), request.query);
    const caller = authOf(request);
    // A column the caller may not see is never searched: its values would leak a match at a time.
    const hidden = hiddenColumnsOf(caller, entityCodes(member).columnPrefix);
    return ok(await searchPeople(schoolReads(context.db, caller), query.keyword, query.limit, { mobile: !hidden.has('mobile') }));
  });
  api.get('/memb/account/transactions', { config: { permission: 'members:accounts' } }, async (request) => {
    const query = parseInput(z.object({ accountId: id, pageSize: z.coerce.number().int().min(1).max(50).default(10) }), request.query);
    return ok(await recentTransactions(schoolReads(context.db, authOf(request)), query.accountId, query.pageSize));
  });

  // 账户流水: a range of the school's days (the last 30 by default, a year at most), newest first.
  const statementQuery = z.object({
    accountId: id,
    from: schoolDate.optional(),
    to: schoolDate.optional(),
    pageNo: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(20),
  });
  const statementOf = async (request: Parameters<typeof authOf>[0], all: boolean) => {
    const caller = authOf(request);
    const query = parseInput(statementQuery, request.query);
    const { from, to } = statementRange(dayIn(await schoolZone(schoolReads(context.db, caller).tx, caller.tenantId)), query);
    return inSchool(context.db, caller, (work) => accountStatement(work, { accountId: query.accountId, from, to, pageNo: all ? 1 : query.pageNo, pageSize: all ? 10_000 : query.pageSize }));
  };
  api.get('/memb/account/statement', { config: { permission: 'members:accounts' } }, async (request) => ok(await statementOf(request, false)));
  api.get('/memb/account/statement/export', { config: { permission: 'members:accounts' } }, async (request, reply) => {
    const statement = await statementOf(request, true);
    const types = await context.dictionaries.listOf('txn_type', authOf(request).tenantId, authOf(request).locale);
    const workbook = await statementWorkbook(statement, (type) => types.find((item) => item.value === type)?.text ?? type);
    const name = `账户流水_${statement.account.memberNo}_${statement.from}_${statement.to}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(workbook);
  });

  api.get('/memb/account/reconcile', { config: { permission: 'account:reconcile' } }, async (request) => ok(await ledger.reconcile(authOf(request).tenantId)));
}
