import { describe, expect, it } from 'vitest';
import { greetingForHour } from '@shared/greeting';
import { documentTitleFor } from '@web/menu/useDocumentTitle';

describe('the greeting by hour', () => {
  it.each([
    [0, 'morning'],
    [8, 'morning'],
    [9, 'forenoon'],
    [11, 'forenoon'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [19, 'afternoon'],
    [20, 'evening'],
    [23, 'evening'],
  ])('at %i h says %s', (hour, key) => {
    expect(greetingForHour(hour)).toBe(key);
  });
});

describe('the document title', () => {
  it('is the page title, a separator and the product name', () => {
    expect(documentTitleFor('用户管理', '校园一卡通管理平台')).toBe('用户管理 - 校园一卡通管理平台');
  });
  it('is only the product name on home', () => {
    expect(documentTitleFor(null, '校园一卡通管理平台')).toBe('校园一卡通管理平台');
  });
});
