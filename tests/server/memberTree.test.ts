/**
 * 人员部门 kept up by the school, on PGlite and PostgreSQL: grades and classes added where they
 * belong, renamed without clashing, a class moved to another grade, retired only once no one at
 * school is in it, and the school promoted a year — classes renamed with their grade, members
 * staying in their class, the leaving year flagged and waiting for 毕业 before the next promotion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import * as t from '@server/db/schema';
import { apiOf } from '../support/api';
import { createTestApp, signIn, type TestApp } from '../support/testApp';

let t0: TestApp;
let admin: string;
const { call, get, roleWithUser } = apiOf(() => t0);

beforeAll(async () => {
  t0 = await createTestApp();
  admin = await signIn(t0.app, 'admin');
});
afterAll(async () => t0?.close());

interface Node {
  id: string;
  title: string;
  level: number;
  status: string;
  graduating: boolean;
  children: Node[] | null;
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...flat(node.children ?? [])]);
const tree = async () => flat((await get(admin, '/memb/deptinfo/queryTreeList')).body.result);
const named = async (title: string) => (await tree()).filter((node) => node.title === title);

describe('人员部门', () => {
  it('adds grades under the school and classes under a grade, renames and moves a class, and refuses what does not fit', async () => {
    const [school] = (await tree()).filter((node) => node.level === 1);
    const grade = await call(admin, 'POST', '/memb/deptinfo/add', { parentId: school!.id, name: '初一年级' });
    expect(grade.body.success, grade.body.message).toBe(true);
    expect(grade.body.result).toMatchObject({ level: 2 });
    const klass = await call(admin, 'POST', '/memb/deptinfo/add', { parentId: grade.body.result.id, name: '初一（1）班' });
    expect(klass.body.result).toMatchObject({ level: 3 });
    expect((await call(admin, 'POST', '/memb/deptinfo/add', { parentId: klass.body.result.id, name: '小组' })).body.message).toBe('只能在学校下新增年级、在年级下新增班级');
    expect((await call(admin, 'POST', '/memb/deptinfo/add', { parentId: grade.body.result.id, name: '初一（1）班' })).body.message).toBe('同一上级下已有同名部门');
    expect((await call(admin, 'POST', '/memb/deptinfo/add', { parentId: grade.body.result.id, name: '' })).status).toBe(400);
    expect((await call(admin, 'PUT', '/memb/deptinfo/edit', { id: klass.body.result.id, name: '初一（2）班' })).body.success).toBe(true);
    expect(await named('初一（2）班')).toHaveLength(1);
    // A class regrouped under another grade; a grade cannot be moved under a grade.
    const [senior] = await named('高一年级');
    expect((await call(admin, 'POST', '/memb/deptinfo/move', { id: klass.body.result.id, parentId: senior!.id })).body.success).toBe(true);
    const [moved] = await t0.db.select().from(t.memberDepartments).where(eq(t.memberDepartments.id, klass.body.result.id));
    expect(moved!.parentId).toBe(senior!.id);
    expect((await call(admin, 'POST', '/memb/deptinfo/move', { id: grade.body.result.id, parentId: senior!.id })).body.message).toBe('只能把班级移到另一个年级');
  });

  it('retires a class only when no one at school is in it, and a retired class is no longer offered', async () => {
    const [full] = await named('高一（1）班');
    const refused = await call(admin, 'POST', '/memb/deptinfo/retire', { id: full!.id });
    expect(refused.body.message).toMatch(/^仍有\d+名在校人员，不能停用$/);
    const [empty] = await named('初一（2）班');
    expect((await call(admin, 'POST', '/memb/deptinfo/retire', { id: empty!.id })).body.message).toBe('已停用');
    expect((await named('初一（2）班'))[0]).toMatchObject({ status: '0' });
    const picker = flat((await get(admin, '/memb/deptinfo/class/queryTreeList')).body.result);
    expect(picker.map((node) => node.id)).not.toContain(empty!.id);
  });

  it('升级 moves every grade a year up with its classes, members staying in them; the leaving year waits for 毕业', async () => {
    const [school] = (await tree()).filter((node) => node.level === 1);
    const [firstClass] = await named('高一（1）班');
    const pupils = await t0.db.select({ id: t.members.id }).from(t.members).where(eq(t.members.deptId, firstClass!.id));
    expect(pupils.length).toBeGreaterThan(0);
    const promoted = await call(admin, 'POST', '/memb/deptinfo/promote', { id: school!.id });
    expect(promoted.body.message, JSON.stringify(promoted.body)).toBe('升级成功！');
    expect(promoted.body.result.leaving).toEqual(['高三年级']);
    expect(promoted.body.result.promoted).toEqual(expect.arrayContaining(['高一年级 → 高二年级', '高二年级 → 高三年级', '初一年级 → 初二年级']));
    // The first class is now 高二（1）班, with the same pupils.
    const [renamed] = await t0.db.select().from(t.memberDepartments).where(eq(t.memberDepartments.id, firstClass!.id));
    expect(renamed!.name).toBe('高二（1）班');
    expect(await t0.db.select({ id: t.members.id }).from(t.members).where(eq(t.members.deptId, firstClass!.id))).toHaveLength(pupils.length);
    const leaving = (await tree()).find((node) => node.graduating);
    expect(leaving).toMatchObject({ title: '高三年级', level: 2, status: '1' });
    // Not again until the leaving year has gone (毕业: its pupils leave, the grade is retired).
    expect((await call(admin, 'POST', '/memb/deptinfo/promote', { id: school!.id })).body.message).toBe('高三年级尚未办理毕业，请先停用该年级后再升级');
    const classes = await t0.db.select({ id: t.memberDepartments.id }).from(t.memberDepartments).where(eq(t.memberDepartments.parentId, leaving!.id));
    await t0.db
      .update(t.members)
      .set({ memberStatus: '2' })
      .where(
        and(
          inArray(
            t.members.deptId,
            classes.map((row) => row.id),
          ),
          eq(t.members.tenantId, 0),
        ),
      );
    expect((await call(admin, 'POST', '/memb/deptinfo/retire', { id: leaving!.id })).body.message).toBe('已停用');
    expect((await call(admin, 'POST', '/memb/deptinfo/promote', { id: school!.id })).body.message).toBe('升级成功！');
    expect(await named('高三（1）班')).toEqual(expect.arrayContaining([expect.objectContaining({ id: firstClass!.id })]));
  });

  it('each change needs its own button', async () => {
    const viewer = await roleWithUser(admin, 'deptviewer', ['members:departments']);
    const [school] = (await tree()).filter((node) => node.level === 1);
    for (const [url, body] of [
      ['/memb/deptinfo/add', { parentId: school!.id, name: '高一年级' }],
      ['/memb/deptinfo/edit', { id: school!.id, name: '新名' }],
      ['/memb/deptinfo/retire', { id: school!.id }],
      ['/memb/deptinfo/promote', { id: school!.id }],
    ] as const)
      expect((await call(viewer.token, 'POST', url, body)).status, url).toBe(403);
  });
});
