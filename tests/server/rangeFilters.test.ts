/**
 * A list's range filter (`<field>_begin`, `<field>_end`) takes only values of its field, on PGlite
 * and PostgreSQL: a bad date or time (`abc`, `%`, `2026-02-31`) is a 400 naming the bound in
 * Chinese and English — never a 500 from a hook that reads the range, never a filter silently
 * dropped. Swept over every range filter of every registered entity's list and export, and the
 * hand-written lists that take a range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredEntities } from '@server/crud/registerEntity';
import type { FieldSpec } from '@shared/engine/spec';
import { DEFAULT_TIME_ZONE, dayIn } from '@shared/schoolTime';
import { apiOf } from '../support/api';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get } = apiOf(() => t0);
const CHINESE = /[\u4e00-\u9fff]/;

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

/** Every range filter of every registered list, with its entity's routes. */
const rangeFilters = () => registeredEntities().flatMap(({ spec }) => spec.fields.filter((field) => field.query === 'range').map((field) => ({ spec, field, name: `${spec.api}/list ${field.key}` })));
const isDateOrTime = (field: FieldSpec) => field.type === 'date' || field.type === 'datetime';

/** Values a field's bound must refuse: `%` arrives as `%25`. */
const BAD: Readonly<Record<string, readonly string[]>> = {
  date: ['abc', '%25', '2026-02-31', '2026-13-01', '20260101'],
  datetime: ['abc', '%25', '2026-02-31', '2026-02-28%2025:00:00', '0'],
  number: ['abc', '%25'],
  money: ['abc', '%25', '1.234'],
  quantity: ['abc', '%25'],
};

describe('every range filter of every entity list', () => {
  it('covers the date and time filters the product declares', () => {
    const filters = rangeFilters();
    expect(filters.filter(({ field }) => isDateOrTime(field)).length).toBeGreaterThan(40);
    // Each is a type the bound rule knows (a new type needs its rule and its bad values here).
    expect(filters.filter(({ field }) => !BAD[field.type]).map(({ name }) => name)).toEqual([]);
  });

  it('answers a bad bound with a 400 naming it, in Chinese and English, on the list and the export', async () => {
    const wrong: string[] = [];
    for (const { spec, field, name } of rangeFilters()) {
      for (const value of BAD[field.type] ?? [])
        for (const end of ['begin', 'end'] as const) {
          const param = `${field.key}_${end}`;
          const answer = await get(admin, `${spec.api}/list?${param}=${value}`);
          if (answer.status !== 400 || !CHINESE.test(answer.body.message) || !answer.body.message.includes(`（${param}）`) || answer.body.success !== false)
            wrong.push(`${name} ${param}=${value}: ${answer.status} ${answer.body.message}`);
        }
      if (spec.operations.includes('export')) {
        const exported = await get(admin, `${spec.api}/exportXls?${field.key}_end=abc`);
        if (exported.status !== 400) wrong.push(`${spec.api}/exportXls ${field.key}_end=abc: ${exported.status} ${exported.body.message}`);
      }
      const english = await call(admin, 'GET', `${spec.api}/list?${field.key}_begin=abc`, undefined, { 'accept-language': 'en' });
      if (english.status !== 400 || CHINESE.test(english.body.message) || !english.body.message.includes(`(${field.key}_begin)`)) wrong.push(`${name} in English: ${english.body.message}`);
    }
    expect(wrong).toEqual([]);
  });

  it('still takes good bounds: a day, a day and time, an amount', async () => {
    const today = dayIn(DEFAULT_TIME_ZONE);
    const wrong: string[] = [];
    for (const { spec, field, name } of rangeFilters()) {
      const [begin, end] = isDateOrTime(field) ? [today, field.type === 'datetime' ? `${today}%2023:59` : today] : ['0', '1000'];
      const answer = await get(admin, `${spec.api}/list?${field.key}_begin=${begin}&${field.key}_end=${end}`);
      if (answer.status !== 200) wrong.push(`${name}: ${answer.status} ${answer.body.message}`);
    }
    expect(wrong).toEqual([]);
  });

  it('names the field in the message (记账时间起), as the forms name theirs', async () => {
    const answer = await get(admin, '/pay/consumption/list?postedAt_begin=abc');
    expect([answer.status, answer.body.message]).toEqual([400, '记账时间起应为 YYYY-MM-DD HH:mm:ss 格式的时间（postedAt_begin）']);
    const passDay = await get(admin, '/acs/log/list?passDay_begin=x');
    expect([passDay.status, passDay.body.message]).toEqual([400, '日期起应为 YYYY-MM-DD 格式的日期（passDay_begin）']);
    const charge = await call(admin, 'GET', '/pay/charge/list?postedAt_end=%25', undefined, { 'accept-language': 'en' });
    expect([charge.status, charge.body.message]).toEqual([400, 'Posted (to) must be written YYYY-MM-DD HH:mm:ss (postedAt_end)']);
  });
});

describe('the hand-written lists that take a range', () => {
  it('/sys/log/list refuses a bad createTime bound for both logs, and takes a good one', async () => {
    const today = dayIn(DEFAULT_TIME_ZONE);
    for (const logType of [1, 2]) {
      for (const query of ['createTime_begin=abc', 'createTime_end=%25', 'createTime_begin=2026-02-31']) {
        const answer = await get(admin, `/sys/log/list?logType=${logType}&${query}`);
        expect([answer.status, CHINESE.test(answer.body.message), answer.body.message.includes(`（${query.split('=')[0]}）`)], `${logType} ${query}`).toEqual([400, true, true]);
      }
      const good = await get(admin, `/sys/log/list?logType=${logType}&createTime_begin=${today}&createTime_end=${today}`);
      expect(good.status, good.body.message).toBe(200);
      // The sign-in of this test is today's, in the school's day.
      if (logType === 1) expect(good.body.result.total).toBeGreaterThan(0);
      const past = await get(admin, `/sys/log/list?logType=${logType}&createTime_end=2000-01-01`);
      expect(past.body.result.total).toBe(0);
    }
  });
});
