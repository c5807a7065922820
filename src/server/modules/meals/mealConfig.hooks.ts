import { and, eq, isNull, ne } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import { mealConfigs } from '../../db/schema';
import { badRequest } from '../../http/envelope';

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * A meal's window must end after it starts, and the windows of one canteen (or of the school's
 * default, no canteen) must not overlap: a consumption belongs to the one meal whose window holds
 * its time.
 */
export const mealConfigHooks: EntityHooks = {
  async beforeSave({ tx, tenantId, id, values }) {
    const start = String(values.startTime);
    const end = String(values.endTime);
    if (minutes(end) <= minutes(start)) throw badRequest('就餐结束时间须晚于开始时间（endTime）', 'The meal must end after it starts (endTime)');
    const canteenId = (values.canteenId as string | null) ?? null;
    const others = await tx
      .select({ mealName: mealConfigs.mealName, startTime: mealConfigs.startTime, endTime: mealConfigs.endTime })
      .from(mealConfigs)
      .where(
        and(eq(mealConfigs.tenantId, tenantId), eq(mealConfigs.delFlag, 0), canteenId ? eq(mealConfigs.canteenId, canteenId) : isNull(mealConfigs.canteenId), id ? ne(mealConfigs.id, id) : undefined),
      );
    const clash = others.find((other) => minutes(start) < minutes(other.endTime) && minutes(other.startTime) < minutes(end));
    if (clash) {
      throw badRequest(
        `「${String(values.mealName)}」${start}–${end} 与「${clash.mealName}」${clash.startTime}–${clash.endTime} 的就餐时段重叠（startTime）`,
        `"${String(values.mealName)}" ${start}–${end} overlaps "${clash.mealName}" ${clash.startTime}–${clash.endTime} (startTime)`,
      );
    }
  },
};
