import { and, eq, isNull, ne } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import { typeDiscounts } from '../../db/schema';
import { badRequest } from '../../http/envelope';

/** One discount row per member type, canteen and meal: a payment must find one answer. */
export const typeDiscountHooks: EntityHooks = {
  async beforeSave({ tx, tenantId, id, values, before }) {
    const pick = (key: string) => {
      const value = values[key] === undefined ? before?.[key] : values[key];
      return value === '' || value === undefined ? null : (value as string | null);
    };
    const canteenId = pick('canteenId');
    const mealType = pick('mealType');
    const [twin] = await tx
      .select({ id: typeDiscounts.id })
      .from(typeDiscounts)
      .where(
        and(
          eq(typeDiscounts.tenantId, tenantId),
          eq(typeDiscounts.memberTypeId, String(pick('memberTypeId'))),
          eq(typeDiscounts.delFlag, 0),
          canteenId ? eq(typeDiscounts.canteenId, canteenId) : isNull(typeDiscounts.canteenId),
          mealType ? eq(typeDiscounts.mealType, mealType) : isNull(typeDiscounts.mealType),
          id ? ne(typeDiscounts.id, id) : undefined,
        ),
      );
    if (twin) throw badRequest('该人员类型在这个食堂和餐次已有折扣规则', 'This member type already has a discount for this canteen and meal');
  },
};
