import type { RecordRule } from '../../engine/rules';

const given = (value: unknown) => value !== null && value !== undefined && value !== '';

/** A row ends on or after the day it starts. */
export const endsAfterStart: RecordRule = (values) =>
  typeof values.validFrom === 'string' && typeof values.validTo === 'string' && values.validFrom && values.validTo && values.validTo < values.validFrom
    ? { field: 'validTo', message: { 'zh-CN': '失效日期不能早于生效日期', en: 'The row cannot end before it starts' } }
    : null;

/** 固定补贴 needs its amount, 比率餐补 its share; the other modes need neither. */
export const allowanceComplete: RecordRule = (values) => {
  if (values.allowanceMode === '1' && !(Number(values.allowance) > 0)) return { field: 'allowance', message: { 'zh-CN': '固定补贴请填写餐补金额', en: 'A fixed allowance needs its amount' } };
  if (values.allowanceMode === '3' && !given(values.allowancePermille))
    return { field: 'allowancePermille', message: { 'zh-CN': '比率餐补请填写餐补比率', en: 'An allowance by share needs its share' } };
  return null;
};

/** A fixed price is above zero (a free meal is the 免费餐 allowance, which the school pays). */
export const fixedPriceAboveZero: RecordRule = (values) =>
  given(values.fixedPrice) && !(Number(values.fixedPrice) > 0)
    ? { field: 'fixedPrice', message: { 'zh-CN': '固定价必须大于0，免费餐请选择餐补方式', en: 'A fixed price is above zero; for a free meal choose the allowance' } }
    : null;

/** A store is chosen within a canteen. */
export const storeInCanteen: RecordRule = (values) =>
  given(values.storeId) && !given(values.canteenId) ? { field: 'canteenId', message: { 'zh-CN': '选择档口时请同时选择其食堂', en: 'Choose the canteen of the store too' } } : null;

export const typeDiscountRules: readonly RecordRule[] = [endsAfterStart, allowanceComplete, fixedPriceAboveZero, storeInCanteen];
