import { and, eq, inArray, ne } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import { memberDepartments, members, parents } from '../../db/schema';
import { badRequest } from '../../http/envelope';

/**
 * 家长名单: one mobile number is bound to a pupil once (a parent of two pupils has a row for each),
 * and the list shows each pupil's number and class beside the binding.
 */
export const parentHooks: EntityHooks = {
  async beforeSave({ work, id, values, before }) {
    const studentId = String(values.studentId ?? before?.studentId ?? '');
    const mobile = String(values.mobile ?? before?.mobile ?? '');
    const [bound] = await work.rows(parents, and(eq(parents.studentId, studentId), eq(parents.mobile, mobile), id ? ne(parents.id, id) : undefined), { limit: 1 });
    if (bound) throw badRequest('该手机号已绑定这名学生', 'This mobile number is already bound to this pupil');
  },
  async joinList(records, work) {
    const ids = [...new Set(records.map((record) => String(record.studentId)))];
    if (!ids.length) return;
    const rows = await work.tx
      .select({ id: members.id, memberNo: members.memberNo, className: memberDepartments.name })
      .from(members)
      .leftJoin(memberDepartments, and(eq(memberDepartments.id, members.deptId), work.school(memberDepartments, { deleted: true })))
      .where(and(work.school(members, { deleted: true }), inArray(members.id, ids)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const record of records) {
      const found = byId.get(String(record.studentId));
      record.studentNo = found?.memberNo ?? null;
      record.className = found?.className ?? null;
    }
  },
};
