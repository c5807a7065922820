import { eq } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import type { FlowEffect } from '../../crud/flowActions';
import { members, type scoreRecords } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { badRequest } from '../../http/envelope';
import { currentTerm } from '../payments/term.hooks';

/** A score as recorded: in the current term when none is named, in the pupil's class, by whoever records it. */
export const scoreRecordHooks: EntityHooks<RowOf<typeof scoreRecords>> = {
  async beforeSave({ work, caller, values, before }) {
    if (before) return;
    if (!values.termId) {
      const term = await currentTerm(work);
      if (!term) throw badRequest('请先在学年学期中设置当前学期', 'Set the current term in 学年学期 first');
      values.termId = term.id;
    }
    const [pupil] = await work.rows(members, eq(members.id, values.memberId ?? ''), { deleted: true, limit: 1 });
    if (!pupil || pupil.memberStatus !== '1') throw badRequest('该学生不在校，不能评分', 'That pupil is not in school: no score can be recorded');
    values.deptId = pupil.deptId;
    values.recordBy = caller.username;
    values.recordTime = new Date();
  },
};

/** 撤销 keeps why, beside who and when (the flow's stamps). */
export const scoreRecordActions: Readonly<Record<string, FlowEffect>> = {
  async revoke({ input }) {
    return { set: { revokeReason: input.revokeReason } };
  },
};
