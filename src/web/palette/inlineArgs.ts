import type { Command, InlineArg } from '@commands/types';
import type { Titles } from '@shared/engine/spec';
import { addDays } from '@shared/schoolTime';
import { normaliseQuery, scoreKeys, type SearchKeys } from './search';
import { ledgerAmountRefusal } from '@shared/money';

/** One typed argument: its text, where it is in the query, and the value it means or why it cannot be one. */
export interface TypedArg {
  arg: InlineArg;
  text: string;
  /** Character offsets of the text in the query (Tab selects it). */
  start: number;
  end: number;
  value?: string;
  error?: Titles;
}

/** A command named by the query's first word, with the arguments typed after it. */
export interface InlineMatch {
  command: Command;
  typed: TypedArg[];
  /** The arguments not typed yet. */
  missing: InlineArg[];
  /** Words typed beyond the command's arguments. */
  extra: string[];
  /** Every argument typed, each one a value: Enter runs it. */
  ready: boolean;
}

/** A card's number, a chip's hex, a 学/工号 — with a digit in it (`recharge reversal` names no one): what a reader or a clerk types for a person. */
const PERSON_NUMBER = /^(?=.*\d)[0-9A-Za-z]{4,20}$/;
/** A name: Chinese characters (with the middle dot of some names). */
const PERSON_NAME = /^[\u3400-\u9fff·]{2,10}$/;
/** Yuan with up to two decimals, after ¥ or ￥ and before 元 or 块 (both optional). */
const AMOUNT = /^[¥￥]?(\d{1,7}(?:\.\d{1,2})?)(?:元|块)?$/;

const RELATIVE_DAYS: Readonly<Record<string, number>> = { 今天: 0, 今日: 0, 明天: 1, 明日: 1, 后天: 2, 昨天: -1, 昨日: -1, today: 0, tomorrow: 1, yesterday: -1 };

/**
 * The value a typed text means for an argument, or why it cannot be one. Days are the school's:
 * `today` is the school's today (`YYYY-MM-DD`).
 */
export function argValue(arg: InlineArg, text: string, today: string): { value: string } | { error: Titles } {
  switch (arg.kind) {
    case 'person':
      return PERSON_NUMBER.test(text) || PERSON_NAME.test(text) ? { value: text } : { error: { 'zh-CN': '请输入卡号、学/工号或姓名', en: 'Type a card number, a student/staff number or a name' } };
    case 'amount': {
      const found = AMOUNT.exec(text.replaceAll(',', ''));
      const value = found ? Number(found[1]) : NaN;
      if (!found) return { error: { 'zh-CN': '金额格式不正确，如 50 或 ¥50.00', en: 'Not an amount: type 50 or ¥50.00' } };
      // The ledger's own limit, in its own words: refused here as the dialog and the server refuse it.
      const refusal = ledgerAmountRefusal(value, arg.max);
      return refusal ? { error: refusal } : { value: found[1]! };
    }
    case 'date': {
      const relative = RELATIVE_DAYS[text.toLowerCase()];
      if (relative !== undefined) return { value: addDays(today, relative) };
      const full = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
      const short = /^(\d{1,2})[-/.](\d{1,2})$/.exec(text);
      const [year, month, day] = full ? [full[1]!, full[2]!, full[3]!] : short ? [today.slice(0, 4), short[1]!, short[2]!] : [];
      const value = year ? `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}` : '';
      const check = new Date(`${value}T00:00:00Z`);
      if (!value || Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== value)
        return { error: { 'zh-CN': '日期格式不正确，如 2026-09-01 或 明天', en: 'Not a day: type 2026-09-01 or tomorrow' } };
      return { value };
    }
    case 'choice': {
      const lower = text.toLowerCase();
      const option = (arg.options ?? []).find(
        (candidate) => candidate.value === text || candidate.title['zh-CN'] === text || candidate.title.en.toLowerCase() === lower || (candidate.keywords ?? []).includes(lower),
      );
      return option
        ? { value: option.value }
        : { error: { 'zh-CN': `可选：${(arg.options ?? []).map((item) => item.title['zh-CN']).join('、')}`, en: `One of: ${(arg.options ?? []).map((item) => item.title.en).join(', ')}` } };
    }
  }
}

/** The query's words with where each one is. */
function wordsOf(query: string): { text: string; start: number; end: number }[] {
  return [...query.matchAll(/\S+/g)].map((found) => ({ text: found[0], start: found.index, end: found.index + found[0].length }));
}

/**
 * The command a query names with arguments after it — `充值 20230001 50`, `cz 20230001 ¥50`,
 * `chongzhi 黄博文 50元`, `recharge 20230001 50` — best match first: its first word matches the
 * command's title, pinyin, initials or keywords (as the palette matches), the words after it are
 * its arguments in order. Only commands declaring inline arguments are considered, and only when
 * at least one argument is typed.
 */
export function parseInline(query: string, candidates: readonly { command: Command; keys: SearchKeys }[], today: string): InlineMatch[] {
  const words = wordsOf(query);
  if (words.length < 2) return [];
  const head = normaliseQuery(words[0]!.text);
  // One Latin letter names too many commands to read the rest as arguments.
  if (head.length < 2 && !/[\u3400-\u9fff]/.test(head)) return [];
  const scored = candidates
    .filter(({ command }) => command.inline?.length)
    .map(({ command, keys }) => ({ command, score: scoreKeys(keys, head) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score);
  return scored.map(({ command }) => {
    const inline = command.inline!;
    const given = words.slice(1);
    const typed = given.slice(0, inline.length).map((word, index): TypedArg => {
      const arg = inline[index]!;
      return { arg, text: word.text, start: word.start, end: word.end, ...argValue(arg, word.text, today) };
    });
    const extra = given.slice(inline.length).map((word) => word.text);
    const missing = inline.slice(typed.length);
    return { command, typed, missing, extra, ready: missing.length === 0 && extra.length === 0 && typed.every((arg) => arg.value !== undefined) };
  });
}

/** The `/do/` link arguments of a ready match (`{ person: '20230001', amount: '50' }`). */
export const linkArgs = (match: InlineMatch): Record<string, string> => Object.fromEntries(match.typed.map((arg) => [arg.arg.name, arg.value ?? arg.text]));

/**
 * Tab in the palette's input: the next typed argument's text (Shift+Tab the one before), selected
 * so typing replaces it; null past the last (or before the first).
 */
export function nextArgRange(match: InlineMatch, caret: number, backwards: boolean): { start: number; end: number } | null {
  const ranges = match.typed.map(({ start, end }) => ({ start, end }));
  if (backwards) return [...ranges].reverse().find((range) => range.end < caret) ?? null;
  return ranges.find((range) => range.start >= caret) ?? null;
}
