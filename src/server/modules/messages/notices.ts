import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { EntityHooks } from '../../crud/registerEntity';
import { newId } from '../../db/ids';
import { noticeReceipts, schoolNotices, tenants } from '../../db/schema';
import { inSchool, unscoped, type RowOf, type Work } from '../../db/work';
import { badRequest } from '../../http/envelope';
import { sanitizeHtml } from '../announcements/sanitize';
import { membersReached, parentsReached, type Reader } from './audience';
import { textsLater } from './texts';
import { schoolZone } from '../schools/settings';
import { dateTimeIn } from '@shared/schoolTime';

/** Unread readers are reminded at most this often. */
const REMIND_INTERVAL_MS = 60 * 60_000;

/** Who a notice's scope reaches: 全校 (members and parents), a grade's or class's parents, the staff, all parents. */
async function readersOf(work: Work, scope: string, deptId: string | null): Promise<Reader[]> {
  if (scope === '2' || scope === '3') return parentsReached(work, { deptId });
  if (scope === '4') return membersReached(work, { memberTypeCode: 'STAFF' });
  if (scope === '5') return parentsReached(work, {});
  return [...(await membersReached(work, {})), ...(await parentsReached(work, {}))];
}

/** The link a reader opens: the console's outside address (PUBLIC_URL), its API path and the receipt's token. */
export const noticeLink = (publicUrl: string | undefined, basePath: string, token: string) => `${publicUrl ?? ''}${basePath.replace(/\/$/, '')}/msg/notice/read/${token}`;

/**
 * 学校通知 (declared in schoolNotice.ts): the content is sanitised HTML; a grade or class scope
 * names it. 发布 writes one receipt a reader; 提醒未读 texts the unread their link.
 */
export const SCHOOL_NOTICE_HOOKS: EntityHooks<RowOf<typeof schoolNotices>> = {
  normalise(values) {
    if (typeof values.content === 'string') values.content = sanitizeHtml(values.content);
  },
  async beforeSave({ values, before }) {
    const scope = String(values.scope ?? before?.scope ?? '1');
    const deptId = values.deptId !== undefined ? values.deptId : before?.deptId;
    if ((scope === '2' || scope === '3') && !deptId) throw badRequest('范围为年级或班级时，请选择年级/班级', 'Choose the grade or class');
  },
  actions: {
    async publish({ work, row: notice }) {
      const readers = await readersOf(work, notice.scope, notice.deptId);
      if (!readers.length) throw badRequest('通知范围内没有人员', 'No one is in the notice’s scope');
      const rows = readers.map((reader) => ({
        id: newId(),
        noticeId: notice.id,
        memberId: reader.memberId,
        parentId: reader.parentId,
        name: reader.name,
        mobile: reader.mobile,
        token: randomBytes(16).toString('base64url'),
      }));
      for (let at = 0; at < rows.length; at += 1000) await work.insert(noticeReceipts, rows.slice(at, at + 1000));
      return { set: { total: rows.length, readCount: 0 }, note: `${rows.length} 人` };
    },
    async withdraw() {
      return { set: { pinned: false } };
    },
    async pin({ row }) {
      return { set: { pinned: !row.pinned } };
    },
    async remind({ work, context, row: notice }) {
      const last = notice.lastRemindAt;
      if (last && Date.now() - last.getTime() < REMIND_INTERVAL_MS) throw badRequest('一小时内已提醒过，请稍后再试', 'Reminded within the hour: try again later');
      const { tx } = work;
      const unread = await tx
        .select({ id: noticeReceipts.id, mobile: noticeReceipts.mobile, token: noticeReceipts.token })
        .from(noticeReceipts)
        .where(and(work.school(noticeReceipts), eq(noticeReceipts.noticeId, notice.id), isNull(noticeReceipts.readAt)));
      const reachable = unread.filter((receipt) => receipt.mobile);
      if (!reachable.length) throw badRequest(unread.length ? '未读的人都没有手机号，无法提醒' : '所有人都已阅读', unread.length ? 'No unread reader has a mobile' : 'Everyone has read it');
      const [school] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, work.tenantId));
      await tx
        .update(noticeReceipts)
        .set({ reminded: sql`${noticeReceipts.reminded} + 1` })
        .where(and(work.school(noticeReceipts), eq(noticeReceipts.noticeId, notice.id), isNull(noticeReceipts.readAt)));
      return {
        set: { remindCount: notice.remindCount + 1, lastRemindAt: new Date() },
        note: `短信 ${reachable.length} 人`,
        later: textsLater(
          reachable.map((receipt) => ({
            mobile: receipt.mobile!,
            text: `【${school?.name ?? '校园一卡通'}】您有一条学校通知「${notice.title}」尚未阅读：${noticeLink(context.config.publicUrl, context.config.basePath, receipt.token)}`,
            scene: '1',
            by: work.username,
          })),
          { said: { 'zh-CN': `已提醒 ${reachable.length} 人`, en: `${reachable.length} reminded` } },
        ),
      };
    },
  },
};

/** Who opens a reading link: nobody signed in, acting for the receipt's school. */
const READER = 'notice-link';

/**
 * A reader opened their link: the first opening is the reading (the notice's count follows); a
 * receipt, when asked for, is confirmed. The token alone names the receipt, in whichever school it
 * is; everything after is that school's unit of work.
 */
export async function readNotice(context: AppContext, token: string, confirm: boolean) {
  const [found] = await unscoped(context.db, 'messages: a notice’s reading link names its receipt by its token alone, in any school')
    .select({ tenantId: noticeReceipts.tenantId })
    .from(noticeReceipts)
    .where(eq(noticeReceipts.token, token));
  if (!found) return null;
  return inSchool(context.db, { tenantId: found.tenantId, username: READER }, async (work) => {
    const [receipt] = await work.tx
      .select()
      .from(noticeReceipts)
      .where(and(work.school(noticeReceipts, { deleted: true }), eq(noticeReceipts.token, token)))
      .for('update');
    if (!receipt || receipt.delFlag) return null;
    const notice = await work.one(schoolNotices, receipt.noticeId);
    if (!notice || notice.status !== '1') return null;
    const now = new Date();
    const { tx } = work;
    if (!receipt.readAt) {
      // Kept as the console left them (a reader stamps no 更新人): the reading's own columns only.
      await tx
        .update(noticeReceipts)
        .set({ readAt: now })
        .where(and(work.school(noticeReceipts), eq(noticeReceipts.id, receipt.id)));
      await tx
        .update(schoolNotices)
        .set({ readCount: sql`${schoolNotices.readCount} + 1` })
        .where(and(work.school(schoolNotices), eq(schoolNotices.id, notice.id)));
    }
    if (confirm && notice.needReceipt && !receipt.confirmedAt)
      await tx
        .update(noticeReceipts)
        .set({ confirmedAt: now })
        .where(and(work.school(noticeReceipts), eq(noticeReceipts.id, receipt.id)));
    const [school] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, work.tenantId));
    const zone = await schoolZone(tx, work.tenantId);
    return {
      school: school?.name ?? '',
      title: notice.title,
      content: notice.content,
      publishedAt: notice.publishedAt ? dateTimeIn(zone, notice.publishedAt).slice(0, 16) : '',
      needReceipt: notice.needReceipt,
      confirmed: Boolean(receipt.confirmedAt) || (confirm && notice.needReceipt),
      name: receipt.name,
    };
  });
}
