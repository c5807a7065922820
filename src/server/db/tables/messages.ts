/**
 * 消息中心 (DOMAIN.md §10): templates with `${name}` variables, messages to persons, parents, classes
 * or everyone over the console, WeChat, text and app push (one row per recipient and channel), the
 * log of every text message the school sent (with its billing count), and school notices with
 * their read receipts.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';

const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const messageTemplates = pgTable(
  'msg_template',
  {
    ...businessColumns(),
    /** What business events find it by (LOW_BALANCE, LEAVE_RESULT …): unique in the school. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** msg_channel: 1 站内 · 2 微信模板消息 · 3 短信 · 4 APP推送. */
    channel: text('channel').notNull().default('3'),
    /** msg_scene: 1 系统通知 · 2 余额不足 · 3 消费提醒 · 4 到离校 · 5 请假审批 · 6 缴费提醒 · 7 挪车. */
    scene: text('scene').notNull().default('1'),
    /** The provider's template id (WeChat) or the text message's signature. */
    thirdTemplateId: text('third_template_id'),
    signName: text('sign_name'),
    content: text('content').notNull(),
    /** What each `${name}` means, for whoever writes the next template. */
    variables: text('variables'),
    /** enable_status: 1 启用 · 0 停用. */
    status: text('status').notNull().default('1'),
    lastTestAt: when('last_test_at'),
  },
  (t) => [
    uniqueIndex('msg_template_code_uq')
      .on(t.tenantId, t.code)
      .where(sql`del_flag = 0`),
  ],
);

export const messages = pgTable(
  'msg_message',
  {
    ...businessColumns(),
    /** XX + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    scene: text('scene').notNull().default('1'),
    /** msg_channel, several (comma list). */
    channels: text('channels').notNull().default('1'),
    /** msg_audience: 1 人员本人 · 2 家长. */
    audience: text('audience').notNull().default('2'),
    /** msg_scope: 1 指定人员 · 2 班级/部门 · 3 全体. */
    scope: text('scope').notNull().default('1'),
    memberId: text('member_id'),
    deptId: text('dept_id'),
    /** Sent by the dispatch job at this time; at once when blank. */
    planAt: when('plan_at'),
    /** send_state: 0 待发送 · 1 已定时 · 2 已发送 · 3 部分失败 · 4 失败 · 5 已撤回. */
    status: text('status').notNull().default('0'),
    total: integer('total').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    readCount: integer('read_count').notNull().default(0),
    sentAt: when('sent_at'),
    sentBy: text('sent_by'),
    /** The template a business event sent it through (blank when a clerk wrote it). */
    templateCode: text('template_code'),
  },
  (t) => [
    index('msg_message_no_idx').on(t.tenantId, t.billNo),
    index('msg_message_due_idx')
      .on(t.status, t.planAt)
      .where(sql`status = '1'`),
  ],
);

/** One recipient of a message on one channel: delivered, failed (why), read, withdrawn. */
export const messageRecipients = pgTable(
  'msg_recipient',
  {
    ...businessColumns(),
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id),
    memberId: text('member_id'),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    mobile: text('mobile'),
    channel: text('channel').notNull(),
    /** recipient_status: 0 待发送 · 1 已送达 · 2 发送失败 · 3 已读 · 4 已撤回. */
    status: text('status').notNull().default('0'),
    errMsg: text('err_msg'),
    sentAt: when('sent_at'),
    readAt: when('read_at'),
  },
  (t) => [index('msg_recipient_message_idx').on(t.messageId, t.status)],
);

/** Every text message the school sent, with its billing count: what the provider's bill is checked against. */
export const smsLogs = pgTable(
  'msg_sms_log',
  {
    ...businessColumns(),
    mobile: text('mobile').notNull(),
    content: text('content').notNull(),
    templateCode: text('template_code'),
    signName: text('sign_name'),
    /** 计费条数: 70 characters one part, a long message 67 a part. */
    parts: integer('parts').notNull(),
    scene: text('scene').notNull().default('1'),
    /** sms_status: 1 已提交 · 2 发送成功 · 3 发送失败. */
    status: text('status').notNull().default('1'),
    errMsg: text('err_msg'),
    sentAt: when('sent_at').notNull().defaultNow(),
    /** The row this one sent again (重发). */
    resendOf: text('resend_of'),
  },
  (t) => [index('msg_sms_log_time_idx').on(t.tenantId, t.sentAt), index('msg_sms_log_mobile_idx').on(t.tenantId, t.mobile)],
);

export const schoolNotices = pgTable(
  'msg_school_notice',
  {
    ...businessColumns(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    /** notice_kind: 1 通知 · 2 公告 · 3 安全 · 4 活动 · 5 作业. */
    kind: text('kind').notNull().default('1'),
    /** notice_scope: 1 全校 · 2 年级 · 3 班级 · 4 教职工 · 5 家长. */
    scope: text('scope').notNull().default('1'),
    deptId: text('dept_id'),
    attachment: text('attachment'),
    needReceipt: boolean('need_receipt').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    /** notice_status: 0 草稿 · 1 已发布 · 2 已撤回. */
    status: text('status').notNull().default('0'),
    publishBy: text('publish_by'),
    publishedAt: when('published_at'),
    total: integer('total').notNull().default(0),
    readCount: integer('read_count').notNull().default(0),
    remindCount: integer('remind_count').notNull().default(0),
    lastRemindAt: when('last_remind_at'),
  },
  (t) => [index('msg_school_notice_status_idx').on(t.tenantId, t.status)],
);

/** Who a published notice reaches (a member, or a pupil's parent), and when they read or acknowledged it. */
export const noticeReceipts = pgTable(
  'msg_notice_receipt',
  {
    ...businessColumns(),
    noticeId: text('notice_id')
      .notNull()
      .references(() => schoolNotices.id),
    memberId: text('member_id'),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    mobile: text('mobile'),
    /** The unguessable part of the link a reader opens (the text message carries it): opening it is the reading. */
    token: text('token').notNull(),
    readAt: when('read_at'),
    /** 回执: the reader confirmed (a notice that asks for one). */
    confirmedAt: when('confirmed_at'),
    reminded: integer('reminded').notNull().default(0),
  },
  (t) => [index('msg_notice_receipt_notice_idx').on(t.noticeId), uniqueIndex('msg_notice_receipt_token_uq').on(t.token)],
);
