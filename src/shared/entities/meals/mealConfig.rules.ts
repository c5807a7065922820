import type { RecordRule } from '../../engine/rules';

/** A meal window as typed (HH:mm). */
export interface MealWindow {
  mealName: string;
  startTime: string;
  endTime: string;
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A meal ends after it starts (a window never runs past midnight). */
export const endsAfterStart: RecordRule = (values) =>
  typeof values.startTime === 'string' && typeof values.endTime === 'string' && minutes(values.endTime) <= minutes(values.startTime)
    ? { field: 'endTime', message: { 'zh-CN': '就餐结束时间须晚于开始时间', en: 'The meal must end after it starts' } }
    : null;

/**
 * The first of `others` whose window shares a minute with `window` (touching ends do not: lunch
 * may end at 13:00 when supper starts at 13:00). A consumption belongs to the one meal whose window
 * holds its time, so the windows of one canteen must not overlap.
 */
export function overlappingWindow<W extends MealWindow>(window: MealWindow, others: readonly W[]): W | undefined {
  return others.find((other) => minutes(window.startTime) < minutes(other.endTime) && minutes(other.startTime) < minutes(window.endTime));
}

export const mealConfigRules: readonly RecordRule[] = [endsAfterStart];
