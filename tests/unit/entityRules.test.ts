import { describe, expect, it } from 'vitest';
import { recordSchema } from '@shared/engine/schemas';
import { issueMessage, type MessageLocale } from '@shared/validation';
import { rulesOf } from '@shared/entities/rules';
import { mealConfig } from '@shared/entities/meals/mealConfig';
import { overlappingWindow } from '@shared/entities/meals/mealConfig.rules';
import { whiteList } from '@shared/entities/meals/whiteList';

/** The first problem the add schema (with the entity's rules) finds, as path and message. */
function firstProblem(spec: typeof mealConfig, values: Record<string, unknown>, locale: MessageLocale) {
  const parsed = recordSchema(spec, 'add', rulesOf(spec)).safeParse(values, { error: (issue) => issueMessage(issue, locale) });
  return parsed.success ? null : { path: parsed.error.issues[0]!.path.join('.'), message: parsed.error.issues[0]!.message };
}

const lunch = { mealType: '2', mealName: '午餐', startTime: '11:00', endTime: '13:00', orderDeadline: '09:00', sortNo: 2, status: '1' };
const period = { memberId: 'm1', whiteType: '1', validFrom: '2026-09-01', validTo: '2027-01-31', reason: '特殊饮食', status: '1' };

describe('record rules beside a declaration', () => {
  it('a meal that ends before it starts is refused on endTime, in both languages', () => {
    expect(firstProblem(mealConfig, lunch, 'zh-CN')).toBeNull();
    expect(firstProblem(mealConfig, { ...lunch, endTime: '10:30' }, 'zh-CN')).toEqual({ path: 'endTime', message: '就餐结束时间须晚于开始时间' });
    expect(firstProblem(mealConfig, { ...lunch, endTime: '11:00' }, 'en')).toEqual({ path: 'endTime', message: 'The meal must end after it starts' });
  });

  it('an allow-list period that ends before it starts is refused on validTo; the same day passes', () => {
    expect(firstProblem(whiteList, period, 'zh-CN')).toBeNull();
    expect(firstProblem(whiteList, { ...period, validTo: '2026-09-01' }, 'zh-CN')).toBeNull();
    expect(firstProblem(whiteList, { ...period, validTo: '2026-08-31' }, 'zh-CN')).toEqual({ path: 'validTo', message: '失效日期不能早于生效日期' });
    expect(firstProblem(whiteList, { ...period, validTo: '2026-08-31' }, 'en')).toEqual({ path: 'validTo', message: 'The end date cannot be before the start date' });
  });

  it('rules wait for well-formed fields: a missing time is reported as missing, not as a window', () => {
    expect(firstProblem(mealConfig, { ...lunch, endTime: undefined }, 'zh-CN')?.path).toBe('endTime');
    expect(firstProblem(mealConfig, { ...lunch, endTime: undefined }, 'zh-CN')?.message).not.toContain('晚于');
  });

  it('windows overlap when they share a minute; windows that only touch do not', () => {
    const stored = [
      { mealName: '早餐', startTime: '06:30', endTime: '08:30' },
      { mealName: '晚餐', startTime: '17:00', endTime: '19:00' },
    ];
    expect(overlappingWindow({ mealName: '午餐', startTime: '11:00', endTime: '13:00' }, stored)).toBeUndefined();
    expect(overlappingWindow({ mealName: '午餐', startTime: '08:30', endTime: '17:00' }, stored)).toBeUndefined();
    expect(overlappingWindow({ mealName: '早点', startTime: '08:29', endTime: '09:00' }, stored)?.mealName).toBe('早餐');
    expect(overlappingWindow({ mealName: '全天', startTime: '05:00', endTime: '23:00' }, stored)?.mealName).toBe('早餐');
    expect(overlappingWindow({ mealName: '夜宵', startTime: '18:59', endTime: '22:00' }, stored)?.mealName).toBe('晚餐');
  });
});
