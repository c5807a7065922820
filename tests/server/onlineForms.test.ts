/**
 * Online 表单 through its routes, on PGlite and on PostgreSQL: a form designed, checked like any
 * declaration, published (its screen on the menu, granted to the school's administrators), filled,
 * listed, searched, exported and imported through the engine's routes over the JSONB store; its
 * fields changed while published (nothing lost, new fields empty); unpublished (the records kept);
 * another school never reaching it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as t from '@server/db/schema';
import { apiOf } from '../support/api';
import { multipartBody } from '../support/multipart';
import { BASE, createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, roleWithUser, secondSchool } = apiOf(() => t0);

const FIELDS = [
  { key: 'studentNo', label: '学号', fieldType: 'text', required: '1', isUnique: '1', queryMode: 'like' },
  { key: 'studentName', label: '姓名', fieldType: 'text', required: '1', queryMode: 'like' },
  { key: 'size', label: '尺码', fieldType: 'dict', dictCode: 'sex', queryMode: 'eq' },
  { key: 'amount', label: '金额', fieldType: 'money' },
];

let formId: string;
let base: string;

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

describe('Online 表单', () => {
  it('refuses what the store or the engine cannot take', async () => {
    const refused = async (body: Record<string, unknown>, message: string) => {
      const answer = await call(admin, 'POST', '/online/cgform/head/add', { code: 'bad_form', title: '坏表单', menuArea: '/online', fields: FIELDS, ...body });
      expect(answer.status, answer.body.message).toBe(400);
      expect(answer.body.message).toBe(message);
    };
    await refused({ code: 'Bad-Form' }, '表名只能由小写字母、数字和下划线组成，且以字母开头');
    await refused({ fields: [{ key: 'student_no', label: '学号', fieldType: 'text' }] }, '第 1 行 字段名「student_no」只能由字母和数字组成，且以小写字母开头');
    await refused({ fields: [{ key: 'createBy', label: '创建人', fieldType: 'text' }] }, '第 1 行 字段名「createBy」是系统保留字段');
    await refused({ fields: [{ key: 'size', label: '尺码', fieldType: 'dict', dictCode: 'no_such' }] }, '第 1 行 字典「no_such」不存在');
    await refused(
      {
        fields: [
          { key: 'a', label: '甲', fieldType: 'text' },
          { key: 'a', label: '乙', fieldType: 'text' },
        ],
      },
      '字段名「a」重复',
    );
    await refused({ fields: [{ key: 'who', label: '人员', fieldType: 'popup', popupCode: 'member_pick', popupOrgFields: 'realName', popupDestFields: '' }] }, '字段「人员」：popup参数未正确配置!');
    await refused(
      { fields: [{ key: 'who', label: '人员', fieldType: 'popup', popupCode: 'member_pick', popupOrgFields: 'realName,memberNo', popupDestFields: 'who' }] },
      '字段「人员」：popup参数未正确配置,原始值和目标值数量不一致!',
    );
    await refused({ fields: [{ key: 'who', label: '人员', fieldType: 'popup', popupCode: 'nobody', popupOrgFields: 'realName', popupDestFields: 'who' }] }, '第 1 行 弹窗报表「nobody」不存在');
  });

  it('is published onto the menu, granted to the school’s administrators, and served by the engine over the record store', async () => {
    const added = await call(admin, 'POST', '/online/cgform/head/add', { code: 'uniform_order', title: '校服征订', titleEn: 'Uniform orders', menuArea: '/online', fields: FIELDS });
    expect(added.body.success, added.body.message).toBe(true);
    formId = added.body.result.id;
    base = `/online/cgform/api/form/${formId}`;
    // Not published: no screen, no records.
    expect((await get(admin, `${base}/list`)).status).toBe(404);
    const published = await call(admin, 'POST', '/online/cgform/head/publish', { id: formId });
    expect(published.body.success, published.body.message).toBe(true);
    const menu = (await get(admin, '/sys/permission/getUserPermissionByToken')).body.result;
    const online = menu.menu.find((item: { path: string }) => item.path === '/online');
    expect(online.children.map((item: { path: string }) => item.path)).toContain(`/online/cgformList/${formId}`);
    const specs = (await get(admin, '/online/cgform/api/specs')).body.result;
    expect(specs.map((spec: { id: string }) => spec.id)).toContain(`online.form.${formId}`);

    for (const [no, name, size, amount] of [
      ['20260001', '张三', '1', '120.50'],
      ['20260002', '李四', '2', '99'],
    ]) {
      const made = await call(admin, 'POST', `${base}/add`, { studentNo: no, studentName: name, size, amount });
      expect(made.body.success, made.body.message).toBe(true);
    }
    const again = await call(admin, 'POST', `${base}/add`, { studentNo: '20260001', studentName: '重复', size: '1' });
    expect(again.body.message).toBe('学号已存在（studentNo）');
    expect((await call(admin, 'POST', `${base}/add`, { studentName: '无学号' })).body.message).toBe('请填写学号（studentNo）');
    const list = (await get(admin, `${base}/list?column=studentNo&order=asc`)).body.result;
    expect(list.total).toBe(2);
    expect(list.records.map((row: Record<string, unknown>) => [row.studentNo, row.studentName, row.size_dictText, row.amount])).toEqual([
      ['20260001', '张三', '男', 120.5],
      ['20260002', '李四', '女', 99],
    ]);
    expect((await get(admin, `${base}/list?studentName=${encodeURIComponent('李')}`)).body.result.records.map((row: { studentNo: string }) => row.studentNo)).toEqual(['20260002']);
    // Stored as JSON, money in cents.
    const [stored] = await t0.db
      .select()
      .from(t.onlineRecords)
      .where(and(eq(t.onlineRecords.formId, formId), eq(t.onlineRecords.tenantId, 0)))
      .orderBy(t.onlineRecords.createdAt)
      .limit(1);
    expect(stored!.data).toEqual({ studentNo: '20260001', studentName: '张三', size: '1', amount: 12050 });

    const edited = await call(admin, 'PUT', `${base}/edit`, { id: list.records[1].id, studentNo: '20260002', studentName: '李四', size: '2', amount: '88' });
    expect(edited.body.success, edited.body.message).toBe(true);
    expect((await get(admin, `${base}/queryById?id=${list.records[1].id}`)).body.result.amount).toBe(88);
  });

  it('exports and imports its records through the engine', async () => {
    const started = await get(admin, `${base}/exportXls`);
    expect(started.body.success, started.body.message).toBe(true);
    await expect.poll(async () => (await t0.db.select().from(t.downloadJobs).where(eq(t.downloadJobs.id, started.body.result.id)))[0]?.status, { timeout: 20_000 }).toBe('1');
    const [job] = await t0.db.select().from(t.downloadJobs).where(eq(t.downloadJobs.id, started.body.result.id));
    expect(job!.rows).toBe(2);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('校服征订');
    sheet.addRow(['学号', '姓名', '尺码', '金额']);
    sheet.addRow(['20260003', '王五', '男', '60']);
    const { payload, contentType } = multipartBody({}, [
      { name: 'file', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: Buffer.from(await book.xlsx.writeBuffer()) },
    ]);
    const imported = await t0.app.inject({ method: 'POST', url: `${BASE}${base}/importExcel`, headers: { 'X-Access-Token': admin, 'content-type': contentType }, payload });
    expect(imported.json().message, imported.body).toBe('导入成功，共 1 行');
    expect((await get(admin, `${base}/list`)).body.result.total).toBe(3);
  });

  it('changes its fields while published: nothing migrates, nothing is lost, new fields start empty', async () => {
    const form = (await get(admin, `/online/cgform/head/queryById?id=${formId}`)).body.result;
    expect(form.fields.map((field: { key: string }) => field.key)).toEqual(['studentNo', 'studentName', 'size', 'amount']);
    const fields = [...FIELDS.filter((field) => field.key !== 'amount'), { key: 'remarkText', label: '备注', fieldType: 'textarea' }];
    const saved = await call(admin, 'PUT', '/online/cgform/head/edit', { id: formId, code: 'uniform_order', title: '校服征订', titleEn: 'Uniform orders', menuArea: '/online', fields });
    expect(saved.body.success, saved.body.message).toBe(true);
    const rows = (await get(admin, `${base}/list?column=studentNo&order=asc`)).body.result.records;
    expect(rows[0]).toMatchObject({ studentNo: '20260001', remarkText: null });
    expect(rows[0]).not.toHaveProperty('amount');
    // The amount taken off the form is still in the record.
    const [stored] = await t0.db.select().from(t.onlineRecords).where(eq(t.onlineRecords.id, rows[0].id));
    expect(stored!.data).toMatchObject({ amount: 12050 });
    // Put back, it reads again.
    expect((await call(admin, 'PUT', '/online/cgform/head/edit', { id: formId, code: 'uniform_order', title: '校服征订', menuArea: '/online', fields: FIELDS })).body.success).toBe(true);
    expect((await get(admin, `${base}/queryById?id=${rows[0].id}`)).body.result.amount).toBe(120.5);
  });

  it('applies its permission codes: a role without the screen is refused, one granted it reads', async () => {
    const menuRow = (
      await t0.db
        .select()
        .from(t.permissions)
        .where(eq(t.permissions.url, `/online/cgformList/${formId}`))
    )[0]!;
    const without = await roleWithUser(admin, 'onl_form_none', ['meals:canteens']);
    expect((await get(without.token, `${base}/list`)).status).toBe(403);
    const reader = await roleWithUser(admin, 'onl_form_reader', [menuRow.perms!]);
    expect((await get(reader.token, `${base}/list`)).body.result.total).toBe(3);
    expect((await call(reader.token, 'POST', `${base}/add`, { studentNo: 'X1', studentName: '无权' })).status).toBe(403);
    // A role's data rule applies as on any screen: 本人创建的数据 shows the reader none of the administrator's.
    const [own] = await t0.db
      .select()
      .from(t.permissionDataRules)
      .where(and(eq(t.permissionDataRules.permissionId, menuRow.id), eq(t.permissionDataRules.ruleName, '本人创建的数据')));
    const bound = await call(admin, 'POST', '/sys/role/datarule', { permissionId: menuRow.id, roleId: reader.roleId, dataRuleIds: own!.id });
    expect(bound.body.success, bound.body.message).toBe(true);
    expect((await get(reader.token, `${base}/list`)).body.result.total).toBe(0);
  });

  it('hides a field marked 数据列权限 from whoever is not granted its column', async () => {
    const added = await call(admin, 'POST', '/online/cgform/head/add', {
      code: 'hardship',
      title: '困难补助申请',
      menuArea: '/online',
      fields: [
        { key: 'applicant', label: '申请人', fieldType: 'text', required: '1' },
        { key: 'income', label: '家庭收入', fieldType: 'money', restricted: '1' },
      ],
    });
    expect(added.body.success, added.body.message).toBe(true);
    const id = added.body.result.id as string;
    expect((await call(admin, 'POST', '/online/cgform/head/publish', { id })).body.success).toBe(true);
    const records = `/online/cgform/api/form/${id}`;
    expect((await call(admin, 'POST', `${records}/add`, { applicant: '王芳', income: '3000' })).body.success).toBe(true);
    expect((await get(admin, `${records}/list`)).body.result.records[0]).toMatchObject({ applicant: '王芳', income: 3000 });
    const [screen] = await t0.db
      .select()
      .from(t.permissions)
      .where(eq(t.permissions.url, `/online/cgformList/${id}`));
    const clerk = await roleWithUser(admin, 'onl_hardship_clerk', [screen!.perms!]);
    const [row] = (await get(clerk.token, `${records}/list`)).body.result.records;
    expect(row.applicant).toBe('王芳');
    expect(row).not.toHaveProperty('income');
    const trusted = await roleWithUser(admin, 'onl_hardship_trusted', [screen!.perms!, 'onl_hardship:col:income']);
    expect((await get(trusted.token, `${records}/list`)).body.result.records[0].income).toBe(3000);
  });

  it('refers to the school’s records: a person picked by reference, shown by name, refused when not the school’s; a field off the form still listed', async () => {
    const refused = async (fields: Record<string, unknown>[], message: string) => {
      const answer = await call(admin, 'POST', '/online/cgform/head/add', { code: 'bad_refs', title: '坏表单', menuArea: '/online', fields });
      expect(answer.body.message).toBe(message);
    };
    await refused([{ key: 'who', label: '人员', fieldType: 'ref' }], '引用字段「人员」须选择引用对象');
    await refused([{ key: 'who', label: '人员', fieldType: 'ref', refEntity: 'system.role' }], '第 1 行 引用对象的取值不正确（fields）');
    await refused([{ key: 'note', label: '备注', fieldType: 'text', required: '1', inForm: '0' }], '第 1 行 必填字段须在表单中显示');

    const added = await call(admin, 'POST', '/online/cgform/head/add', {
      code: 'duty_roster',
      title: '值班登记',
      menuArea: '/online',
      fields: [
        { key: 'person', label: '值班人', fieldType: 'ref', refEntity: 'members.member', required: '1', queryMode: 'eq' },
        { key: 'canteen', label: '食堂', fieldType: 'ref', refEntity: 'meals.canteen' },
        { key: 'checkedBy', label: '核对人', fieldType: 'text', inForm: '0' },
      ],
    });
    expect(added.body.success, added.body.message).toBe(true);
    const id = added.body.result.id as string;
    expect((await call(admin, 'POST', '/online/cgform/head/publish', { id })).body.success).toBe(true);
    const spec = (await get(admin, '/online/cgform/api/specs')).body.result.find((candidate: { id: string }) => candidate.id === `online.form.${id}`);
    expect(spec.fields.map((field: Record<string, unknown>) => [field.key, field.type, field.ref ?? null, field.refMode ?? null, field.form ?? true])).toEqual([
      ['person', 'ref', 'members.member', 'picker', true],
      ['canteen', 'ref', 'meals.canteen', null, true],
      ['checkedBy', 'text', null, null, false],
    ]);
    const [member] = await t0.db.select().from(t.members).where(eq(t.members.tenantId, 0)).orderBy(t.members.memberNo).limit(1);
    const records = `/online/cgform/api/form/${id}`;
    expect((await call(admin, 'POST', `${records}/add`, { person: 'no-such-person' })).body.message).toBe('所选值班人不存在（person）');
    const made = await call(admin, 'POST', `${records}/add`, { person: member!.id });
    expect(made.body.success, made.body.message).toBe(true);
    const [row] = (await get(admin, `${records}/list?person=${member!.id}`)).body.result.records;
    expect(row).toMatchObject({ person: member!.id, person_dictText: member!.realName, checkedBy: null });
    // Another school's person is not one of this school's.
    await t0.db.insert(t.members).values({ ...member!, id: 'onl_other_school_member', tenantId: 73, memberNo: 'S73001' });
    expect((await call(admin, 'POST', `${records}/add`, { person: 'onl_other_school_member' })).body.message).toBe('所选值班人不存在（person）');
  });

  it('is another school’s nothing: neither its records nor its menu row', async () => {
    const other = await secondSchool(72, 'onl_school72');
    expect((await get(other.token, `${base}/list`)).status).toBe(404);
    expect((await get(other.token, '/online/cgform/api/specs')).body.result).toEqual([]);
    const tree = (await get(other.token, '/sys/permission/queryTreeList')).body.result;
    expect(tree.ids).not.toContain(
      (
        await t0.db
          .select()
          .from(t.permissions)
          .where(eq(t.permissions.url, `/online/cgformList/${formId}`))
      )[0]!.id,
    );
  });

  it('unpublished, leaves the menu and keeps its records; a published form is not deleted', async () => {
    expect((await call(admin, 'DELETE', `/online/cgform/head/delete?id=${formId}`)).body.message).toBe('已发布的表单不能删除，请先取消发布');
    expect((await call(admin, 'POST', '/online/cgform/head/unpublish', { id: formId })).body.success).toBe(true);
    expect(
      await t0.db
        .select()
        .from(t.permissions)
        .where(eq(t.permissions.url, `/online/cgformList/${formId}`)),
    ).toEqual([]);
    expect((await get(admin, `${base}/list`)).status).toBe(404);
    expect((await t0.db.select().from(t.onlineRecords).where(eq(t.onlineRecords.formId, formId))).length).toBe(3);
    expect((await call(admin, 'POST', '/online/cgform/head/publish', { id: formId })).body.success).toBe(true);
    expect((await get(admin, `${base}/list`)).body.result.total).toBe(3);
  });

  it('has detail forms (从表) on its screen: each record names one of its records, its buttons are the master’s screen’s', async () => {
    const refused = await call(admin, 'POST', '/online/cgform/head/add', {
      code: 'item_bad',
      title: '坏从表',
      menuArea: '/online',
      masterCode: 'nosuch',
      fields: [{ key: 'itemName', label: '品名', fieldType: 'text' }],
    });
    expect(refused.body.message).toBe('主表「nosuch」不存在');
    const added = await call(admin, 'POST', '/online/cgform/head/add', {
      code: 'uniform_item',
      title: '征订明细',
      menuArea: '/online',
      masterCode: 'uniform_order',
      fields: [
        { key: 'itemName', label: '品名', fieldType: 'text', required: '1' },
        { key: 'qty', label: '数量', fieldType: 'number' },
      ],
    });
    expect(added.body.success, added.body.message).toBe(true);
    const detailId = added.body.result.id as string;
    expect((await call(admin, 'POST', '/online/cgform/head/publish', { id: detailId })).body.success).toBe(true);
    const items = `/online/cgform/api/form/${detailId}`;
    const [order] = (await get(admin, `${base}/list?column=studentNo&order=asc`)).body.result.records;
    const made = await call(admin, 'POST', `${items}/add`, { masterId: order.id, itemName: '夏装', qty: '2' });
    expect(made.body.success, made.body.message).toBe(true);
    expect((await call(admin, 'POST', `${items}/add`, { masterId: 'nope', itemName: '冬装' })).body.message).toBe('所选校服征订不存在（masterId）');
    const list = (await get(admin, `${items}/list?masterId=${order.id}`)).body.result;
    expect(list.records.map((row: Record<string, unknown>) => [row.itemName, row.qty, row.masterId_dictText])).toEqual([['夏装', 2, order.studentNo]]);
    // Imported on the master's screen: the rows go to the master row chosen there.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('征订明细');
    sheet.addRow(['品名', '数量']);
    sheet.addRow(['冬装', '1']);
    sheet.addRow(['运动服', '3']);
    const { payload, contentType } = multipartBody({}, [
      { name: 'file', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: Buffer.from(await book.xlsx.writeBuffer()) },
    ]);
    const importInto = (master: string) =>
      t0.app.inject({ method: 'POST', url: `${BASE}${items}/importExcel?masterId=${master}`, headers: { 'X-Access-Token': admin, 'content-type': contentType }, payload });
    expect((await importInto('nope')).json().message).toBe('导入失败，未导入任何数据：第 2 行 校服征订：找不到「nope」；第 3 行 校服征订：找不到「nope」');
    expect((await importInto(order.id)).json().message).toBe('导入成功，共 2 行');
    expect((await get(admin, `${items}/list?masterId=${order.id}&column=qty&order=asc`)).body.result.records.map((row: Record<string, unknown>) => row.itemName)).toEqual(['冬装', '夏装', '运动服']);
    // Its buttons are on the master's screen; its declaration lives there.
    const screen = (await get(admin, '/sys/permission/getUserPermissionByToken')).body.result.menu
      .find((item: { path: string }) => item.path === '/online')
      .children.find((item: { path: string }) => item.path === `/online/cgformList/${formId}`);
    expect(screen.meta.permissionList.map((entry: { action: string }) => entry.action)).toEqual(expect.arrayContaining(['onl_uniform_order:add', 'onl_uniform_item:add']));
    const spec = (await get(admin, '/online/cgform/api/specs')).body.result.find((candidate: { id: string }) => candidate.id === `online.form.${detailId}`);
    expect(spec).toMatchObject({ parent: { field: 'masterId' }, screen: { path: `/online/cgformList/${formId}` } });
    // The master stays published while a detail is; the detail taken off leaves its buttons.
    expect((await call(admin, 'POST', '/online/cgform/head/unpublish', { id: formId })).body.message).toBe('请先取消发布从表「征订明细」');
    expect((await call(admin, 'POST', '/online/cgform/head/unpublish', { id: detailId })).body.success).toBe(true);
    expect((await t0.db.select().from(t.permissions).where(eq(t.permissions.perms, 'onl_uniform_item:add'))).length).toBe(0);
  });
});
