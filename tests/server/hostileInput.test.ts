/**
 * Every bad input gets a clear 4xx in the user's language, never a 500, and writes nothing: for
 * every write route the server declares, a table of hostile bodies (wrong types, nulls, arrays
 * for strings, 10k strings, NUL characters, prototype keys, huge numbers) — whole bodies and
 * one field at a time on top of a valid body — and for every read route the same in its query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FIELD_TITLES } from '@shared/validation';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'admin');
});
afterAll(async () => t?.close());

/** The tables a request could write to (logs and sessions aside), as one fingerprint in one query. */
const WATCHED = [
  'tenants',
  'users',
  'roles',
  'user_roles',
  'departments',
  'user_departments',
  'permissions',
  'role_permissions',
  'department_permissions',
  'dictionaries',
  'dictionary_items',
  'demo_table_rows',
  'permission_data_rules',
  'department_roles',
  'department_role_users',
  'department_role_permissions',
  'member_departments',
  'stored_files',
];
const FINGERPRINT = sql.raw(
  // Taken after each of thousands of requests, so cheap: a table's row count and the newest
  // transaction that wrote one of its rows. An insert or an update gives a row a newer xmin, a
  // delete lowers the count; a write rolled back leaves both as they were.
  WATCHED.map((table) => `SELECT '${table}' AS t, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text AS f FROM ${table}`).join(' UNION ALL '),
);
async function fingerprint(): Promise<string> {
  const result = await t.db.execute(FINGERPRINT);
  return (result as unknown as { rows: { t: string; f: string }[] }).rows.map((row) => `${row.t}=${row.f}`).join(' ');
}

const HOSTILE: [string, unknown][] = [
  ['a number', 12345],
  ['true', true],
  ['null', null],
  ['an object', { nested: { deeper: 'x' } }],
  ['an array of strings', ['a', 'b']],
  ['an empty array', []],
  ['10k characters', 'x'.repeat(10_000)],
  ['a NUL character', 'a\u0000b'],
  ['a huge number as text', '9007199254740993'],
  ['a huge number', 1e308],
  ['a negative huge number', -1e308],
  ['a comma list of 10k ids', Array.from({ length: 10_000 }, (_, i) => `id${i}`).join(',')],
];
/** Bodies that are hostile as a whole (raw JSON, so the keys really arrive). */
const RAW_BODIES: [string, string][] = [
  ['an array', '[]'],
  ['a string', '"text"'],
  ['a number', '123'],
  ['null', 'null'],
  ['__proto__', '{"__proto__":{"isAdmin":true},"id":"x"}'],
  ['constructor.prototype', '{"constructor":{"prototype":{"isAdmin":true}},"id":"x"}'],
  ['a NUL key', '{"na\\u0000me":"x"}'],
  ['a huge number literal', '{"id":9007199254740993,"amount":9007199254740993,"sortNo":1e400}'],
  ['deep nesting', `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`],
];

/** Valid-looking bodies of the write routes, so one hostile field at a time reaches the handler's logic. */
const BASES: Record<string, Record<string, unknown>> = {
  '/sys/login': { username: 'fuzz', password: 'Fuzz-pass-1' },
  '/sys/user/add': { username: 'fuzzuser', realname: '模糊', password: 'Fuzz-pass-1', phone: '13800000000', email: 'f@x.cn', sex: 1, selectedroles: '', selecteddeparts: '' },
  '/sys/user/edit': { id: 'x', realname: '模糊', phone: '13800000000', selectedroles: '', selecteddeparts: '' },
  '/sys/user/frozenBatch': { ids: 'x', status: 2 },
  '/sys/user/changePassword': { username: 'nobody', password: 'Fuzz-pass-1', confirmpassword: 'Fuzz-pass-1' },
  '/sys/user/updatePassword': { username: 'admin', oldpassword: 'wrong', password: 'Fuzz-pass-1', confirmpassword: 'Fuzz-pass-1' },
  '/sys/selectDepart': { orgCode: 'A99' },
  '/sys/role/add': { roleName: '模糊', roleCode: 'fuzz', description: 'x' },
  '/sys/role/edit': { id: 'x', roleName: '模糊', roleCode: 'fuzz' },
  '/sys/permission/add': { menuType: 1, name: '模糊', parentId: 'x', url: '/fuzz', sortNo: 1 },
  '/sys/permission/edit': { id: 'x', menuType: 1, name: '模糊', parentId: 'x', url: '/fuzz', sortNo: 1 },
  '/sys/permission/saveRolePermission': { roleId: 'x', permissionIds: 'a', lastpermissionIds: '' },
  '/sys/permission/saveDepartPermission': { departId: 'x', permissionIds: 'a', lastpermissionIds: '' },
  '/sys/permission/addPermissionRule': { permissionId: 'x', ruleName: 'r', ruleColumn: 'c', ruleConditions: '=', ruleValue: '1' },
  '/sys/permission/editPermissionRule': { id: 'x', permissionId: 'x', ruleName: 'r', ruleConditions: '=', ruleValue: '1' },
  '/sys/role/datarule': { permissionId: 'x', roleId: 'y', dataRuleIds: '' },
  '/sys/sysDepart/add': { departName: '模糊', parentId: 'x', orgCategory: '2', departOrder: 1 },
  '/sys/sysDepart/edit': { id: 'x', departName: '模糊', departOrder: 1 },
  '/sys/sysDepartRole/add': { departId: 'x', roleName: '模糊', roleCode: 'fuzz' },
  '/sys/sysDepartRole/edit': { id: 'x', roleName: '模糊', roleCode: 'fuzz' },
  '/sys/sysDepartRole/deptRoleUserAdd': { userId: 'x', newRoleId: 'a', oldRoleId: '' },
  '/sys/sysDepartPermission/saveDeptRolePermission': { roleId: 'x', permissionIds: 'a', lastpermissionIds: '' },
  '/demo/tableEdit/save': { rows: [{ id: 'fuzzrow', orderNum: 1, name: '模糊', code: 'F-1', amount: 1.5, quantity: 1, category: '1', progress: 10 }], deletedIds: [], caseId: '' },
};
const KEYS = Object.keys(FIELD_TITLES);

type Answer = { status: number; body: { success?: boolean; message?: string } };
let address = 0;
async function send(method: string, url: string, payload?: string): Promise<Answer> {
  address += 1;
  const response = await t.app.inject({
    method: method as 'POST',
    url: `${BASE}${url}`,
    headers: { 'X-Access-Token': admin, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    // Sign-in attempts come from many addresses, so the per-address limit does not answer instead.
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    ...(payload === undefined ? {} : { payload }),
  });
  let body: Answer['body'];
  try {
    body = response.json();
  } catch {
    body = { message: response.body };
  }
  return { status: response.statusCode, body };
}

/** A refusal the user can read: 4xx (or sign-in's HTTP 200 with code 500), Chinese, no zod or Fastify English. */
function expectClearRefusal(what: string, answer: Answer): void {
  if (what.includes('/sys/login') && answer.status === 200) expect((answer.body as { code?: number }).code, what).toBe(500);
  else expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeGreaterThanOrEqual(200);
  expect(answer.body.success, what).toBe(false);
  expect(answer.body.message, what).toMatch(/[\u4e00-\u9fff]/);
  expect(answer.body.message, what).not.toBe('输入的数据格式或取值范围不正确，请检查后重试');
  expect(answer.body.message, what).not.toMatch(/Invalid input|expected|received|Body cannot|must be|FST_/);
}

// Sign-out (the console's and 家长端's), 全部标注已读 and 日终结算 read no body (sign-out would only end the
// test's session; the close is reports.test.ts's); uploads are multipart (files.test.ts, objectStorage.test.ts).
const BODILESS = ['/sys/logout', '/parent/logout', '/sys/common/upload', '/sys/oss/file/upload', '/sys/sysAnnouncementSend/readAll', '/report/close'];
const writeRoutes = () => t.app.declaredRoutes.filter((route) => route.method !== 'GET' && !route.websocket && route.url.startsWith(BASE) && !BODILESS.some((url) => route.url.endsWith(url)));
/** Routes that serve a page to a reader rather than the API's envelope. */
const READER_PAGES = ['/msg/notice/read/x'];
const readRoutes = () => t.app.declaredRoutes.filter((route) => route.method === 'GET' && !route.websocket && route.url.startsWith(BASE));
const concrete = (url: string) =>
  url
    .slice(BASE.length)
    .replace(/:[A-Za-z]+/g, 'x')
    .replace('*', 'x.png');

describe('hostile bodies on every write route', () => {
  it('the table covers the write routes the server declares', () => {
    const urls = writeRoutes().map((route) => concrete(route.url));
    expect(urls.length).toBeGreaterThan(40);
    for (const url of Object.keys(BASES)) expect(urls, url).toContain(url);
  });

  // Thousands of requests, each followed by a fingerprint of the tables, grow with every declared
  // route: the routes in four parts, each a test with its own time (the same requests in all).
  const PARTS = 4;
  it.each(Array.from({ length: PARTS }, (_, part) => [part + 1, part] as const))(
    'every write route refuses every hostile body with a clear 4xx and writes nothing (part %i of 4)',
    async (_n, part) => {
      let checked = 0;
      let state = await fingerprint();
      /** Sends; a refusal must leave every table as it was (an accepted value may write). */
      const probe = async (method: string, url: string, payload: string, what: string, mustRefuse: boolean) => {
        const answer = await send(method, url, payload);
        const after = await fingerprint();
        checked += 1;
        if (mustRefuse || answer.body.success !== true) {
          expectClearRefusal(what, answer);
          expect(after, `${what} wrote something`).toBe(state);
        } else {
          expect(answer.status, what).toBe(200);
        }
        state = after;
      };
      for (const route of writeRoutes().filter((_, index) => index % PARTS === part)) {
        const url = concrete(route.url);
        for (const [name, raw] of RAW_BODIES) await probe(route.method, url, raw, `${route.method} ${url} with ${name}`, true);
        for (const [name, value] of HOSTILE) {
          const everyField = Object.fromEntries(KEYS.map((key) => [key, value]));
          // Empty lists everywhere can be a valid no-op (a save of no rows).
          await probe(route.method, url, JSON.stringify(everyField), `${route.method} ${url} with every field ${name}`, name !== 'an empty array');
          const base = BASES[url];
          if (!base) continue;
          // One field at a time on a valid body: refused, or (null for an optional field…) accepted — never a 500.
          for (const key of Object.keys(base)) await probe(route.method, url, JSON.stringify({ ...base, [key]: value }), `${route.method} ${url} with ${key} = ${name}`, false);
        }
      }
      expect(checked).toBeGreaterThan(250);
    },
    240_000,
  );

  it('a field nested in a list names its row', async () => {
    const base = BASES['/demo/tableEdit/save']!;
    const row = (base.rows as Record<string, unknown>[])[0]!;
    const answer = await send('POST', '/demo/tableEdit/save', JSON.stringify({ ...base, rows: [{ ...row, quantity: 'many' }] }));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('第 1 行');
  });
});

describe('hostile query parameters on every read route', () => {
  // A dozen requests a read route, on every one of them: more time than a single request's test.
  it('never answer 500, and refuse with a clear Chinese message', { timeout: 120_000 }, async () => {
    for (const route of readRoutes()) {
      const url = concrete(route.url);
      for (const [name, value] of [
        ['a NUL character', 'a\u0000b'],
        ['10k characters', 'y'.repeat(10_000)],
        ['a huge number', '9007199254740993'],
        ['a negative number', '-1'],
      ] as const) {
        const query = KEYS.map((key) => `${key}=${encodeURIComponent(value)}`).join('&');
        const answer = await send('GET', `${url}${url.includes('?') ? '&' : '?'}${query}`);
        if (answer.status === 200) continue;
        // A page a person opens from a text message (学校通知's reading link) answers in HTML, in Chinese.
        if (READER_PAGES.includes(url) && answer.status === 404) {
          expect(String(answer.body.message), `GET ${url} with ${name}`).toContain('通知不存在或已撤回');
          continue;
        }
        expectClearRefusal(`GET ${url} with ${name}`, answer);
      }
    }
  });

  it('a NUL in a path parameter or a bad escape in a file path is a 400', async () => {
    expectClearRefusal('NUL in a path', await send('GET', '/sys/dict/getDictItems/sex%00'));
    expectClearRefusal('%25 in a file path', await send('GET', '/sys/common/static/%25'));
  });
});

describe('messages in the language the client asks for', () => {
  it('answers a bad field in English with Accept-Language: en, in Chinese otherwise', async () => {
    const payload = { roleName: '语言', roleCode: 'lang', description: 123 };
    const zh = await t.app.inject({ method: 'POST', url: `${BASE}/sys/role/add`, payload, headers: { 'X-Access-Token': admin } });
    expect(zh.json().message).toBe('描述应为文本（description）');
    const en = await t.app.inject({ method: 'POST', url: `${BASE}/sys/role/add`, payload, headers: { 'X-Access-Token': admin, 'accept-language': 'en' } });
    expect(en.json().message).toBe('Description must be text (description)');
    // A message of the schema's own, from the catalogue.
    const weak = await t.app.inject({
      method: 'POST',
      url: `${BASE}/sys/user/add`,
      payload: { username: 'langweak', realname: '弱', password: 'aaaaaaa1' },
      headers: { 'X-Access-Token': admin, 'accept-language': 'en' },
    });
    expect(weak.json().message).toBe('A password needs 8 to 64 characters with at least three of: upper case, lower case, digits, symbols (password)');
    const refusedEn = await t.app.inject({ method: 'GET', url: `${BASE}/sys/user/list`, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(refusedEn.json().message).toBe('Your session has ended, please sign in again');
  });
});
