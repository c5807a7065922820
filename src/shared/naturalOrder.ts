/**
 * The order people expect of names: numbers inside them compare as numbers, whether written
 * 1, 2, 10 or 一, 二, 十 (高一 < 高二 < 高三; 第二食堂 < 第十食堂; 2班 < 10班), and the rest in
 * the Chinese dictionary order (pinyin), never by code point (which puts 三 before 二).
 */

const DIGITS: Readonly<Record<string, number>> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const UNITS: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000 };

/** A run of Arabic digits, or of Chinese numerals up to 千 (万 is left as a word: 万达, 万象). */
const NUMBER_RUN = /[0-9]+|[零〇一二两三四五六七八九十百千]+/g;

/** 十二 → 12, 二十 → 20, 一百零五 → 105, 二〇二六 → 2026 (digit by digit when there is no unit). */
export function chineseNumeralValue(run: string): number {
  if (![...run].some((char) => char in UNITS)) return Number([...run].map((char) => DIGITS[char] ?? 0).join(''));
  let total = 0;
  let digit = 0;
  for (const char of run) {
    const unit = UNITS[char];
    if (unit === undefined) digit = DIGITS[char] ?? 0;
    else {
      // 十 alone is 10: a unit with no digit before it counts once.
      total += (digit || 1) * unit;
      digit = 0;
    }
  }
  return total + digit;
}

type Part = { number: number } | { text: string };

function partsOf(value: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of value.matchAll(NUMBER_RUN)) {
    if (match.index > last) parts.push({ text: value.slice(last, match.index) });
    const run = match[0];
    parts.push({ number: /^[0-9]/.test(run) ? Number(run) : chineseNumeralValue(run) });
    last = match.index + run.length;
  }
  if (last < value.length) parts.push({ text: value.slice(last) });
  return parts;
}

const collator = new Intl.Collator('zh-CN', { sensitivity: 'base' });
const cache = new Map<string, Part[]>();
const CACHE_LIMIT = 5000;

function cachedParts(value: string): Part[] {
  let parts = cache.get(value);
  if (!parts) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    parts = partsOf(value);
    cache.set(value, parts);
  }
  return parts;
}

/** Compares two names naturally; equal-looking names fall back to code point so the order is total. */
export function naturalCompare(a: string, b: string): number {
  if (a === b) return 0;
  const left = cachedParts(a);
  const right = cachedParts(b);
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const x = left[i]!;
    const y = right[i]!;
    if ('number' in x && 'number' in y) {
      if (x.number !== y.number) return x.number - y.number;
    } else if ('text' in x && 'text' in y) {
      const byText = collator.compare(x.text, y.text);
      if (byText !== 0) return byText;
    } else return 'number' in x ? -1 : 1;
  }
  if (left.length !== right.length) return left.length - right.length;
  return a < b ? -1 : 1;
}

/** Sort number first (none sorts last), then the name naturally. */
export function bySortThenName<T>(sortOf: (item: T) => number | null | undefined, nameOf: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => {
    const x = sortOf(a) ?? Number.POSITIVE_INFINITY;
    const y = sortOf(b) ?? Number.POSITIVE_INFINITY;
    if (x !== y) return x < y ? -1 : 1;
    return naturalCompare(nameOf(a), nameOf(b));
  };
}
