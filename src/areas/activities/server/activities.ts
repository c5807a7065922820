import type { activity as activitySpec } from '../shared/entities/activity';
import type { activityParticipant } from '../shared/entities/participant';
import type { FlowEffects } from '@server/crud/flowActions';
import type { EntityHooks } from '@server/crud/registerEntity';
import { badRequest } from '@server/http/envelope';
import { nextBillNo } from '@server/modules/bills/billNo';
import { billHooks } from '@server/modules/bills/billHooks';
import { giveToParticipants, withdrawGift } from './gifts';
import type { activities, activityParticipants } from './tables';
import type { RowOf } from '@server/db/work';

/**
 * 活动管理 (declared in activity.ts): numbered HD…; dates in order; a gift within its budget; a
 * 充值赠送 names the recharge that triggers it. 参与赠送 gives in the action's transaction and says
 * how many got it and why the others did not.
 */
export const ACTIVITY_HOOKS: EntityHooks<RowOf<typeof activities>> = {
  ...billHooks('HD', {
    async beforeSave({ values, before }) {
      const pick = <T>(key: keyof RowOf<typeof activities>) => (values[key] !== undefined ? values[key] : before?.[key]) as T;
      const start = pick<string>('startDate');
      const end = pick<string>('endDate');
      if (start && end && end < start) throw badRequest('结束日期不能早于开始日期', 'The campaign cannot end before it starts');
      const gift = Number(pick<number>('gift') ?? 0);
      const budget = Number(pick<number>('budget') ?? 0);
      if (gift > budget) throw badRequest('赠送金额不能超过活动预算', 'The gift cannot exceed the budget');
      if (pick<string>('activityType') === '1' && !(Number(pick<number>('threshold') ?? 0) > 0)) throw badRequest('充值赠送须填写充值满多少元', 'A recharge gift needs the recharge that triggers it');
      if (pick<string>('activityType') === '2' && !(Number(pick<number>('threshold') ?? 0) > 0))
        throw badRequest('消费满减须填写消费满多少元', 'A spend-and-get campaign needs the spending that triggers it');
    },
  }),
  actions: {
    reject: async ({ input }) => ({ set: { rejectReason: input.rejectReason } }),
    async give({ work, row, input }) {
      // The activity as the flow locked it (its gifts count on a copy).
      const activity = { ...row };
      const runNo = await nextBillNo(work.tx, work.tenantId, 'ZS');
      const outcomes = await giveToParticipants(work, activity, { deptId: input.deptId, memberTypeId: input.memberTypeId, memberNos: input.memberNos }, runNo);
      const given = outcomes.filter((outcome) => outcome.given).length;
      const reasons = [...new Set(outcomes.filter((outcome) => !outcome.given).map((outcome) => outcome.reason))].join('；');
      const skipped = outcomes.length - given;
      const total = ((given * activity.gift) / 100).toFixed(2);
      return {
        note: `${runNo}：赠送 ${given} 人${skipped ? `，未发放 ${skipped} 人（${reasons}）` : ''}`,
        preview: skipped
          ? { 'zh-CN': `将赠送 ${given} 人，合计 ${total} 元；不发放 ${skipped} 人：${reasons}`, en: `Would give ${given}, ${total} in all; ${skipped} would not be given` }
          : { 'zh-CN': `将赠送 ${given} 人，合计 ${total} 元`, en: `Would give ${given}, ${total} in all` },
        done: skipped
          ? { 'zh-CN': `已赠送 ${given} 人，未发放 ${skipped} 人：${reasons}`, en: `Given to ${given}; ${skipped} not given (see the participants)` }
          : { 'zh-CN': `已赠送 ${given} 人`, en: `Given to ${given}` },
      };
    },
  } satisfies FlowEffects<typeof activitySpec, RowOf<typeof activities>>,
};

/** 撤回赠送 on a participant. */
export const PARTICIPANT_HOOKS: EntityHooks<RowOf<typeof activityParticipants>> = {
  actions: {
    async withdraw({ work, row, input }) {
      const taken = await withdrawGift(work, row, input.reason);
      return { set: { status: '2', withdrawTxnNo: taken.txnNo, reason: input.reason }, note: `收回 ${(taken.amount / 100).toFixed(2)} 元（${taken.txnNo}）` };
    },
  } satisfies FlowEffects<typeof activityParticipant, RowOf<typeof activityParticipants>>,
};
