import { beforeAll, describe, expect, it } from 'vitest';
import { commands } from '@commands/index';
import type { InlineArg } from '@commands/types';
import { argValue, linkArgs, nextArgRange, parseInline } from '@web/palette/inlineArgs';
import { buildSearchKeys, loadPinyin } from '@web/palette/search';

// The dictionary loads on its own, as in the browser.
beforeAll(() => loadPinyin());

const TODAY = '2026-11-28';
/** Every command as the palette indexes it (title, English title, keywords). */
const candidates = () =>
  commands().map((command) => ({
    command,
    keys: buildSearchKeys(command.title['zh-CN'], [{ text: command.title.en, weight: 0.95 }, ...(command.keywords ?? []).map((keyword) => ({ text: keyword, weight: 0.6 }))]),
  }));
const best = (query: string) => parseInline(query, candidates(), TODAY)[0];

describe('the palette’s inline arguments', () => {
  it.each([
    ['充值 20230001 50', '20230001', '50'],
    ['cz 20230001 50', '20230001', '50'],
    ['CZ 20230001 ¥50', '20230001', '50'],
    ['chongzhi 20230001 50元', '20230001', '50'],
    ['recharge 20230001 ￥50.5', '20230001', '50.5'],
    ['充值 黄博文 12.30块', '黄博文', '12.30'],
    ['充值   E3A1F09C   100', 'E3A1F09C', '100'],
  ])('reads %s as 充值 with a person and an amount', (query, person, amount) => {
    const match = best(query)!;
    expect(match.command.id).toBe('account.recharge');
    expect(match.ready).toBe(true);
    expect(linkArgs(match)).toEqual({ person, amount });
  });

  it('says why an argument is wrong, what is still to type, and what is too much', () => {
    const wrong = best('cz 20230001 5o')!;
    expect(wrong.ready).toBe(false);
    expect(wrong.typed[1]!.error!['zh-CN']).toBe('金额格式不正确，如 50 或 ¥50.00');
    expect(best('cz 20230001 0')!.typed[1]!.error).toBeDefined();
    expect(best('cz 12 50')!.typed[0]!.error!['zh-CN']).toBe('请输入卡号、学/工号或姓名');
    const short = best('cz 20230001')!;
    expect(short.ready).toBe(false);
    expect(short.missing.map((arg) => arg.name)).toEqual(['amount']);
    const long = best('cz 20230001 50 60')!;
    expect(long.ready).toBe(false);
    expect(long.extra).toEqual(['60']);
  });

  it('needs the first word to name a command with arguments, and an argument after it', () => {
    expect(best('充值')).toBeUndefined();
    expect(best('yhgl 20230001 50')).toBeUndefined();
    expect(best('20230001 50')).toBeUndefined();
    // A word is no card number, one letter names no command.
    expect(best('recharge reversal')!.typed[0]!.error).toBeDefined();
    expect(best('c 20230001 50')).toBeUndefined();
  });

  it('holds an amount to the ledger’s cap, in the words the dialog and the server use', () => {
    const amount: InlineArg = { name: 'amount', kind: 'amount', title: { 'zh-CN': '金额', en: 'Amount' } };
    expect(argValue(amount, '¥100000', TODAY)).toEqual({ value: '100000' });
    expect(argValue(amount, '2000000', TODAY)).toEqual({ error: { 'zh-CN': '金额不能超过100000元', en: 'The amount cannot exceed 100000' } });
    expect(best('cz 20230001 2000000')!.typed[1]!.error!['zh-CN']).toBe('金额不能超过100000元');
  });

  it('reads days as the school’s (今天, 明天, 9-1, 2026-09-01) and choices by their titles', () => {
    const day: InlineArg = { name: 'day', kind: 'date', title: { 'zh-CN': '日期', en: 'Day' } };
    expect(argValue(day, '今天', TODAY)).toEqual({ value: '2026-11-28' });
    expect(argValue(day, '明天', TODAY)).toEqual({ value: '2026-11-29' });
    expect(argValue(day, 'yesterday', TODAY)).toEqual({ value: '2026-11-27' });
    expect(argValue(day, '9-1', TODAY)).toEqual({ value: '2026-09-01' });
    expect(argValue(day, '2026/12/31', TODAY)).toEqual({ value: '2026-12-31' });
    expect(argValue(day, '2026-02-30', TODAY)).toHaveProperty('error');
    const channel: InlineArg = {
      name: 'channel',
      kind: 'choice',
      title: { 'zh-CN': '方式', en: 'Channel' },
      options: [
        { value: 'cash', title: { 'zh-CN': '现金', en: 'Cash' } },
        { value: 'bank', title: { 'zh-CN': '银行转账', en: 'Bank transfer' }, keywords: ['yh'] },
      ],
    };
    expect(argValue(channel, '现金', TODAY)).toEqual({ value: 'cash' });
    expect(argValue(channel, 'bank transfer', TODAY)).toEqual({ value: 'bank' });
    expect(argValue(channel, '支票', TODAY)).toEqual({ error: { 'zh-CN': '可选：现金、银行转账', en: 'One of: Cash, Bank transfer' } });
  });

  it('moves Tab to the next argument and Shift+Tab to the one before', () => {
    const query = 'cz 20230001 50';
    const match = best(query)!;
    const first = nextArgRange(match, 2, false)!;
    expect(query.slice(first.start, first.end)).toBe('20230001');
    const second = nextArgRange(match, first.end, false)!;
    expect(query.slice(second.start, second.end)).toBe('50');
    expect(nextArgRange(match, second.end, false)).toBeNull();
    const back = nextArgRange(match, second.start, true)!;
    expect(query.slice(back.start, back.end)).toBe('20230001');
  });
});
