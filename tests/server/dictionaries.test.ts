/**
 * 数据字典 on the engine and the dictionary routes around it: a school's own items laid over the
 * platform's, texts and colours following every change at once, the JeecgBoot table dictionaries
 * (declared tables only), and the role data rules applied to every engine list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { addShippedDictionaries } from '@server/db/seed/shippedDictionaries';
import { apiOf } from '../support/api';
import { ADMIN_PASSWORD, BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
let school: string;
const { call, get, permissionIds, roleWithUser, secondSchool } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
  school = (await secondSchool(31, 'school31')).token;
});
afterAll(async () => t0?.close());

const dictIdOf = async (code: string) => (await t0.db.select({ id: t.dictionaries.id }).from(t.dictionaries).where(eq(t.dictionaries.dictCode, code)))[0]!.id;
const itemOf = async (token: string, code: string, value: string) =>
  ((await get(token, `/sys/dict/getDictItems/${code}`)).body.result as { value: string; text: string; color?: string }[]).find((item) => item.value === value);

/** A canteen and a store in a given state, as the token's school. */
async function storeWithStatus(token: string, status: string): Promise<string> {
  const canteen = await call(token, 'POST', '/meals/canteen/add', { name: `字典食堂${status}${Math.random()}`.slice(0, 20), code: `D${Date.now() % 100000}${status}`, status: '1' });
  expect(canteen.body.success, canteen.body.message).toBe(true);
  const store = await call(token, 'POST', '/meals/store/add', {
    name: '字典档口',
    code: `S${Date.now() % 100000}${status}`,
    canteenId: canteen.body.result.id,
    storeType: '1',
    consumeMode: '3',
    status,
  });
  expect(store.body.success, store.body.message).toBe(true);
  return store.body.result.id;
}

describe('dictionaries and their items', () => {
  it('lists dictionaries and the items of one, by the JeecgBoot routes', async () => {
    const list = await get(admin, '/sys/dict/list?dictName=*状态*&pageSize=100');
    expect(list.body.result.records.map((row: { dictCode: string }) => row.dictCode)).toEqual(expect.arrayContaining(['user_status', 'store_status']));
    const dictId = await dictIdOf('user_status');
    const items = await get(admin, `/sys/dictItem/list?dictId=${dictId}`);
    expect(items.body.result.records.map((row: Record<string, unknown>) => [row.itemValue, row.itemText, row.color_dictText, row.status_dictText])).toEqual([
      ['1', '正常', '绿色', '启用'],
      ['2', '冻结', '红色', '启用'],
    ]);
  });

  it("a platform item's new text and colour reach every list and select at once", async () => {
    const storeId = await storeWithStatus(admin, '2');
    const dictId = await dictIdOf('store_status');
    const item = (await get(admin, `/sys/dictItem/list?dictId=${dictId}&itemText=停用`)).body.result.records[0];
    const edited = await call(admin, 'PUT', '/sys/dictItem/edit', { ...item, itemText: '暂停', color: '#722ed1' });
    expect(edited.body.success, edited.body.message).toBe(true);
    expect((await get(admin, `/meals/store/queryById?id=${storeId}`)).body.result.status_dictText).toBe('暂停');
    expect(await itemOf(admin, 'store_status', '2')).toMatchObject({ text: '暂停', color: '#722ed1' });
    expect((await get(admin, '/sys/dict/queryAllDictItems')).body.result.store_status).toContainEqual({ value: '2', text: '暂停', title: '暂停', color: '#722ed1' });
    // A disabled item still names old values, but is no longer offered.
    await call(admin, 'PUT', '/sys/dictItem/edit', { ...item, itemText: '暂停', status: '0' });
    expect((await get(admin, '/sys/dict/queryAllDictItems')).body.result.store_status.map((entry: { value: string }) => entry.value)).not.toContain('2');
    expect(await itemOf(admin, 'store_status', '2')).toMatchObject({ disabled: true });
    await call(admin, 'PUT', '/sys/dictItem/edit', { ...item, status: '1' });
  });

  it("a school's own items replace the platform's for that school only, and add new values", async () => {
    const dictId = await dictIdOf('store_status');
    const own = await call(school, 'POST', '/sys/dictOrgItem/add', { dictId, itemText: '歇业', itemValue: '2', color: '#fa8c16', sortOrder: 2, status: '1' });
    expect(own.body.success, own.body.message).toBe(true);
    const added = await call(school, 'POST', '/sys/dictOrgItem/add', { dictId, itemText: '装修中', itemValue: '9', sortOrder: 9, status: '1' });
    expect(added.body.success, added.body.message).toBe(true);
    // The same value twice in one dictionary is refused; another dictionary may have it.
    const twice = await call(school, 'POST', '/sys/dictOrgItem/add', { dictId, itemText: '又一个', itemValue: '9', status: '1' });
    expect(twice).toMatchObject({ status: 400, body: { message: '数据值已存在（itemValue）' } });
    expect((await call(school, 'POST', '/sys/dictOrgItem/add', { dictId: await dictIdOf('table_status'), itemText: '另一个', itemValue: '9', status: '1' })).body.success).toBe(true);

    expect(await itemOf(school, 'store_status', '2')).toMatchObject({ text: '歇业', color: '#fa8c16' });
    expect(await itemOf(school, 'store_status', '9')).toMatchObject({ text: '装修中' });
    expect((await itemOf(admin, 'store_status', '2'))!.text).not.toBe('歇业');
    expect(await itemOf(admin, 'store_status', '9')).toBeUndefined();
    expect((await get(school, '/sys/dict/org/getDictItems/store_status')).body.result.map((item: { value: string }) => item.value)).toEqual(['2', '9']);
    expect((await get(admin, '/sys/dict/org/getDictItems/store_status')).body.result).toEqual([]);

    // The school's records read and take its own values.
    const storeId = await storeWithStatus(school, '9');
    expect((await get(school, `/meals/store/queryById?id=${storeId}`)).body.result.status_dictText).toBe('装修中');
    const refused = await call(admin, 'POST', '/meals/store/add', { name: '平台档口', code: 'PX9', canteenId: 'x', storeType: '1', consumeMode: '3', status: '9' });
    expect(refused).toMatchObject({ status: 400, body: { message: '状态的取值不正确（status）' } });

    // Another school sees neither its items nor its rows.
    const ids = (await get(admin, `/sys/dictOrgItem/list?dictId=${dictId}`)).body.result.records;
    expect(ids).toEqual([]);
  });

  it('a school reads the shared dictionaries but cannot change them', async () => {
    const dictId = await dictIdOf('sex');
    expect((await get(school, `/sys/dictItem/list?dictId=${dictId}`)).body.result.total).toBe(2);
    for (const [method, url, body] of [
      ['POST', '/sys/dict/add', { dictName: '学校字典', dictCode: 'school_dict' }],
      ['POST', '/sys/dictItem/add', { dictId, itemText: '未知', itemValue: '9', status: '1' }],
    ] as const) {
      expect((await call(school, method, url, body)).status, url).toBe(403);
    }
  });

  it('a deleted dictionary frees its code and answers as unknown: an empty list', async () => {
    const made = await call(admin, 'POST', '/sys/dict/add', { dictName: '临时字典', dictCode: 'temp_dict', type: '0' });
    expect(made.body.success, made.body.message).toBe(true);
    await call(admin, 'POST', '/sys/dictItem/add', { dictId: made.body.result.id, itemText: '甲', itemValue: 'a', status: '1' });
    expect((await get(admin, '/sys/dict/getDictItems/temp_dict')).body.result).toHaveLength(1);
    expect((await call(admin, 'DELETE', `/sys/dict/delete?id=${made.body.result.id}`)).body.success).toBe(true);
    expect((await get(admin, '/sys/dict/getDictItems/temp_dict')).body).toMatchObject({ success: true, result: [] });
    expect((await call(admin, 'POST', '/sys/dict/add', { dictName: '临时字典', dictCode: 'temp_dict', type: '0' })).body.success).toBe(true);
  });

  it('orders items, table-dictionary options and the department tree by sort number, then naturally', async () => {
    const made = await call(admin, 'POST', '/sys/dict/add', { dictName: '年级名称', dictCode: 'grade_names', type: '0' });
    for (const [itemText, sortOrder] of [
      ['高三', 1],
      ['高一', 1],
      ['高十', 1],
      ['高二', 1],
      ['预科', 0],
    ] as const)
      expect((await call(admin, 'POST', '/sys/dictItem/add', { dictId: made.body.result.id, itemText, itemValue: itemText, sortOrder, status: '1' })).body.success).toBe(true);
    const texts = (rows: { text: string }[]) => rows.map((row) => row.text);
    expect(texts((await get(admin, '/sys/dict/getDictItems/grade_names')).body.result)).toEqual(['预科', '高一', '高二', '高三', '高十']);

    // A school's canteens as a picker offers them: 排序 first, then 第一, 第二 … 第十 (never by code point).
    const school = (await secondSchool(32, 'school32')).token;
    for (const [name, sortNo] of [
      ['第十食堂', 5],
      ['第三食堂', 5],
      ['第一食堂', 5],
      ['第二食堂', 5],
      ['教工食堂', 1],
    ] as const)
      expect((await call(school, 'POST', '/meals/canteen/add', { name, code: `NO${sortNo}${name.length}${Math.random()}`.slice(0, 12), status: '1', sortNo })).body.success).toBe(true);
    expect(texts((await get(school, '/sys/dict/getDictItems/meal_canteen,name,id')).body.result)).toEqual(['教工食堂', '第一食堂', '第二食堂', '第三食堂', '第十食堂']);

    for (const departName of ['三年级组', '一年级组', '十年级组', '二年级组'])
      expect((await call(school, 'POST', '/sys/sysDepart/add', { departName, orgCategory: '1', departOrder: 0 })).body.success).toBe(true);
    const tree = (await get(school, '/sys/sysDepart/queryTreeList')).body.result as { departName: string }[];
    expect(tree.map((node) => node.departName).filter((name) => name.endsWith('年级组'))).toEqual(['一年级组', '二年级组', '三年级组', '十年级组']);
  });

  it('JeecgBoot’s item form asks whether a value is free within its dictionary', async () => {
    const dictId = await dictIdOf('sex');
    const check = (query: string) => get(admin, `/sys/dictItem/dictItemCheck?dictId=${dictId}&${query}`);
    expect((await check('itemValue=1')).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await check('itemValue=9')).body).toMatchObject({ success: true, message: '该值可用！' });
    const [male] = await t0.db
      .select({ id: t.dictionaryItems.id })
      .from(t.dictionaryItems)
      .where(and(eq(t.dictionaryItems.dictId, dictId), eq(t.dictionaryItems.itemValue, '1')));
    // Editing an item: its own value is not taken by itself.
    expect((await check(`itemValue=1&id=${male!.id}`)).body.success).toBe(true);
    expect((await get(admin, '/sys/dictItem/dictItemCheck?itemValue=1')).body.message).toBe('请选择字典（dictId）');
    expect((await get(await signIn(t0.app, 'canteen'), `/sys/dictItem/dictItemCheck?dictId=${dictId}&itemValue=1`)).status).toBe(403);
  });

  it('ships every item with its English text, and an English console reads dictionaries in English', async () => {
    const missing = await t0.db
      .select({ code: t.dictionaries.dictCode, value: t.dictionaryItems.itemValue })
      .from(t.dictionaryItems)
      .innerJoin(t.dictionaries, eq(t.dictionaries.id, t.dictionaryItems.dictId))
      .where(isNull(t.dictionaryItems.itemTextEn));
    // Items added by the tests above have none; every shipped one has.
    expect(missing.filter((row) => !['grade_names', 'temp_dict'].includes(row.code))).toEqual([]);
    expect((await get(admin, '/sys/dict/getDictItems/rule_conditions')).body.result).toHaveLength(11);

    const inEnglish = (url: string) => t0.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: { 'X-Access-Token': admin, 'accept-language': 'en' } }).then((response) => response.json());
    expect((await inEnglish('/sys/dict/getDictItems/sex')).result.map((item: { text: string }) => item.text)).toEqual(['Male', 'Female']);
    expect((await inEnglish('/sys/dict/queryAllDictItems')).result.card_status.map((item: { text: string }) => item.text)).toContain('Reported lost');
    const canteens = (await inEnglish('/meals/canteen/list?pageSize=1')).result.records;
    expect(['Open', 'Closed']).toContain(canteens[0].status_dictText);
    // An item without English shows its Chinese; Chinese stays the default.
    expect((await inEnglish('/sys/dict/getDictItems/grade_names')).result[0].text).toBe('预科');
    expect((await get(admin, '/sys/dict/getDictItems/sex')).body.result[0].text).toBe('男');
    // Sign-in hands over the dictionaries in the console's language.
    const signedIn = await t0.app.inject({
      method: 'POST',
      url: `${BASE}/sys/login`,
      headers: { 'accept-language': 'en' },
      payload: { username: 'canteen', password: ADMIN_PASSWORD },
      remoteAddress: '10.251.0.1',
    });
    expect(signedIn.json().result.sysAllDictItems.meal_type.map((item: { text: string }) => item.text)).toEqual(['Breakfast', 'Lunch', 'Dinner', 'Late snack']);
  });

  it('an English word the product renamed (赠送: Bonus → Gift) is renamed in an installed database, unless an administrator wrote their own', async () => {
    const itemOf = async (code: string, value: string) =>
      (
        await t0.db
          .select({ id: t.dictionaryItems.id, en: t.dictionaryItems.itemTextEn })
          .from(t.dictionaryItems)
          .innerJoin(t.dictionaries, eq(t.dictionaries.id, t.dictionaryItems.dictId))
          .where(and(eq(t.dictionaries.dictCode, code), eq(t.dictionaryItems.itemValue, value)))
      )[0]!;
    const gift = await itemOf('wallet', 'GIFT');
    const campaign = await itemOf('activity_type', '1');
    expect([gift.en, campaign.en]).toEqual(['Gift', 'Recharge gift']);
    // As an older release left them: the old word on one, an administrator's own on the other.
    await t0.db.update(t.dictionaryItems).set({ itemTextEn: 'Bonus' }).where(eq(t.dictionaryItems.id, gift.id));
    await t0.db.update(t.dictionaryItems).set({ itemTextEn: 'Recharge reward' }).where(eq(t.dictionaryItems.id, campaign.id));
    await addShippedDictionaries(t0.db);
    expect([(await itemOf('wallet', 'GIFT')).en, (await itemOf('activity_type', '1')).en]).toEqual(['Gift', 'Recharge reward']);
    await t0.db.update(t.dictionaryItems).set({ itemTextEn: 'Recharge gift' }).where(eq(t.dictionaryItems.id, campaign.id));
  });

  it('refleshCache is a bare success, code 0', async () => {
    expect((await get(admin, '/sys/dict/refleshCache')).body).toMatchObject({ success: true, code: 0 });
  });
});

describe('loadDict and loadDictItem', () => {
  it('searches a dictionary by keyword, and names values in key order', async () => {
    expect((await get(admin, '/sys/dict/loadDict/meal_type?keyword=午')).body.result).toEqual([{ value: '2', text: '午餐', title: '午餐' }]);
    expect((await get(admin, '/sys/dict/loadDict/meal_type?keyword=1,3')).body.result.map((item: { text: string }) => item.text)).toEqual(['早餐', '晚餐']);
    expect((await get(admin, '/sys/dict/loadDictItem/meal_type?key=3,1,9')).body.result).toEqual(['晚餐', '早餐']);
    expect((await get(admin, '/sys/dict/loadDictItem/meal_type?key=3,9&delNotExist=false')).body.result).toEqual(['晚餐', '9']);
  });

  it('reads a declared table as a dictionary, scoped to the school, and nothing else', async () => {
    const seeded = (await get(admin, '/sys/dict/loadDict/meal_canteen,name,id?keyword=第一')).body.result;
    expect(seeded.length).toBeGreaterThan(0);
    expect(seeded[0]).toMatchObject({ text: expect.stringContaining('第一') });
    expect((await get(admin, `/sys/dict/loadDictItem/meal_canteen,name,id?key=${seeded[0].value}`)).body.result).toEqual([seeded[0].text]);
    // Another school's canteens are not its own.
    expect((await get(school, '/sys/dict/loadDict/meal_canteen,name,id?keyword=第一')).body.result).toEqual([]);
    expect((await get(admin, '/sys/dict/loadDict/sys_user,password_hash,id?keyword=')).status).toBe(400);
    expect((await get(admin, '/sys/dict/loadDict/meal_store,commission_permille,id?keyword=')).status).toBe(400);
    expect((await get(admin, `/sys/dict/loadDict/${encodeURIComponent('meal_canteen,name,id,1=1')}?keyword=`)).status).toBe(400);
    const outsider = await roleWithUser(admin, 'dict_outsider', ['system:users']);
    expect((await get(outsider.token, '/sys/dict/loadDict/meal_canteen,name,id?keyword=')).status).toBe(403);
  });
});

describe('data rules on engine lists', () => {
  it("a role's chosen rules limit what its users list and export; raw SQL rules show nothing", async () => {
    const open = await storeWithStatus(admin, '1');
    const closed = await storeWithStatus(admin, '2');
    const viewer = await roleWithUser(admin, 'rule_viewer', ['meals:stores']);
    const [menuId] = await permissionIds('meals:stores');
    const rule = await call(admin, 'POST', '/sys/permission/addPermissionRule', { permissionId: menuId, ruleName: '只看启用', ruleColumn: 'status', ruleConditions: '=', ruleValue: '1', status: '1' });
    expect(rule.body.success, rule.body.message).toBe(true);
    const listed = async () => (await get(viewer.token, '/meals/store/list?pageSize=200')).body.result.records.map((row: { id: string }) => row.id);
    expect(await listed()).toEqual(expect.arrayContaining([open, closed]));

    const bind = await call(admin, 'POST', '/sys/role/datarule', { permissionId: menuId, roleId: viewer.roleId, dataRuleIds: rule.body.result.id });
    expect(bind.body.success, bind.body.message).toBe(true);
    expect(await listed()).toContain(open);
    expect(await listed()).not.toContain(closed);
    // The administrator has no rule: everything.
    expect((await get(admin, '/meals/store/list?pageSize=200')).body.result.records.map((row: { id: string }) => row.id)).toContain(closed);

    // A rule naming the caller: only what they created.
    const mine = await call(admin, 'POST', '/sys/permission/addPermissionRule', {
      permissionId: menuId,
      ruleName: '本人创建',
      ruleColumn: 'create_by',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
      status: '1',
    });
    await call(admin, 'POST', '/sys/role/datarule', { permissionId: menuId, roleId: viewer.roleId, dataRuleIds: mine.body.result.id });
    expect(await listed()).toEqual([]);

    const raw = await call(admin, 'POST', '/sys/permission/addPermissionRule', { permissionId: menuId, ruleName: '自定义SQL', ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1', status: '1' });
    await call(admin, 'POST', '/sys/role/datarule', { permissionId: menuId, roleId: viewer.roleId, dataRuleIds: raw.body.result.id });
    expect(await listed()).toEqual([]);
  });
});
