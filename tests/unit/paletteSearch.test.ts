import { beforeAll, describe, expect, it } from 'vitest';
import { buildSearchKeys, loadPinyin, rank, scoreKeys, normaliseQuery } from '@web/palette/search';

// The dictionary loads on its own, as in the browser.
beforeAll(() => loadPinyin());

const entry = (title: string, en = '') => ({ title, keys: buildSearchKeys(title, en ? [{ text: en, weight: 0.95 }] : []) });
const titlesFor = (items: ReturnType<typeof entry>[], query: string) => rank(items, (item) => item.keys, query).map((r) => r.item.title);
const matches = (title: string, query: string, en = '') => scoreKeys(entry(title, en).keys, normaliseQuery(query)) > 0;

describe('palette matching', () => {
  it.each([
    ['用户管理', '用户'],
    ['用户管理', 'yonghuguanli'],
    ['用户管理', 'yonghu'],
    ['用户管理', 'yongh'],
    ['用户管理', 'yhgl'],
    ['用户管理', '用户gl'],
    ['用户管理', 'yh管理'],
    ['用户管理', 'yhguanli'],
    ['用户管理', 'YHGL'],
    ['用户管理', 'yong hu'],
    ['Online 表单', 'onlinebd'],
    ['Redis 监控', 'redis'],
    ['角色管理', 'guanli'],
  ])('finds %s by %s', (title, query) => {
    expect(matches(title, query)).toBe(true);
  });

  it('knows every reading of a polyphonic character', () => {
    // 行 reads xing and hang; 银行 is yinhang, 行政 is xingzheng.
    expect(matches('银行卡', 'yhk')).toBe(true);
    expect(matches('银行卡', 'yinhang')).toBe(true);
    expect(matches('行政办公', 'xzbg')).toBe(true);
    expect(matches('行政办公', 'hzbg')).toBe(true);
    // 长 reads chang and zhang.
    expect(matches('校长办公室', 'xzbgs')).toBe(true);
  });

  it('finds a menu by its English title', () => {
    expect(matches('用户管理', 'users', 'Users')).toBe(true);
    expect(matches('卡余额', 'balance', 'Card balances')).toBe(true);
    expect(matches('卡余额', 'cb', 'Card balances')).toBe(true);
  });

  it('does not match what is not there', () => {
    expect(matches('用户管理', 'xyz')).toBe(false);
    expect(matches('用户管理', '角色')).toBe(false);
    expect(matches('用户管理', 'users')).toBe(false);
  });

  it('ranks exact over prefix over initials over fuzzy', () => {
    const items = [entry('业主管理'), entry('用户管理详情'), entry('用户管理'), entry('管理用户')];
    expect(titlesFor(items, '用户管理')).toEqual(['用户管理', '用户管理详情']);
    expect(titlesFor(items, 'yhgl')[0]).toBe('用户管理');
    expect(titlesFor(items, 'yhgl')).toContain('业主管理'); // fuzzy: y…h…g…l
    expect(titlesFor(items, 'yhgl').indexOf('业主管理')).toBeGreaterThan(titlesFor(items, 'yhgl').indexOf('用户管理详情'));
  });

  it('lets recent use reorder within a level but not lift a fuzzy hit over an exact one', () => {
    const items = [entry('角色管理'), entry('菜单管理')];
    const boost = (item: ReturnType<typeof entry>) => (item.title === '菜单管理' ? 1000 : 0);
    expect(rank(items, (i) => i.keys, 'gl', boost).map((r) => r.item.title)).toEqual(['菜单管理', '角色管理']);
    const exact = [entry('用户管理'), entry('业主管理')];
    const boostFuzzy = (item: ReturnType<typeof entry>) => (item.title === '业主管理' ? 1000 : 0);
    expect(rank(exact, (i) => i.keys, 'yhgl', boostFuzzy)[0]!.item.title).toBe('用户管理');
  });

  it('caps the number of results', () => {
    const many = Array.from({ length: 200 }, (_, i) => entry(`管理${i}`));
    expect(rank(many, (i) => i.keys, 'gl', undefined, 50)).toHaveLength(50);
  });
});

describe('the incremental ranker', () => {
  it('gives the same results as a full ranking while the user types, deletes and retypes', async () => {
    const { createRanker } = await import('@web/palette/search');
    const items = ['用户管理', '角色管理', '业主管理', '供应商管理', '银行卡', '行政办公', '菜单管理', 'Online 表单'].map((title) => entry(title));
    const ranker = createRanker(items, (item) => item.keys);
    for (const query of ['y', 'yh', 'yhg', 'yhgl', 'yh', 'x', 'xz', 'g', 'gl', 'guan', 'on', 'onl']) {
      expect(
        ranker(query).map((r) => r.item.title),
        query,
      ).toEqual(titlesFor(items, query));
    }
  });
});

describe('record commands in English words', () => {
  it('"new member" finds 新增人员, as "add member" does', async () => {
    const { commands } = await import('@commands/index');
    const items = commands().map((command) => ({
      id: command.id,
      keys: buildSearchKeys(command.title['zh-CN'], [{ text: command.title.en, weight: 0.95 }, ...(command.keywords ?? []).map((keyword) => ({ text: keyword, weight: 0.6 }))]),
    }));
    for (const query of ['new member', 'add member', 'xzry']) expect(rank(items, (item) => item.keys, query)[0]?.item.id, query).toBe('member.add');
  });
});
