import type { FastifyInstance } from 'fastify';
import dayjs from 'dayjs';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { PageResult } from '@shared/envelope';
import { announcementEditSchema, announcementSchema, type AnnouncementBody } from '@shared/schemas/announcement';
import type { NoticeMessage } from '@shared/notices';
import type { AppContext } from '../../context';
import { newId } from '../../db/ids';
import { containing } from '../../db/like';
import { rowsOf } from '../../db/rows';
import { announcementReads, announcements, departments, roles, userDepartments, userRoles, users } from '../../db/schema';
import { inSchool, schoolReads, Work } from '../../db/work';
import { authOf, type AuthContext } from '../../http/auth';
import { badRequest, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { sanitizeHtml } from './sanitize';
import { schoolDateTime } from '../../http/schoolClock';

/** The bus channel of a school's notices: every instance forwards them to its sockets. */
export const noticeChannel = (tenantId: number) => `notices:${tenantId}`;
/** What goes over the bus: the socket message and who it is for (null: everyone of the school). */
export interface NoticeEvent {
  userIds: string[] | null;
  message: NoticeMessage;
}

/** How many of each category the header's popover lists (JeecgBoot's first five unread). */
const POPOVER_SIZE = 5;

const anntId = z.object({ anntId: z.string({ error: '缺少通告ID' }).min(1, '缺少通告ID').max(64, '缺少通告ID') });
const myQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  titile: z.string().max(100).optional(),
  msgCategory: z.enum(['1', '2']).optional().catch(undefined),
  readFlag: z.enum(['0', '1']).optional().catch(undefined),
});

const time = (value: Date | null) => (value ? schoolDateTime(value) : null);
const parseTime = (value: string | null | undefined) => (value ? dayjs(value).toDate() : null);

/** The columns of a body as stored: the HTML sanitised, the ids with JeecgBoot's trailing comma. */
function storedOf(body: AnnouncementBody) {
  return {
    titile: body.titile,
    msgContent: sanitizeHtml(body.msgContent),
    msgAbstract: body.msgAbstract ?? null,
    msgCategory: body.msgCategory,
    priority: body.priority,
    msgType: body.msgType,
    userIds: body.msgType === 'ALL' ? null : `${body.userIds.join(',')},`,
    startTime: parseTime(body.startTime),
    endTime: parseTime(body.endTime),
    openType: body.openType ?? null,
    openPage: body.openPage ?? null,
    busId: body.busId ?? null,
  };
}

/** The named users, departments or roles must be the school's own (a deleted user is still named, as ever). */
async function checkRecipients(work: Work, body: AnnouncementBody): Promise<void> {
  if (body.msgType === 'ALL') return;
  const table = body.msgType === 'USER' ? users : body.msgType === 'DEPART' ? departments : roles;
  const found = await work.tx
    .select({ id: table.id })
    .from(table)
    .where(and(work.school(table, { deleted: true }), inArray(table.id, body.userIds)));
  if (found.length !== body.userIds.length) throw badRequest('接收对象不存在（userIds）');
}

type Addressed = { msgType: string; userIds: string | null };

/** The users an announcement reaches now: null for everyone of the school. */
export async function recipientsOf(work: Work, annt: Addressed): Promise<string[] | null> {
  const db = work.tx;
  if (annt.msgType === 'ALL') return null;
  const ids = (annt.userIds ?? '').split(',').filter(Boolean);
  if (!ids.length) return [];
  const live = work.school(users);
  let rows: { id: string }[];
  if (annt.msgType === 'USER')
    rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(live, inArray(users.id, ids)));
  else if (annt.msgType === 'DEPART')
    rows = await db
      .selectDistinct({ id: users.id })
      .from(users)
      .innerJoin(userDepartments, eq(userDepartments.userId, users.id))
      .where(and(live, inArray(userDepartments.departId, ids)));
  else
    rows = await db
      .selectDistinct({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(and(live, inArray(userRoles.roleId, ids)));
  return rows.map((row) => row.id);
}

interface VisibleRow {
  id: string;
  titile: string;
  msg_content: string;
  msg_abstract: string | null;
  msg_category: string;
  priority: string;
  sender: string | null;
  send_time: Date | string | null;
  create_time: Date | string;
  open_type: string | null;
  open_page: string | null;
  bus_id: string | null;
  read_flag: string;
  total: number;
}

/** The announcements as the notice queries name them (`a`). */
const a = alias(announcements, 'a');

/**
 * The released announcements a user may read, with whether they have read each: those sent to
 * everyone of the school (ending, if at all, after the user joined) and those with the user's copy.
 */
function visibleTo(work: Work, caller: AuthContext, filter: SQL = sql``): SQL {
  return sql`from ${announcements} a
    left join ${announcementReads} s on s.annt_id = a.id and s.user_id = ${caller.userId}
    where ${work.school(a)} and a.send_status = '1'
      and (s.id is not null or (a.msg_type = 'ALL' and (a.end_time is null or a.end_time >= (select u.created_at from ${users} u where u.id = ${caller.userId}))))
      ${filter}`;
}

const SELECTED = sql`a.id, a.titile, a.msg_content, a.msg_abstract, a.msg_category, a.priority, a.sender, a.send_time, a.create_time, a.open_type, a.open_page, a.bus_id, coalesce(s.read_flag, '0') as read_flag, (count(*) over ())::int as total`;

/** A listed announcement in JeecgBoot's names (its `titile` too). */
const recordOf = (row: VisibleRow) => ({
  id: row.id,
  anntId: row.id,
  titile: row.titile,
  msgContent: row.msg_content,
  msgAbstract: row.msg_abstract,
  msgCategory: row.msg_category,
  priority: row.priority,
  sender: row.sender,
  sendTime: time(row.send_time ? new Date(row.send_time) : null),
  createTime: time(new Date(row.create_time)),
  openType: row.open_type,
  openPage: row.open_page,
  busId: row.bus_id,
  readFlag: row.read_flag,
});
export type NoticeRecord = ReturnType<typeof recordOf>;

/**
 * 系统通告's own routes beside the engine's list, queryById and delete, in JeecgBoot's shapes:
 * add and edit (drafts only; the body sanitised; released and revoked by the flow:
 * announcement.actions.ts); and for every signed-in user their notices: `listByUser` (the popover's two lists and counts),
 * `editByAnntIdAndUserId` (read), `readAll`, `getMyAnnouncementSend` (my announcements).
 */
export function announcementRoutes(api: FastifyInstance, context: AppContext): void {
  async function draftOf(work: Work, id: string) {
    const [row] = await work.lock(announcements, id);
    if (!row) throw notFound('未找到对应实体');
    return row;
  }

  api.post('/sys/annountCement/add', { config: { permission: 'announcement:add' } }, async (request) => {
    const caller = authOf(request);
    const body = parseInput(announcementSchema, request.body);
    const id = newId();
    await inSchool(context.db, caller, async (work) => {
      await checkRecipients(work, body);
      const [creator] = await work.tx.select({ orgCode: users.orgCode }).from(users).where(eq(users.id, caller.userId));
      // JeecgBoot's add always makes a draft.
      await work.insert(announcements, { id, sysOrgCode: creator?.orgCode ?? null, ...storedOf(body), sendStatus: '0' });
    });
    return ok({ id }, '添加成功！');
  });

  api.route({
    method: ['PUT', 'POST'],
    url: '/sys/annountCement/edit',
    config: { permission: 'announcement:edit' },
    handler: async (request) => {
      const caller = authOf(request);
      const { id, ...body } = parseInput(announcementEditSchema, request.body);
      await inSchool(context.db, caller, async (work) => {
        await checkRecipients(work, body);
        const row = await draftOf(work, id);
        // What its readers have seen stays as they saw it: revoke it and write a new one.
        if (row.sendStatus === '1') throw badRequest('已发布的通告不能修改，请先撤销', 'A released announcement cannot be changed; revoke it first');
        await work.update(announcements, storedOf(body), eq(announcements.id, id));
      });
      return ok(null, '修改成功!');
    },
  });

  // ---- Every signed-in user's own notices ----------------------------------------------------

  api.get('/sys/annountCement/listByUser', { config: { self: true, schoolWide: true } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const unreadOf = (category: '1' | '2') =>
      rowsOf<VisibleRow>(
        work.tx,
        sql`select ${SELECTED} ${visibleTo(work, caller, sql`and coalesce(s.read_flag, '0') = '0' and a.msg_category = ${category}`)} order by a.send_time desc, a.id limit ${POPOVER_SIZE}`,
      );
    const [notices, messages] = await Promise.all([unreadOf('1'), unreadOf('2')]);
    const [unread] = await rowsOf<{ notices: number; messages: number }>(
      work.tx,
      sql`select (count(*) filter (where a.msg_category = '1'))::int as notices, (count(*) filter (where a.msg_category = '2'))::int as messages ${visibleTo(work, caller, sql`and coalesce(s.read_flag, '0') = '0'`)}`,
    );
    return ok({ anntMsgList: notices.map(recordOf), anntMsgTotal: unread?.notices ?? 0, sysMsgList: messages.map(recordOf), sysMsgTotal: unread?.messages ?? 0 });
  });

  /** Marks announcements read for the caller (their copy written if they had none). */
  async function markRead(caller: AuthContext, ids: string[]): Promise<void> {
    if (!ids.length) return;
    const now = new Date();
    await inSchool(context.db, caller, (work) =>
      work.tx
        .insert(announcementReads)
        .values(ids.map((id) => ({ id: newId(), anntId: id, userId: caller.userId, tenantId: work.tenantId, readFlag: '1', readTime: now })))
        .onConflictDoUpdate({ target: [announcementReads.anntId, announcementReads.userId], set: { readFlag: '1', readTime: now } }),
    );
  }

  api.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { config: { self: true, schoolWide: true } }, async (request) => {
    const caller = authOf(request);
    const { anntId: id } = parseInput(anntId, request.body);
    const work = schoolReads(context.db, caller);
    const [visible] = await rowsOf<{ id: string }>(work.tx, sql`select a.id ${visibleTo(work, caller, sql`and a.id = ${id}`)}`);
    if (!visible) throw notFound('未找到对应实体');
    await markRead(caller, [id]);
    return { ...ok(null, '操作成功!'), code: 0 };
  });

  api.put('/sys/sysAnnouncementSend/readAll', { config: { self: true, schoolWide: true } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const unread = await rowsOf<{ id: string }>(work.tx, sql`select a.id ${visibleTo(work, caller, sql`and coalesce(s.read_flag, '0') = '0'`)}`);
    await markRead(
      caller,
      unread.map((row) => row.id),
    );
    return ok(null, '全部标注已读');
  });

  api.get('/sys/sysAnnouncementSend/getMyAnnouncementSend', { config: { self: true, schoolWide: true } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const query = parseInput(myQuery, request.query);
    const title = query.titile?.replace(/^\*|\*$/g, '').trim();
    const filter = sql.join(
      [
        title ? sql`and a.titile ilike ${containing(title)}` : sql``,
        query.msgCategory ? sql`and a.msg_category = ${query.msgCategory}` : sql``,
        query.readFlag ? sql`and coalesce(s.read_flag, '0') = ${query.readFlag}` : sql``,
      ],
      sql` `,
    );
    const rows = await rowsOf<VisibleRow>(
      work.tx,
      sql`select ${SELECTED} ${visibleTo(work, caller, filter)} order by a.send_time desc, a.id limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`,
    );
    const total = rows[0]?.total ?? (query.pageNo > 1 ? ((await rowsOf<{ n: number }>(work.tx, sql`select count(*)::int as n ${visibleTo(work, caller, filter)}`))[0]?.n ?? 0) : 0);
    const page: PageResult<NoticeRecord> = { records: rows.map(recordOf), total, size: query.pageSize, current: query.pageNo, pages: Math.ceil(total / query.pageSize) };
    return ok(page);
  });
}
