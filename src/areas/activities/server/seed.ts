import { eq } from 'drizzle-orm';
import { addDays, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import type { Executor } from '@server/db/client';
import { newId } from '@server/db/ids';
import { memberTypes } from '@server/db/schema';
import { activities } from './tables';
import { Work } from '@server/db/work';
import { nextBillNo } from '@server/modules/bills/billNo';
import { giveToParticipants } from './gifts';

/**
 * 活动管理's sample: a live 充值赠送 (充100送10 into the gift wallet, for a month), a live 教师节加餐
 * given to every staff member through 参与赠送 (through the ledger, as the clerk would), a 报名 draft,
 * a 免费餐 the canteen's clerk submitted for the administrator's audit, one campaign of last term
 * (已结束), one approved for next month (未开始) and one stopped.
 */
export async function seedActivities(tx: Executor, tenantId: number, operator: string): Promise<void> {
  const today = dayIn(DEFAULT_TIME_ZONE);
  // The sample school's own rows, in the seed's transaction.
  const work = new Work(tx, tenantId, operator);
  const [staff] = await work.rows(memberTypes, eq(memberTypes.code, 'STAFF'));
  const base = { tenantId, startDate: addDays(today, -7), endDate: addDays(today, 23), maxTimes: 1 };
  const rows = [
    {
      ...base,
      createBy: operator,
      name: '开学充值有礼',
      activityType: '1',
      threshold: 10000,
      gift: 1000,
      wallet: 'GIFT',
      giftValidDays: 90,
      budget: 500000,
      status: '2',
      auditBy: 'canteen',
      auditAt: new Date(),
      description: '活动期间单笔充值满100元赠送10元，每人一次，赠送金额90天内有效。',
    },
    {
      ...base,
      createBy: operator,
      name: '教职工加餐补贴',
      activityType: '3',
      memberTypeId: staff?.id ?? null,
      gift: 1500,
      wallet: 'SUBSIDY',
      budget: 300000,
      status: '2',
      auditBy: 'canteen',
      auditAt: new Date(),
      description: '教职工每人一次加餐补贴15元，记入补助钱包。',
    },
    { ...base, createBy: operator, name: '校运会志愿者报名', activityType: '4', gift: 2000, wallet: 'GIFT', budget: 100000, status: '0', description: '报名并完成志愿服务的同学赠送20元。' },
    {
      ...base,
      createBy: 'canteen',
      name: '期末免费早餐',
      activityType: '3',
      startDate: addDays(today, 10),
      endDate: addDays(today, 20),
      gift: 800,
      wallet: 'GIFT',
      giftValidDays: 14,
      budget: 200000,
      status: '1',
      description: '期末考试周每人一份免费早餐。',
    },
    // Approved campaigns of other weeks: the day's job (到期处理) shows them 已结束 and 未开始.
    {
      ...base,
      createBy: operator,
      name: '国庆充值有礼',
      activityType: '1',
      startDate: addDays(today, -60),
      endDate: addDays(today, -54),
      threshold: 20000,
      gift: 2000,
      wallet: 'GIFT',
      giftValidDays: 60,
      budget: 300000,
      status: '2',
      auditBy: 'canteen',
      auditAt: new Date(),
      description: '国庆假期单笔充值满200元赠送20元。',
    },
    {
      ...base,
      createBy: operator,
      name: '元旦加餐',
      activityType: '3',
      startDate: addDays(today, 30),
      endDate: addDays(today, 32),
      gift: 1000,
      wallet: 'GIFT',
      giftValidDays: 7,
      budget: 500000,
      status: '2',
      auditBy: 'canteen',
      auditAt: new Date(),
      description: '元旦前后每人加餐补贴10元。',
    },
    {
      ...base,
      createBy: operator,
      name: '周末水果日',
      activityType: '3',
      gift: 300,
      wallet: 'GIFT',
      budget: 50000,
      status: '4',
      auditBy: 'canteen',
      auditAt: new Date(),
      description: '周末每人一份水果，因供应商调整暂停。',
    },
  ];
  const made: (typeof activities.$inferSelect)[] = [];
  for (const row of rows) {
    const [activity] = await tx
      .insert(activities)
      .values({ ...row, id: newId(), billNo: await nextBillNo(tx, tenantId, 'HD') })
      .returning();
    made.push(activity!);
  }
  if (staff) await giveToParticipants(work, made[1]!, { memberTypeId: staff.id }, await nextBillNo(tx, tenantId, 'ZS'));
}
