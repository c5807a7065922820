import type { account } from '@shared/entities/members/account';
import type { LedgerEffects, LedgerQuoters } from '../../crud/ledgerActions';
import { schoolReads } from '../../db/work';
import { accounts } from '../../db/schema';
import { badRequest, notFound } from '../../http/envelope';
import { ADJUSTABLE_WALLETS, type AdjustableWallet } from './adjustments';
import { ledgerService, type OnlineChannel, type RechargeChannel } from './service';
import { yuanOf } from '@shared/reportColumns';

/**
 * The account's ledger actions (members.account's flow): the engine parses the account, the amount
 * by the ledger's one rule and the key; these post through the ledger service, which locks the
 * account, answers a retried key with the first posting and checks the account's state.
 */
export const accountLedgerActions: LedgerEffects<typeof account> = {
  /** 充值: cash or a transfer posts now; WeChat or Alipay makes an order the channel's callback posts. */
  async recharge({ context, caller, id, input, idempotencyKey }) {
    const ledger = ledgerService(context.db);
    const who = { tenantId: caller.tenantId, username: caller.username };
    if (input.channel === 'wechat' || input.channel === 'alipay') {
      if (!context.config.paymentSecrets?.[input.channel]) throw badRequest('该支付方式未开通', 'This payment channel is not set up');
      const order = await ledger.startOnlineRecharge(who, { key: idempotencyKey, accountId: id, amountCents: input.amount, channel: input.channel as OnlineChannel });
      return { answer: order, done: { 'zh-CN': '已创建支付订单，等待支付结果', en: 'Payment order made: waiting for the payment' } };
    }
    const posted = await ledger.recharge(who, {
      key: idempotencyKey,
      accountId: id,
      amountCents: input.amount,
      channel: input.channel as RechargeChannel,
      ...(input.remark ? { remark: input.remark } : {}),
    });
    return { answer: posted, done: { 'zh-CN': `充值成功！现金余额 ¥${yuanOf(posted.balances.CASH)}`, en: `Recharged. Cash balance ¥${yuanOf(posted.balances.CASH)}` } };
  },

  /** 手工调账, 录入: the request waits for a second person's approval (its own key on the request, a retry answers it). */
  async adjust({ context, caller, id, input, idempotencyKey }) {
    if (!(ADJUSTABLE_WALLETS as readonly string[]).includes(input.wallet)) throw badRequest('钱包的取值不正确（wallet）', 'Wallet has a value that is not allowed (wallet)');
    const entered = await ledgerService(context.db).requestAdjustment(
      { tenantId: caller.tenantId, username: caller.username },
      { key: idempotencyKey, accountId: id, wallet: input.wallet as AdjustableWallet, direction: input.direction as '1' | '2', amountCents: input.amount, reason: input.reason },
    );
    return { answer: entered, done: { 'zh-CN': `调账单 ${entered.billNo} 已提交，等待另一位操作员审核`, en: `Adjustment ${entered.billNo} entered: another operator must approve it` } };
  },

  /** 销户: the cards cancelled, the money settled; the clerk typed again what is paid out (the quote's). */
  async close({ context, caller, id, input, idempotencyKey }) {
    const posted = await ledgerService(context.db).closeAccount(
      { tenantId: caller.tenantId, username: caller.username },
      { key: idempotencyKey, accountId: id, deposit: input.deposit as 'refund' | 'forfeit', reason: input.reason },
    );
    return { answer: posted, done: { 'zh-CN': `销户成功！已退 ¥${yuanOf(posted.amountCents)}`, en: `Account closed. Paid out ¥${yuanOf(posted.amountCents)}` } };
  },
};

/** What the account's ledger actions would post, worked out before the clerk confirms it. */
export const accountLedgerQuotes: LedgerQuoters<typeof account> = {
  /** 销户 pays out the cash left (an overdrawn account is refused when it posts) and the deposit when it is paid back. */
  async close({ context, caller, id, input }) {
    const found = await schoolReads(context.db, caller).one(accounts, id);
    if (!found) throw notFound('账户不存在');
    return { figures: { payOut: Math.max(found.cash, 0) + ((input.deposit ?? 'refund') === 'refund' ? found.deposit : 0) } };
  },
};
