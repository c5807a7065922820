import type { cardReplacement } from '@shared/entities/members/cardReplacement';
import type { LedgerEffects } from '../../crud/ledgerActions';
import { ledgerService } from './service';
import { yuanOf } from '@shared/reportColumns';

/** 补卡撤销 (补卡管理's ledger action): the day's replacement undone, the new card cancelled, the fee paid back. */
export const cardReplacementLedgerActions: LedgerEffects<typeof cardReplacement> = {
  async cancel({ context, caller, id, input, idempotencyKey }) {
    const posted = await ledgerService(context.db).cancelReplacement({ tenantId: caller.tenantId, username: caller.username }, { key: idempotencyKey, billId: id, reason: input.reason });
    return { answer: posted, done: { 'zh-CN': `补卡已撤销，退还补卡费 ¥${yuanOf(posted.amountCents)}`, en: `Replacement cancelled; fee of ¥${yuanOf(posted.amountCents)} paid back` } };
  },
};
