import type { EntityHooks } from '../../crud/registerEntity';
import type { roles } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { badRequest, forbidden } from '../../http/envelope';
import { ADMIN_ROLE_CODE, GRANT_MESSAGES } from '../auth/grants';

/**
 * The administrator role is named, renamed and given only by administrators, keeps its code and
 * is never deleted; deleting a role takes its grants and user links with it (foreign keys), so
 * every instance forgets who holds what.
 */
export const roleHooks: EntityHooks<RowOf<typeof roles>> = {
  async guard({ caller, values, before }) {
    const touchesAdmin = values.roleCode === ADMIN_ROLE_CODE || before?.roleCode === ADMIN_ROLE_CODE;
    if (touchesAdmin && !caller.isAdmin) throw forbidden(GRANT_MESSAGES.adminRoleOnly);
    if (before?.roleCode === ADMIN_ROLE_CODE && values.roleCode !== ADMIN_ROLE_CODE) throw badRequest('系统管理员角色的编码不能修改（roleCode）', 'The administrator role keeps its code (roleCode)');
  },
  async beforeDelete({ rows }) {
    if (rows.some((row) => row.roleCode === ADMIN_ROLE_CODE)) throw badRequest('系统管理员角色不能删除', 'The administrator role cannot be deleted');
  },
  deleteChangesAccess: true,
  // An English console lists a role by its English name where it has one (its form still edits both).
  shapeRecord(record, view, caller) {
    if (view === 'list' && caller.locale === 'en' && typeof record.roleNameEn === 'string' && record.roleNameEn) record.roleName = record.roleNameEn;
  },
};
