import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { addDays, dayIn } from '@shared/schoolTime';
import type { AppContext } from '@server/context';
import { newId } from '@server/db/ids';
import { inSchool, schoolReads, unscoped, type Worker } from '@server/db/work';
import { announcementReads, announcements, permissions, rolePermissions, tenants, userRoles, users } from '@server/db/schema';
import { suppliers } from './tables';
import type { NoticeEvent } from '@server/modules/announcements/routes';
import { deliverQueued } from '@server/outbox/deliver';

/** Who is told: the school's users who may open 供应商管理. */
const SUPPLIER_SCREEN = 'supply:suppliers';

/** The day a licence is "due": within this many days of the school's today. */
const DUE_DAYS = 30;

/** The same licences still due are told again after this many days. */
const REPEAT_DAYS = 7;

/**
 * 供应商证照到期提醒 (a daily job): for every school, the food licences of suppliers it works with
 * (合作中 or 暂停) that expire within 30 days of its today — or have expired — are told to whoever
 * may open 供应商管理 as a system notice: when what is due changed since the last notice (a licence
 * comes due, one expires, one is renewed), else again a week after it — a daily run does not pile
 * up the same notice every morning.
 */
export async function remindLicencesDue(context: AppContext): Promise<string> {
  const db = unscoped(context.db, 'supply: the licence job reminds every school in service');
  let told = 0;
  let due = 0;
  for (const school of await db.select({ id: tenants.id, timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.status, 1))) {
    const worker: Worker = { tenantId: school.id, username: 'system' };
    const reads = schoolReads(db, worker);
    const today = dayIn(school.timeZone);
    const limit = dayIn(school.timeZone, new Date(Date.now() + DUE_DAYS * 86_400_000));
    const found = await reads.tx
      .select({ name: suppliers.name, expiry: suppliers.foodLicenseExpiry })
      .from(suppliers)
      .where(and(reads.school(suppliers), inArray(suppliers.status, ['1', '2']), sql`${suppliers.foodLicenseExpiry} <= ${limit}`))
      .orderBy(suppliers.foodLicenseExpiry);
    if (!found.length) continue;
    const readers = await reads.tx
      .selectDistinct({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(and(reads.school(users), eq(permissions.perms, SUPPLIER_SCREEN)));
    if (!readers.length) continue;
    const id = newId();
    const userIds = readers.map((reader) => reader.id);
    const lines = found.map((row) => `${row.name}：食品经营许可证${row.expiry < today ? '已于' : '将于'} ${row.expiry} 到期`);
    const msgContent = `<p>${lines.join('</p><p>')}</p><p>请在 供应商管理 中按“证照将到期”查看，并督促供应商更新证照。</p>`;
    // The last notice (kept, deleted or not) said the same within the week: nothing new to tell.
    const [last] = await reads.rows(announcements, eq(announcements.busType, 'supplierLicence'), { deleted: true, orderBy: desc(announcements.busId), limit: 1 });
    if (last?.busId && last.busId > addDays(today, -REPEAT_DAYS) && last.msgContent === msgContent) continue;
    const event: NoticeEvent = { userIds, message: { cmd: 'user', msgId: id, msgTxt: `${found.length} 家供应商的证照即将到期` } };
    // Their sockets are told after the commit, through the outbox (announcements' notice.tell).
    const queued = await inSchool(db, worker, async (work) => {
      await work.insert(announcements, {
        id,
        titile: `${found.length} 家供应商的证照即将到期`,
        msgContent,
        msgAbstract: lines.slice(0, 3).join('；'),
        msgCategory: '2',
        msgType: 'USER',
        userIds: `${userIds.join(',')},`,
        sendStatus: '1',
        sender: 'system',
        sendTime: new Date(),
        busType: 'supplierLicence',
        busId: today,
        openType: 'url',
        openPage: '/supply/suppliers',
      });
      await work.insert(
        announcementReads,
        userIds.map((userId) => ({ id: newId(), anntId: id, userId })),
      );
      return work.later({ kind: 'notice.tell', payload: { event } });
    });
    await deliverQueued(context, [queued]);
    told += 1;
    due += found.length;
  }
  return `${told} 所学校，${due} 家供应商证照即将到期`;
}
