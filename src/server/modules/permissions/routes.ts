import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { HOME_PATH } from '@shared/constants';
import { splitActions } from '@shared/permissions';
import { isScreenNotBuilt } from '@shared/screens';
import type { PermissionResult } from '@shared/types';
import type { AppContext } from '../../context';
import { permissions } from '../../db/schema';
import { alive, schoolReads, unscoped } from '../../db/work';
import { authOf, PLATFORM_TENANT, platformOnlyCodes } from '../../http/auth';
import { ok } from '../../http/envelope';
import { grantedPermissionRows } from '../auth/codes';
import { buildMenuTree, buttonEntries } from './menu';

export function permissionRoutes(api: FastifyInstance, context: AppContext): void {
  const { grants } = context;
  // The buttons of the whole system (allAuth, for the disabled-button rule): the product's menu every school shares, with each school's published forms.
  const catalogue = unscoped(context.db, 'menu: the buttons of the whole system, which every school shares, are listed with each user’s grants');
  api.get('/sys/permission/getUserPermissionByToken', { config: { self: true } }, async (request) => {
    const caller = authOf(request);
    const { userId, tenantId, codes: held } = caller;
    // Every screen and palette refresh asks: computed once per user until grants change.
    const result = await grants.answer(`permissions:${userId}:${tenantId}`, async () => {
      // Other schools do not get the buttons that change what all share (the menu tree), nor the
      // platform's own screens (学校管理): they would only be refused.
      const sharedOnly = (perms: string | null) => tenantId !== PLATFORM_TENANT && splitActions(perms).length > 0 && splitActions(perms).every((code) => platformOnlyCodes.has(code));
      // A product screen still to come is no menu entry yet (its buttons stay with their grants).
      const granted = (await grantedPermissionRows(schoolReads(context.db, caller).tx, userId)).filter((row) => !sharedOnly(row.perms) && !(row.menuType !== 2 && isScreenNotBuilt(row.component)));
      const codes = [...held].filter((code) => !sharedOnly(code));
      const all = await catalogue.select().from(permissions).where(alive(permissions)).orderBy(asc(permissions.sortNo));
      // Home is always there, granted or not, as in JeecgBoot.
      if (!granted.some((row) => row.url === HOME_PATH && row.menuType !== 2)) {
        const home = all.find((row) => row.url === HOME_PATH && row.menuType !== 2);
        if (home) granted.unshift({ ...home, parentId: null, sortNo: Number.NEGATIVE_INFINITY });
      }
      const answer: PermissionResult = { menu: buildMenuTree(granted), ...buttonEntries(granted, all), codes: codes.sort() };
      return answer;
    });
    return ok(result, '查询成功');
  });
}
