import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { departmentRolePermissions, rolePermissions, roles, userRoles } from '../../db/schema';
import { forbidden } from '../../http/envelope';
import { BUS_RESYNC, type EventBus } from '../../realtime/bus';
import { heldPermissionsOf, systemButtonRows, type HeldPermissions } from './codes';

/** The role whose holders administer their school: they hold, and may grant, everything. */
export const ADMIN_ROLE_CODE = 'admin';

/** What a user holds, with whether they administer their school. */
export interface Holder extends HeldPermissions {
  isAdmin: boolean;
}

const CHANGED_CHANNEL = 'grants:changed';
/** Users whose holdings are kept in memory per instance. */
const HOLDER_LIMIT = 20_000;
/** Answers kept (a full menu is tens of kilobytes): the most recent users'. */
const ANSWER_LIMIT = 2_000;

/**
 * What every user holds, computed once per user and kept until any grant changes (a role's
 * permissions, a user's roles or departments, the menu tree): then every instance drops it — this
 * one at once, the others through the event bus — so a revoked permission is refused on the next
 * request. Answers derived from holdings (the permission fetch) are kept the same way.
 */
export function createGrantCache(db: Executor, bus?: EventBus) {
  let holders = new Map<string, Promise<Holder>>();
  let answers = new Map<string, Promise<unknown>>();
  let buttons: Promise<Awaited<ReturnType<typeof systemButtonRows>>> | null = null;

  const drop = () => {
    holders = new Map();
    answers = new Map();
    buttons = null;
  };
  bus?.subscribe(CHANGED_CHANNEL, drop);
  bus?.subscribe(BUS_RESYNC, drop);

  /** A promise kept in `map` while it lasts; a failure is not kept. */
  function memo<T>(map: Map<string, Promise<unknown>>, limit: number, key: string, compute: () => Promise<T>): Promise<T> {
    const hit = map.get(key);
    if (hit) return hit as Promise<T>;
    if (map.size >= limit) map.delete(map.keys().next().value!);
    const promise = compute();
    map.set(key, promise);
    promise.catch(() => {
      if (map.get(key) === promise) map.delete(key);
    });
    return promise;
  }

  return {
    /** What the user holds now. */
    holderOf(userId: string): Promise<Holder> {
      return memo(holders as Map<string, Promise<unknown>>, HOLDER_LIMIT, userId, async () => {
        // A drizzle query runs on every await: keep one promise of its rows.
        buttons ??= Promise.resolve(systemButtonRows(db));
        return holdingOf(db, userId, await buttons);
      });
    },

    /** An answer computed from grants (e.g. a user's menu), kept until grants change. */
    answer<T>(key: string, compute: () => Promise<T>): Promise<T> {
      return memo(answers, ANSWER_LIMIT, key, compute);
    },

    /** Grants changed: forget everything here now, and on every other instance. */
    async changed(): Promise<void> {
      drop();
      await bus?.publish(CHANGED_CHANNEL, {});
    },
  };
}

export type GrantCache = ReturnType<typeof createGrantCache>;

/** What a user holds, read now (inside a transaction: through it). */
export async function holdingOf(db: Executor, userId: string, buttons?: Awaited<ReturnType<typeof systemButtonRows>>): Promise<Holder> {
  const held = await heldPermissionsOf(db, userId, buttons);
  return { ...held, isAdmin: await isAdministrator(db, userId) };
}

async function isAdministrator(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.roleCode, ADMIN_ROLE_CODE)))
    .limit(1);
  return rows.length > 0;
}

// ---- No one grants what they do not hold ------------------------------------------------

export const GRANT_MESSAGES = {
  permissionsBeyond: '不能授予或收回您自己没有的权限（permissionIds）',
  rolesBeyond: '所选角色拥有您没有的权限，不能授予（selectedroles）',
  departRolesBeyond: '所选部门角色拥有您没有的权限，不能授予（newRoleId）',
  adminRoleOnly: '只有系统管理员才能授予或设置系统管理员角色',
  userAbove: '该用户拥有您没有的权限，您不能修改、冻结或删除该用户',
  passwordAbove: '该用户拥有您没有的权限，您不能重置其密码',
  codesBeyond: '授权标识只能使用您自己拥有的权限编码（perms）',
} as const;

/** True when the holder holds every one of the permission ids (an administrator holds all). */
export function covers(holder: Holder, ids: Iterable<string>): boolean {
  if (holder.isAdmin) return true;
  for (const id of ids) if (!holder.ids.has(id)) return false;
  return true;
}

/** Permission ids added to or removed from a role or department must be the caller's own. */
export function assertMayGrantPermissions(caller: Holder, ids: Iterable<string>): void {
  if (!covers(caller, ids)) throw forbidden(GRANT_MESSAGES.permissionsBeyond);
}

/** Roles given to a user must hold nothing the caller lacks; the admin role only from an administrator. */
export async function assertMayGiveRoles(db: Executor, caller: Holder, roleIds: readonly string[]): Promise<void> {
  if (roleIds.length === 0 || caller.isAdmin) return;
  const given = await db
    .select({ roleCode: roles.roleCode })
    .from(roles)
    .where(inArray(roles.id, [...roleIds]));
  if (given.some((role) => role.roleCode === ADMIN_ROLE_CODE)) throw forbidden(GRANT_MESSAGES.adminRoleOnly);
  const rows = await db
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, [...roleIds]));
  if (
    !covers(
      caller,
      rows.map((row) => row.id),
    )
  )
    throw forbidden(GRANT_MESSAGES.rolesBeyond);
}

/** Department roles given to a user must hold nothing the caller lacks. */
export async function assertMayGiveDepartmentRoles(db: Executor, caller: Holder, roleIds: readonly string[]): Promise<void> {
  if (roleIds.length === 0 || caller.isAdmin) return;
  const rows = await db
    .select({ id: departmentRolePermissions.permissionId })
    .from(departmentRolePermissions)
    .where(inArray(departmentRolePermissions.roleId, [...roleIds]));
  if (
    !covers(
      caller,
      rows.map((row) => row.id),
    )
  )
    throw forbidden(GRANT_MESSAGES.departRolesBeyond);
}

/** A user who holds more than the caller is out of the caller's reach (edit, reset, freeze, delete). */
export async function assertNotAbove(db: Executor, caller: Holder, targetIds: readonly string[], message: string = GRANT_MESSAGES.userAbove): Promise<void> {
  if (caller.isAdmin) return;
  for (const id of targetIds) {
    const target = await holdingOf(db, id);
    if (target.isAdmin || !covers(caller, target.ids)) throw forbidden(message);
  }
}
