import type { FlowEffect } from '../../crud/flowActions';
import type { tenants } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { PLATFORM_TENANT } from '../../http/auth';
import { badRequest } from '../../http/envelope';
import { outboxHandler } from '../../outbox/deliver';

/** A frozen school's users signed out, after the freeze commits (again after a crash: signing out twice is nothing). */
outboxHandler('school.signOut', async (context, { payload }) => {
  await context.sessions.revokeAllOfTenant(Number(payload.schoolId));
});

/**
 * 学校管理's flow (school.ts): 冻结 signs every user of the school out once it is committed; the
 * platform's own school is never frozen — it holds the only administrators who could unfreeze it.
 */
export const schoolActions: Readonly<Record<string, FlowEffect<RowOf<typeof tenants>>>> = {
  async freeze({ row }) {
    if (row.id === PLATFORM_TENANT) throw badRequest('不能冻结平台学校', 'The platform’s own school cannot be frozen');
    return { set: { status: 0 }, later: { kind: 'school.signOut', payload: { schoolId: row.id } } };
  },
  async unfreeze() {
    return { set: { status: 1 } };
  },
};
