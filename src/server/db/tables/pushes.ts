/**
 * 设备下发 (DOMAIN.md 2.15): what the console sends to terminals — member lists, photos, the card
 * blacklist, consumption settings, meal prices — as a task with one item per device and subject,
 * fetched and acknowledged by each terminal through its signed API.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';
import { devices } from './devices';

const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const pushTasks = pgTable(
  'dev_push_task',
  {
    ...businessColumns(),
    /** XD + the school's yyyyMMdd + a daily sequence. */
    taskNo: text('task_no').notNull(),
    /** push_type: 1 人员名单 · 2 人脸照片 · 3 卡黑名单 · 4 门禁权限 · 5 时段/节假日 · 6 消费参数 · 7 餐次/价格. */
    pushType: text('push_type').notNull(),
    /** push_target: 1 单台 · 2 按食堂 · 3 全部. */
    targetMode: text('target_mode').notNull().default('3'),
    deviceId: text('device_id'),
    /** The door a 门禁权限 task goes to (its controller takes the grants through the gate API). */
    // A door of 门禁管理's (acs_door): its foreign key is the database's (migration 0078), since the platform does not name an area's table.
    doorId: text('door_id'),
    canteenId: text('canteen_id'),
    /** The people sent (a grade or class and those below it); everyone when blank. */
    deptId: text('dept_id'),
    /** push_add_del: 1 新增/更新 · 2 删除. */
    addDel: text('add_del').notNull().default('1'),
    /** 全量同步: the devices drop their list and take it whole. */
    fullSync: boolean('full_sync').notNull().default(false),
    total: integer('total').notNull().default(0),
    success: integer('success').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** push_status: 0 待下发 · 1 下发中 · 2 成功 · 3 部分失败 · 4 失败 · 5 已取消. */
    status: text('status').notNull().default('0'),
    finishTime: when('finish_time'),
    remark: text('remark'),
  },
  (t) => [index('dev_push_task_no_idx').on(t.tenantId, t.taskNo)],
);

export const pushItems = pgTable(
  'dev_push_item',
  {
    ...businessColumns(),
    taskId: text('task_id')
      .notNull()
      .references(() => pushTasks.id),
    /** A terminal's item; a door's names the door instead. */
    deviceId: text('device_id').references(() => devices.id),
    // A door of 门禁管理's (acs_door): its foreign key is the database's (migration 0078), since the platform does not name an area's table.
    doorId: text('door_id'),
    /** What a door's item sends: a grant (the gate takes and answers grants by their id), a car (a barrier's plates). */
    subjectId: text('subject_id'),
    /** How the list names a subject that is not a person (a car's plate). */
    subjectLabel: text('subject_label'),
    /** The person the item is about (none for a device's settings). */
    memberId: text('member_id'),
    /** What the terminal is given, as it takes it. */
    payload: jsonb('payload').notNull(),
    /** push_item_status: 0 待下发 · 1 下发中 · 2 成功 · 3 失败 · 4 已取消. */
    status: text('status').notNull().default('0'),
    retries: integer('retries').notNull().default(0),
    errMsg: text('err_msg'),
    sentTime: when('sent_time'),
    doneTime: when('done_time'),
  },
  (t) => [
    index('dev_push_item_task_idx').on(t.taskId, t.status),
    // A terminal's queue: what waits for it, oldest first.
    index('dev_push_item_pending_idx')
      .on(t.deviceId, t.status, t.id)
      .where(sql`status in ('0', '1')`),
    // A grant's or car's item still waiting or sent: what the gate's answer settles, what a new change supersedes.
    index('dev_push_item_subject_idx')
      .on(t.subjectId)
      .where(sql`subject_id is not null and status in ('0', '1')`),
    check('dev_push_item_target', sql`device_id is not null or door_id is not null`),
  ],
);
