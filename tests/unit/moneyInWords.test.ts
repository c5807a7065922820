import { describe, expect, it } from 'vitest';
import { moneyInWords } from '@shared/moneyInWords';

describe('moneyInWords (大写金额)', () => {
  it.each([
    [0, '零元整'],
    [5, '伍分'],
    [50, '伍角整'],
    [100, '壹元整'],
    [105, '壹元零伍分'],
    [150, '壹元伍角整'],
    [1000, '壹拾元整'],
    [100_500, '壹仟零伍元整'],
    [123_456, '壹仟贰佰叁拾肆元伍角陆分'],
    [10_000_000, '壹拾万元整'],
    [10_000_100, '壹拾万零壹元整'],
    [100_000_000_00, '壹亿元整'],
    [100_010_000_00, '壹亿零壹万元整'],
    [120_000_300_07, '壹亿贰仟万零叁佰元零柒分'],
    [-2_050, '负贰拾元伍角整'],
  ])('%i cents → %s', (cents, words) => {
    expect(moneyInWords(cents)).toBe(words);
  });

  it('refuses what is not a whole number of cents', () => {
    expect(() => moneyInWords(1.5)).toThrow();
  });
});
