import { describe, expect, it } from 'vitest';
import { bySortThenName, chineseNumeralValue, naturalCompare } from '@shared/naturalOrder';

const sorted = (names: string[]) => [...names].sort(naturalCompare);

describe('natural order', () => {
  it('reads Chinese numerals as numbers', () => {
    expect(['一', '十', '十二', '二十', '二十三', '一百零五', '三千', '二〇二六'].map(chineseNumeralValue)).toEqual([1, 10, 12, 20, 23, 105, 3000, 2026]);
  });

  it('orders grades, canteens and classes by their numbers, written either way', () => {
    expect(sorted(['高三', '高一', '高二'])).toEqual(['高一', '高二', '高三']);
    expect(sorted(['第十食堂', '第三食堂', '第一食堂', '第二食堂'])).toEqual(['第一食堂', '第二食堂', '第三食堂', '第十食堂']);
    expect(sorted(['初一（10）班', '初一（2）班', '初一（1）班'])).toEqual(['初一（1）班', '初一（2）班', '初一（10）班']);
    expect(sorted(['POS10', 'POS9', 'pos1'])).toEqual(['pos1', 'POS9', 'POS10']);
    expect(sorted(['高2', '高一', '高三'])).toEqual(['高一', '高2', '高三']);
  });

  it('orders the words between them as a Chinese dictionary does, not by code point', () => {
    expect(sorted(['张三', '李四', '王五'])).toEqual(['李四', '王五', '张三']);
    expect(sorted(['食堂', '档口', '餐桌'])).toEqual(['餐桌', '档口', '食堂']);
    // A total order: names equal to the collator still have one place.
    expect(sorted(['a', 'A'])).toEqual(['A', 'a']);
  });

  it('puts the sort number first, then the name; no number sorts last', () => {
    const rows = [
      { name: '第二食堂', sort: 2 },
      { name: '第三食堂', sort: null },
      { name: '第十食堂', sort: 1 },
      { name: '第一食堂', sort: 2 },
    ];
    expect(
      rows
        .sort(
          bySortThenName(
            (row) => row.sort,
            (row) => row.name,
          ),
        )
        .map((row) => row.name),
    ).toEqual(['第十食堂', '第一食堂', '第二食堂', '第三食堂']);
  });
});
