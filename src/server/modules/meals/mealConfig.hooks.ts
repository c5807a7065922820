import { and, eq, isNull, ne } from 'drizzle-orm';
import { overlappingWindow } from '@shared/entities/meals/mealConfig.rules';
import type { EntityHooks } from '../../crud/registerEntity';
import { mealConfigs } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { badRequest } from '../../http/envelope';

/**
 * The windows of one canteen (or of the school's default, no canteen) must not overlap: checked
 * against the stored windows, in the saving transaction. A window that ends before it starts is
 * refused earlier, by the record's rules.
 */
export const mealConfigHooks: EntityHooks<RowOf<typeof mealConfigs>> = {
  async beforeSave({ work, id, values }) {
    const window = { mealName: values.mealName ?? '', startTime: values.startTime ?? '', endTime: values.endTime ?? '' };
    const canteenId = values.canteenId ?? null;
    const others = await work.rows(mealConfigs, and(canteenId ? eq(mealConfigs.canteenId, canteenId) : isNull(mealConfigs.canteenId), id ? ne(mealConfigs.id, id) : undefined));
    const clash = overlappingWindow(window, others);
    if (clash) {
      throw badRequest(
        `「${window.mealName}」${window.startTime}–${window.endTime} 与「${clash.mealName}」${clash.startTime}–${clash.endTime} 的就餐时段重叠（startTime）`,
        `"${window.mealName}" ${window.startTime}–${window.endTime} overlaps "${clash.mealName}" ${clash.startTime}–${clash.endTime} (startTime)`,
      );
    }
  },
};
