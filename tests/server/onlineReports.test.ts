/**
 * Online 报表 through its routes, on PGlite and on PostgreSQL: a report designed over each
 * source, read by JeecgBoot's three cgreport calls in their shapes (columns with dictionaries,
 * query info, pages of data with filters, ranges and sorts), exported; the designer's checks; a
 * report read only by those whose screens show its data, and only of their school; and no request
 * that gets SQL into a query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { reportSources } from '@shared/online/reportSources';
import { closeDays } from '@server/modules/reports/dayClose';
import { apiOf } from '../support/api';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, roleWithUser, secondSchool } = apiOf(() => t0);

async function design(code: string, source: string, columns?: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  const added = await call(admin, 'POST', '/online/cgreport/head/add', { code, name: `报表${code}`, source, ...(columns ? { columns } : {}), ...extra });
  expect(added.body.success, added.body.message).toBe(true);
  return added.body.result.id as string;
}

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

describe('Online 报表', () => {
  let membersId: string;

  it('takes every column of its source when saved with none, and answers getRpColumns in JeecgBoot’s shape', async () => {
    membersId = await design('pupils', 'members', [
      { field: 'memberNo', title: '学号', queryMode: 'like' },
      { field: 'realName', queryMode: 'like' },
      { field: 'sex', queryMode: 'eq' },
      { field: 'deptName', queryMode: 'like', hidden: '1' },
      { field: 'balance', queryMode: 'range', hidden: '1' },
      { field: 'mobile' },
    ]);
    const all = await design('all_members', 'members');
    const stored = await t0.db.select().from(t.onlineReportColumns).where(eq(t.onlineReportColumns.reportId, all)).orderBy(asc(t.onlineReportColumns.sortNo));
    expect(stored.map((row) => row.field)).toEqual(
      reportSources()
        .find((source) => source.code === 'members')!
        .columns.map((column) => column.key),
    );

    const columns = await get(admin, '/online/cgreport/api/getRpColumns/pupils');
    expect(columns.body.success, columns.body.message).toBe(true);
    const result = columns.body.result;
    expect(result).toMatchObject({ cgRpConfigId: membersId, cgRpConfigName: '报表pupils' });
    expect(result.columns[0]).toEqual({ title: '学号', dataIndex: 'memberNo', align: 'center', sorter: 'true', type: 'string' });
    expect(result.columns.find((column: { dataIndex: string }) => column.dataIndex === 'sex')).toMatchObject({ customRender: 'sex' });
    expect(result.dictOptions.sex).toEqual(expect.arrayContaining([{ value: '1', text: '男', title: '男' }]));
    expect((await get(admin, '/online/cgreport/api/getRpColumns/nobody')).body).toMatchObject({ success: false, message: '实体不存在' });
  });

  it('answers getQueryInfo: list for a dictionary, group for a range, hidden from the third on as designed', async () => {
    const info = await get(admin, `/online/cgreport/api/getQueryInfo/${membersId}`);
    expect(info.body.result).toEqual([
      { label: '学号', field: 'memberNo', view: 'string', mode: 'single', match: 'like', hidden: '0' },
      { label: '姓名', field: 'realName', view: 'string', mode: 'single', match: 'like', hidden: '0' },
      { label: '性别', field: 'sex', view: 'list', mode: 'single', match: 'eq', hidden: '0', dictCode: 'sex' },
      { label: '部门/班级', field: 'deptName', view: 'string', mode: 'single', match: 'like', hidden: '1' },
      { label: '余额', field: 'balance', view: 'money', mode: 'group', match: 'eq', hidden: '1' },
    ]);
  });

  it('pages getData with filters, ranges and a sort by a column, the school’s rows only', async () => {
    const [member] = await t0.db
      .select({ memberNo: t.members.memberNo, realName: t.members.realName })
      .from(t.members)
      .where(and(eq(t.members.tenantId, 0), eq(t.members.delFlag, 0)))
      .orderBy(asc(t.members.memberNo))
      .limit(1);
    const live = await t0.db
      .select({ id: t.members.id })
      .from(t.members)
      .where(and(eq(t.members.tenantId, 0), eq(t.members.delFlag, 0)));
    const first = await get(admin, `/online/cgreport/api/getData/${membersId}?pageNo=1&pageSize=10`);
    expect(first.body.result.total).toBe(live.length);
    expect(first.body.result.records).toHaveLength(10);
    expect(first.body.result.records[0]).toMatchObject({ memberNo: member!.memberNo, realName: member!.realName });
    expect(Object.keys(first.body.result.records[0]).sort()).toEqual(['balance', 'deptName', 'id', 'memberNo', 'mobile', 'realName', 'sex'].sort());

    const byName = await get(admin, `/online/cgreport/api/getData/${membersId}?realName=${encodeURIComponent(member!.realName)}`);
    expect(byName.body.result.records.map((row: { realName: string }) => row.realName)).toContain(member!.realName);
    expect(byName.body.result.records.every((row: { realName: string }) => row.realName.includes(member!.realName))).toBe(true);

    const girls = await get(admin, `/online/cgreport/api/getData/${membersId}?sex=2&pageSize=200`);
    expect(girls.body.result.total).toBeGreaterThan(0);
    expect(girls.body.result.records.every((row: { sex: string }) => row.sex === '2')).toBe(true);

    const rich = await get(admin, `/online/cgreport/api/getData/${membersId}?balance_begin=100&pageSize=200&column=balance&order=desc`);
    const balances = rich.body.result.records.map((row: { balance: number }) => row.balance);
    expect(balances.every((value: number) => value >= 100)).toBe(true);
    expect([...balances].sort((a, b) => b - a)).toEqual(balances);
    // A value that cannot be an amount matches nothing.
    expect((await get(admin, `/online/cgreport/api/getData/${membersId}?balance_begin=abc`)).body.result.total).toBe(0);

    const page2 = await get(admin, `/online/cgreport/api/getData/${membersId}?pageNo=2&pageSize=10`);
    expect(page2.body.result.records[0].id).not.toBe(first.body.result.records[0].id);
  });

  it('reads every source', async () => {
    // 每日消费 reads the closed days' sums: the sample's past days are closed first.
    await closeDays(t0.db, 0, 'test');
    for (const source of reportSources()) {
      const id = await design(`src_${source.code}`, source.code);
      const data = await get(admin, `/online/cgreport/api/getData/${id}?pageSize=5`);
      expect(data.body.success, `${source.code}: ${data.body.message}`).toBe(true);
      expect(data.body.result.records.length, source.code).toBeGreaterThan(0);
      for (const row of data.body.result.records) expect(Object.keys(row).sort(), source.code).toEqual(['id', ...source.columns.map((column) => column.key)].sort());
    }
  });

  it('refuses a column its source does not have, a column twice, an unknown dictionary and a sort by something else', async () => {
    const refused = async (body: Record<string, unknown>, message: string) => {
      const answer = await call(admin, 'POST', '/online/cgreport/head/add', { code: 'bad', name: '坏报表', source: 'members', ...body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    };
    await refused({ columns: [{ field: 'password' }] }, '第 1 行 字段「password」不在数据源「人员与账户」中');
    await refused({ columns: [{ field: 'realName' }, { field: 'realName' }] }, '第 2 行 字段「realName」重复');
    await refused({ columns: [{ field: 'realName', dictCode: 'no_such_dict' }] }, '第 1 行 字典「no_such_dict」不存在');
    await refused({ columns: [{ field: 'realName' }], sortColumn: 'memberNo' }, '默认排序字段「memberNo」不是报表的字段');
    await refused({ code: '1; drop table x', columns: [{ field: 'realName' }] }, '报表编码只能由字母、数字和下划线组成，且以字母开头');
  });

  it('takes no SQL: a sort, a field or a value is a name looked up or a parameter', async () => {
    const before = (await get(admin, `/online/cgreport/api/getData/${membersId}`)).body.result.total;
    const hostile = await get(
      admin,
      `/online/cgreport/api/getData/${membersId}?column=${encodeURIComponent('memberNo; DROP TABLE memb_member')}&order=${encodeURIComponent('desc; select 1')}&sql=${encodeURIComponent('select * from users')}`,
    );
    expect(hostile.body.success).toBe(true);
    expect(hostile.body.result.total).toBe(before);
    const quoted = await get(admin, `/online/cgreport/api/getData/${membersId}?realName=${encodeURIComponent("' OR '1'='1")}`);
    expect(quoted.body.result.total).toBe(0);
    expect((await get(admin, `/online/cgreport/api/getData/${membersId}`)).body.result.total).toBe(before);
  });

  it('exports the report as it is queried', async () => {
    const started = await get(admin, `/online/cgreport/api/exportXls/${membersId}?sex=2`);
    expect(started.body.success, started.body.message).toBe(true);
    const job = started.body.result.id as string;
    for (let tries = 0; tries < 100; tries += 1) {
      const [row] = await t0.db.select().from(t.downloadJobs).where(eq(t.downloadJobs.id, job));
      if (row?.status !== '0') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [done] = await t0.db.select().from(t.downloadJobs).where(eq(t.downloadJobs.id, job));
    const girls = (await get(admin, `/online/cgreport/api/getData/${membersId}?sex=2`)).body.result.total;
    expect(done).toMatchObject({ status: '1', rows: girls });
  });

  it('is read by those whose screens show its data, and only in their school', async () => {
    const subsidies = await roleWithUser(admin, 'onl_subsidy', ['members:subsidies']);
    expect((await get(subsidies.token, `/online/cgreport/api/getData/${membersId}`)).body.success).toBe(true);
    const canteen = await roleWithUser(admin, 'onl_canteen', ['meals:canteens']);
    expect((await get(canteen.token, `/online/cgreport/api/getData/${membersId}`)).status).toBe(403);
    expect((await get(canteen.token, '/online/cgreport/api/getRpColumns/pupils')).status).toBe(403);
    // The designer's code is needed to change a report.
    expect((await call(subsidies.token, 'POST', '/online/cgreport/head/add', { code: 'x1', name: 'x', source: 'members' })).status).toBe(403);

    const other = await secondSchool(71, 'onl_school71');
    expect((await get(other.token, `/online/cgreport/api/getData/${membersId}`)).body).toMatchObject({ success: false, message: '实体不存在' });
    expect((await get(other.token, '/online/cgreport/api/getRpColumns/pupils')).body.message).toBe('实体不存在');
    // The shipped picker reports are every school's, over its own rows only.
    const picked = await get(other.token, '/online/cgreport/api/getRpColumns/member_pick');
    expect(picked.body.success, picked.body.message).toBe(true);
    expect((await get(other.token, `/online/cgreport/api/getData/${picked.body.result.cgRpConfigId}`)).body.result.total).toBe(0);
  });

  it('is published as its own screen with 导出, read and exported there by the roles granted it, and taken off again', async () => {
    const reportId = await design('balances', 'members', [{ field: 'realName', queryMode: 'like' }, { field: 'balance' }], { menuArea: '/members' });
    const path = `/online/cgreport/${reportId}`;
    const menuPaths = async (token: string) => {
      const menu = (await get(token, '/sys/permission/getUserPermissionByToken')).body.result.menu as { path: string; component: string; children?: { path: string; component: string }[] }[];
      return menu.flatMap((area) => (area.children ?? []).map((item) => `${item.path} ${item.component}`));
    };
    expect(await menuPaths(admin)).not.toContain(`${path} online/OnlineReportScreen`);
    const published = await call(admin, 'POST', '/online/cgreport/head/publish', { id: reportId });
    expect(published.body.success, published.body.message).toBe(true);
    expect(await menuPaths(admin)).toContain(`${path} online/OnlineReportScreen`);
    // The published screen reads the report by its id.
    const columns = await get(admin, `/online/cgreport/api/getRpColumns/${reportId}`);
    expect(columns.body.result).toMatchObject({ cgRpConfigId: reportId, cgRpConfigName: '报表balances' });
    expect((await call(admin, 'DELETE', `/online/cgreport/head/delete?id=${reportId}`)).body.message).toBe('已发布的报表不能删除，请先取消发布');

    // A role granted the screen reads it; its 导出 is a button of its own.
    const reader = await roleWithUser(admin, 'onl_report_reader', [`online:cgreport:${reportId}`]);
    expect((await get(reader.token, `/online/cgreport/api/getData/${reportId}`)).body.success).toBe(true);
    expect((await get(reader.token, `/online/cgreport/api/exportXls/${reportId}`)).status).toBe(403);
    // …and only this report: another of the school's stays closed to it.
    expect((await get(reader.token, `/online/cgreport/api/getData/${membersId}`)).status).toBe(403);
    const exporter = await roleWithUser(admin, 'onl_report_exporter', [`online:cgreport:${reportId}`, `online:cgreport:${reportId}:export`]);
    const started = await get(exporter.token, `/online/cgreport/api/exportXls/${reportId}?realName=${encodeURIComponent('张')}`);
    expect(started.body.success, started.body.message).toBe(true);

    // Renamed while published, its screen and button are renamed with it.
    const renamed = await call(admin, 'PUT', '/online/cgreport/head/edit', { id: reportId, code: 'balances', name: '余额一览', source: 'members', menuArea: '/members' });
    expect(renamed.body.success, renamed.body.message).toBe(true);
    const rows = await t0.db.select({ name: t.permissions.name, menuType: t.permissions.menuType }).from(t.permissions).where(eq(t.permissions.url, path));
    expect(rows).toEqual([{ name: '余额一览', menuType: 1 }]);
    const [button] = await t0.db
      .select({ name: t.permissions.name })
      .from(t.permissions)
      .where(eq(t.permissions.perms, `online:cgreport:${reportId}:export`));
    expect(button!.name).toBe('导出余额一览');

    // Unpublished: the screen, its button and every grant of them go; the report stays.
    expect((await call(admin, 'POST', '/online/cgreport/head/unpublish', { id: reportId })).body.success).toBe(true);
    expect(await menuPaths(admin)).not.toContain(`${path} online/OnlineReportScreen`);
    expect(await t0.db.select().from(t.permissions).where(eq(t.permissions.url, path))).toEqual([]);
    expect((await get(reader.token, `/online/cgreport/api/getData/${reportId}`)).status).toBe(403);
    expect((await get(admin, `/online/cgreport/api/getData/${reportId}`)).body.success).toBe(true);
  });
});
