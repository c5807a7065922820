import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { newId } from '../../db/ids';
import { memberDepartments, members } from '../../db/schema';
import { inSchool, type Work } from '../../db/work';
import { authOf } from '../../http/auth';
import { badRequest, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { nextYearOf } from '@shared/schoolYears';

type Row = typeof memberDepartments.$inferSelect;

/** Levels of the member tree. */
const SCHOOL = 1;
const GRADE = 2;
const CLASS = 3;

const name = z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(50, '名称不能超过50个字符');
const id = z.string().trim().min(1).max(64);

/**
 * 人员部门 maintained: grades and classes added under the school and its grades, renamed, a class
 * moved to another grade, retired (停用) once no one at school is in it, and the whole school
 * promoted one year (升级): 高一 → 高二 …, its classes renamed with it, the leaving year flagged for
 * 毕业. Members stay in their class: the cohort moves up together.
 */
export function memberTreeEditRoutes(api: FastifyInstance, context: AppContext): void {
  async function nodeOf(work: Work, nodeId: string): Promise<Row> {
    const row = await work.one(memberDepartments, nodeId);
    if (!row) throw notFound('部门不存在');
    return row;
  }
  async function mustBeFreeName(work: Work, parentId: string | null, wanted: string, except?: string) {
    const taken = await work.count(
      memberDepartments,
      and(
        parentId ? eq(memberDepartments.parentId, parentId) : sql`${memberDepartments.parentId} is null`,
        eq(memberDepartments.name, wanted),
        eq(memberDepartments.status, '1'),
        except ? sql`${memberDepartments.id} <> ${except}` : undefined,
      ),
    );
    if (taken) throw badRequest('同一上级下已有同名部门', 'A department of this name is already under the same parent');
  }

  api.post('/memb/deptinfo/add', { config: { permission: 'membDept:add' } }, async (request) => {
    const body = parseInput(z.object({ parentId: id, name }), request.body);
    const added = await inSchool(context.db, authOf(request), async (work) => {
      const parent = await nodeOf(work, body.parentId);
      // A grade under the school, a class under a grade; nothing under a class.
      if (parent.level !== SCHOOL && parent.level !== GRADE) throw badRequest('只能在学校下新增年级、在年级下新增班级', 'Grades go under the school and classes under a grade');
      if (parent.status !== '1') throw badRequest('上级已停用', 'The parent is retired');
      await mustBeFreeName(work, parent.id, body.name);
      const [last] = await work.tx
        .select({ sortNo: sql<number>`coalesce(max(${memberDepartments.sortNo}), 0)::int` })
        .from(memberDepartments)
        .where(and(work.school(memberDepartments), eq(memberDepartments.parentId, parent.id)));
      // The answer names the school the unit of work stamps on the row.
      const row = { id: newId(), tenantId: work.tenantId, parentId: parent.id, name: body.name, level: parent.level + 1, sortNo: (last?.sortNo ?? 0) + 1 };
      await work.insert(memberDepartments, row);
      return row;
    });
    return ok(added, '添加成功！');
  });

  api.route({
    method: ['PUT', 'POST'],
    url: '/memb/deptinfo/edit',
    config: { permission: 'membDept:edit' },
    handler: async (request) => {
      const body = parseInput(z.object({ id, name, sortNo: z.coerce.number().int().min(0).max(9999).optional() }), request.body);
      await inSchool(context.db, authOf(request), async (work) => {
        const node = await nodeOf(work, body.id);
        await mustBeFreeName(work, node.parentId, body.name, node.id);
        await work.update(memberDepartments, { name: body.name, ...(body.sortNo === undefined ? {} : { sortNo: body.sortNo }) }, eq(memberDepartments.id, node.id));
      });
      return ok(null, '修改成功!');
    },
  });

  // A class to another grade of the school (a class regrouped); its members go with it.
  api.post('/memb/deptinfo/move', { config: { permission: 'membDept:edit' } }, async (request) => {
    const body = parseInput(z.object({ id, parentId: id }), request.body);
    await inSchool(context.db, authOf(request), async (work) => {
      const node = await nodeOf(work, body.id);
      const target = await nodeOf(work, body.parentId);
      if (node.level !== CLASS || target.level !== GRADE) throw badRequest('只能把班级移到另一个年级', 'Only a class moves, to another grade');
      if (target.status !== '1') throw badRequest('上级已停用', 'The parent is retired');
      await mustBeFreeName(work, target.id, node.name, node.id);
      await work.update(memberDepartments, { parentId: target.id }, eq(memberDepartments.id, node.id));
    });
    return ok(null, '移动成功！');
  });

  // 停用: a grade or class no one at school is in any more (a graduated year, a merged class).
  api.post('/memb/deptinfo/retire', { config: { permission: 'membDept:retire' } }, async (request) => {
    const body = parseInput(z.object({ id }), request.body);
    await inSchool(context.db, authOf(request), async (work) => {
      const node = await nodeOf(work, body.id);
      if (node.level === SCHOOL) throw badRequest('学校不能停用', 'The school cannot be retired');
      const ids = [node.id, ...(await work.rows(memberDepartments, eq(memberDepartments.parentId, node.id))).map((row) => row.id)];
      const present = await work.count(members, and(inArray(members.deptId, ids), eq(members.memberStatus, '1')));
      if (present > 0) throw badRequest(`仍有${present}名在校人员，不能停用`, `${present} members at school are still in it: it cannot be retired`);
      await work.update(memberDepartments, { status: '0' }, inArray(memberDepartments.id, ids));
    });
    return ok(null, '已停用');
  });

  // 升级: every grade of the school one year up, classes renamed with it; the leaving year flagged.
  api.post('/memb/deptinfo/promote', { config: { permission: 'membDept:promote' } }, async (request) => {
    const body = parseInput(z.object({ id }), request.body);
    const result = await inSchool(context.db, authOf(request), async (work) => {
      const school = await nodeOf(work, body.id);
      if (school.level !== SCHOOL) throw badRequest('请选择学校进行升级', 'Choose the school to promote');
      const grades = await work.tx
        .select()
        .from(memberDepartments)
        .where(and(work.school(memberDepartments), eq(memberDepartments.parentId, school.id), eq(memberDepartments.level, GRADE), eq(memberDepartments.status, '1')))
        .orderBy(asc(memberDepartments.sortNo))
        .for('update');
      // A year flagged to leave must have left (its grade retired, 毕业) before the next promotion.
      const waiting = grades.find((grade) => grade.graduating);
      if (waiting) throw badRequest(`${waiting.name}尚未办理毕业，请先停用该年级后再升级`, `${waiting.name} has not graduated yet: retire it before promoting`);
      const moves = grades.flatMap((grade) => {
        const year = nextYearOf(grade.name);
        return year ? [{ grade, ...year }] : [];
      });
      if (!moves.length) throw badRequest('没有可升级的年级（年级名称应以高一、初一、一年级等开头）', 'No grade to promote (grade names start with 高一, 初一, 一年级…)');
      const promoted: string[] = [];
      const leaving: string[] = [];
      for (const move of moves) {
        if (!move.next) {
          await work.update(memberDepartments, { graduating: true }, eq(memberDepartments.id, move.grade.id));
          leaving.push(move.grade.name);
          continue;
        }
        // The next year's name, and each class's with it (高一（1）班 → 高二（1）班).
        const renamed = `${move.next}${move.grade.name.slice(move.year.length)}`;
        await work.update(memberDepartments, { name: renamed }, eq(memberDepartments.id, move.grade.id));
        await work.update(
          memberDepartments,
          { name: sql`${move.next} || substr(${memberDepartments.name}, ${move.year.length + 1})` },
          and(eq(memberDepartments.parentId, move.grade.id), sql`${memberDepartments.name} like ${`${move.year}%`}`),
        );
        promoted.push(`${move.grade.name} → ${renamed}`);
      }
      return { promoted, leaving };
    });
    return ok(result, '升级成功！');
  });
}
