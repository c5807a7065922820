import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import { mealStores, typeDiscounts } from '../../db/schema';
import { badRequest } from '../../http/envelope';

/**
 * A payment must find one answer: one discount row per member type, canteen, store and meal in
 * force on any day (rows of the same scope may follow one another, not overlap). A store belongs
 * to the row's canteen.
 */
export const typeDiscountHooks: EntityHooks = {
  async beforeSave({ work, id, values, before }) {
    const pick = (key: string) => {
      const value = values[key] === undefined ? before?.[key] : values[key];
      return value === '' || value === undefined ? null : (value as string | null);
    };
    const canteenId = pick('canteenId');
    const storeId = pick('storeId');
    const mealType = pick('mealType');
    if (storeId) {
      // The store as stored, deleted or not.
      const [store] = await work.rows(mealStores, eq(mealStores.id, storeId), { deleted: true, limit: 1 });
      if (store?.canteenId !== canteenId) throw badRequest('所选档口不属于所选食堂', 'The store is not in the chosen canteen');
    }
    const from = pick('validFrom') ?? '0001-01-01';
    const to = pick('validTo') ?? '9999-12-31';
    const [twin] = await work.rows(
      typeDiscounts,
      and(
        eq(typeDiscounts.memberTypeId, String(pick('memberTypeId'))),
        canteenId ? eq(typeDiscounts.canteenId, canteenId) : isNull(typeDiscounts.canteenId),
        storeId ? eq(typeDiscounts.storeId, storeId) : isNull(typeDiscounts.storeId),
        mealType ? eq(typeDiscounts.mealType, mealType) : isNull(typeDiscounts.mealType),
        sql`coalesce(${typeDiscounts.validFrom}, '0001-01-01') <= ${to}::date`,
        sql`coalesce(${typeDiscounts.validTo}, '9999-12-31') >= ${from}::date`,
        id ? ne(typeDiscounts.id, id) : undefined,
      ),
      { limit: 1 },
    );
    // One line, so the messages test finds its English beside it.
    // prettier-ignore
    if (twin) throw badRequest('该人员类型在这个食堂、档口和餐次已有生效期重叠的折扣规则', 'This member type already has a discount for this canteen, store and meal in force on some of these days');
  },
};
