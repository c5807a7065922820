/** 系统通告's tables: the announcements and each recipient's read state (JeecgBoot's sys_announcement, sys_announcement_send). */
import { index, pgTable, text, timestamp, uniqueIndex, integer } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';

export const announcements = pgTable(
  'sys_announcement',
  {
    ...businessColumns(),
    /** The title: JeecgBoot's column really is spelt `titile`. */
    titile: text('titile').notNull(),
    /** The body, HTML sanitised before it is stored. */
    msgContent: text('msg_content').notNull().default(''),
    msgAbstract: text('msg_abstract'),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }),
    /** priority: L 一般 · M 重要 · H 紧急. */
    priority: text('priority').notNull().default('L'),
    /** msg_category: 1 通知公告 · 2 系统消息. */
    msgCategory: text('msg_category').notNull().default('1'),
    /** msg_type: ALL everyone · USER, DEPART, ROLE the ones listed in `recipients`. */
    msgType: text('msg_type').notNull().default('ALL'),
    /** User, department or role ids, comma-separated with JeecgBoot's trailing comma. */
    userIds: text('user_ids'),
    /** send_status: 0 draft · 1 released · 2 revoked. */
    sendStatus: text('send_status').notNull().default('0'),
    sender: text('sender'),
    sendTime: timestamp('send_time', { withTimezone: true, mode: 'date' }),
    cancelTime: timestamp('cancel_time', { withTimezone: true, mode: 'date' }),
    /** What opening it does: url → a go-handle button to openPage; component → the page with busId. */
    openType: text('open_type'),
    openPage: text('open_page'),
    busType: text('bus_type'),
    busId: text('bus_id'),
  },
  (t) => [index('sys_announcement_tenant_idx').on(t.tenantId, t.sendStatus, t.createdAt)],
);

/** A recipient's copy: read or not. Everyone-announcements get theirs when first listed or read. */
export const announcementReads = pgTable(
  'sys_announcement_send',
  {
    id: text('id').primaryKey(),
    anntId: text('annt_id')
      .notNull()
      .references(() => announcements.id),
    userId: text('user_id').notNull(),
    tenantId: integer('tenant_id').notNull(),
    /** 0 unread · 1 read. */
    readFlag: text('read_flag').notNull().default('0'),
    readTime: timestamp('read_time', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('create_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_announcement_send_key').on(t.anntId, t.userId), index('sys_announcement_send_user_idx').on(t.userId, t.readFlag)],
);
