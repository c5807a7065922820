import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { HOME_PATH } from '@shared/constants';
import type { PermissionResult } from '@shared/types';
import type { AppContext } from '../../context';
import { permissions } from '../../db/schema';
import { authOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { grantedPermissionRows } from '../auth/codes';
import { buildMenuTree, buttonEntries } from './menu';

type PermissionRow = typeof permissions.$inferSelect;
type PermissionTreeNode = PermissionRow & { key: string; title: string; leaf: boolean; isLeaf: boolean; children: PermissionTreeNode[] | null };

export function permissionRoutes(api: FastifyInstance, { db }: AppContext): void {
  api.get('/sys/permission/getUserPermissionByToken', async (request) => {
    const { userId, codes } = authOf(request);
    const granted = await grantedPermissionRows(db, userId);
    const all = await db.select().from(permissions).where(eq(permissions.delFlag, 0)).orderBy(asc(permissions.sortNo));
    // Home is always there, granted or not, as in JeecgBoot.
    if (!granted.some((row) => row.url === HOME_PATH && row.menuType !== 2)) {
      const home = all.find((row) => row.url === HOME_PATH && row.menuType !== 2);
      if (home) granted.unshift({ ...home, parentId: null, sortNo: Number.NEGATIVE_INFINITY });
    }
    const result: PermissionResult = { menu: buildMenuTree(granted), ...buttonEntries(granted, all), codes: [...codes].sort() };
    return ok(result, '查询成功');
  });

  api.get('/sys/permission/list', { config: { permission: 'system:permissions' } }, async () => {
    const rows = await db.select().from(permissions).where(eq(permissions.delFlag, 0)).orderBy(asc(permissions.sortNo));
    const byParent = new Map<string | null, PermissionRow[]>();
    for (const row of rows) {
      const list = byParent.get(row.parentId) ?? [];
      list.push(row);
      byParent.set(row.parentId, list);
    }
    const toNode = (row: PermissionRow): PermissionTreeNode => {
      const children = byParent.get(row.id);
      const leaf = !children?.length;
      return { ...row, key: row.id, title: row.name, leaf, isLeaf: leaf, children: leaf ? null : children!.map(toNode) };
    };
    return ok((byParent.get(null) ?? []).map(toNode), '查询成功');
  });
}
