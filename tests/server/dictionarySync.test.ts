/**
 * 字典同步 on PGlite and PostgreSQL: a school's own dictionary items compared with the platform's
 * (overrides and school-only items), and the chosen ones removed in one transaction so the
 * platform's apply again; a school syncs only itself, the platform any school.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../support/api';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, secondSchool } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

/** The dictionary's id and the item texts the school sees now. */
async function sexDictionary(token: string) {
  const dicts = (await get(token, '/sys/dict/list?dictCode=sex&pageSize=5')).body.result.records;
  return dicts[0].id as string;
}
const seen = async (token: string) => ((await get(token, '/sys/dict/getDictItems/sex')).body.result as { value: string; text: string }[]).map((item) => `${item.value}:${item.text}`);

describe('字典同步', () => {
  let school: { token: string };

  it('shows a school’s overrides and its own items against the platform’s', async () => {
    school = await secondSchool(11, 'school11admin');
    const dictId = await sexDictionary(school.token);
    expect((await call(school.token, 'POST', '/sys/dictOrgItem/add', { dictId, itemText: '男生', itemValue: '1', sortOrder: 1, status: '1' })).body.success).toBe(true);
    expect((await call(school.token, 'POST', '/sys/dictOrgItem/add', { dictId, itemText: '未说明', itemValue: '9', sortOrder: 9, status: '1' })).body.success).toBe(true);
    expect(await seen(school.token)).toEqual(expect.arrayContaining(['1:男生', '9:未说明']));

    const diff = (await get(school.token, '/sys/dict/sync/diff?dictCode=sex')).body.result;
    expect(diff).toEqual([
      expect.objectContaining({
        dictCode: 'sex',
        value: '1',
        kind: 'override',
        fields: ['text'],
        platform: expect.objectContaining({ text: '男' }),
        school: expect.objectContaining({ text: '男生' }),
      }),
      expect.objectContaining({ dictCode: 'sex', value: '9', kind: 'schoolOnly', platform: null }),
    ]);
    // The platform compares any school; the platform's own school has no differences here.
    expect((await get(admin, '/sys/dict/sync/diff?tenantId=11')).body.result).toHaveLength(2);
    expect((await get(admin, '/sys/dict/sync/diff?dictCode=sex')).body.result).toEqual([]);
    // A school compares only itself.
    expect((await get(school.token, '/sys/dict/sync/diff?tenantId=0')).body.message).toBe('只能同步本校的字典');
  });

  it('applies the chosen items all at once, or none when the preview is stale', async () => {
    const stale = await call(school.token, 'POST', '/sys/dict/sync/apply', {
      items: [
        { dictCode: 'sex', value: '1' },
        { dictCode: 'sex', value: '404' },
      ],
    });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('字典项已变化，请刷新后重试');
    expect(await seen(school.token)).toEqual(expect.arrayContaining(['1:男生']));

    const applied = await call(school.token, 'POST', '/sys/dict/sync/apply', { items: [{ dictCode: 'sex', value: '1' }] });
    expect(applied.body).toMatchObject({ success: true, result: { removed: 1 } });
    const after = await seen(school.token);
    expect(after).toContain('1:男');
    expect(after).toContain('9:未说明');
    expect((await get(school.token, '/sys/dict/sync/diff?dictCode=sex')).body.result.map((row: { value: string }) => row.value)).toEqual(['9']);
    // The platform applies for a school it names.
    expect((await call(admin, 'POST', '/sys/dict/sync/apply', { tenantId: 11, items: [{ dictCode: 'sex', value: '9' }] })).body.success).toBe(true);
    expect((await get(school.token, '/sys/dict/sync/diff')).body.result).toEqual([]);
    expect((await call(school.token, 'POST', '/sys/dict/sync/apply', { items: [] })).body.message).toBe('请选择要同步的字典项（items）');
  });
});
