/** 活动管理 on the server: the campaigns on the engine, their gifts on recharges, payments and expiry, the sample campaigns. */
import { unscoped } from '@server/db/work';
import type { ServerArea } from '@server/registry/areas';
import { activitiesShared, activity, activityParticipant } from '../shared';
import { ACTIVITY_HOOKS, PARTICIPANT_HOOKS } from './activities';
import { expireGifts, giftsBackOnRefunds, giftsOnPayments, giftsOnRecharge } from './gifts';
import { seedActivities } from './seed';
import { activities, activityParticipants } from './tables';

export const activitiesServer: ServerArea = {
  shared: activitiesShared,
  entities: [
    [activity, activities, ACTIVITY_HOOKS],
    [activityParticipant, activityParticipants, PARTICIPANT_HOOKS],
  ],
  jobs: {
    /**
     * 消费满减: payments since the last run reaching a live campaign's 满X get its gift back into the campaign's
     * wallet; gifts whose payment was refunded below its 满X, or whose recharge was reversed, are taken back.
     */
    spendGifts: {
      title: { 'zh-CN': '消费满减赠送', en: 'Spend-and-get gifts' },
      async run(context) {
        const given = await giftsOnPayments(unscoped(context.db, 'activities: the spend-and-get rewards run over every school’s payments, one school at a time'));
        const back = await giftsBackOnRefunds(unscoped(context.db, 'activities: gifts whose trigger was refunded are found across every school'));
        return `消费满减赠送 ${given} 笔，退款收回 ${back} 笔`;
      },
      schedule: {
        cron: '0 * * * * ?',
        description: '每分钟把新的消费按进行中的消费满减活动返赠（每笔消费一次，在预算和每人次数之内），并收回原单退款或冲正后不再满足条件的赠送',
      },
    },
  },
  dailyExpiry: async (context) => `收回 ${await expireGifts(unscoped(context.db, 'activities: the daily job takes back every school’s gifts past their validity'))} 笔过期活动赠送`,
  // 充值赠送: the live campaigns a recharge reaches give their gifts in its transaction.
  ledger: {
    async onRecharge(tx, caller, account, recharge) {
      await giftsOnRecharge(tx, caller, account, recharge);
    },
  },
  seed: ({ tx, tenantId, by }) => seedActivities(tx, tenantId, by),
};

export { activities, activityParticipants };

export default activitiesServer;
