/**
 * 安防视频 (DOMAIN.md §11): the cameras (signed devices, each with its own key) and the events they
 * post — a face captured, a stranger, a line crossed, a crowd, smoke, a door's alarm, a manual
 * recording — with the snapshot and the recording they uploaded to object storage, and how the
 * security office dealt with each.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from '@server/db/tables/common';
import { members } from '@server/db/tables/members';

const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const cameras = pgTable(
  'sec_camera',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    serialNo: text('serial_no').notNull(),
    channel: integer('channel').notNull().default(1),
    location: text('location'),
    /** enable_status: 1 启用 · 0 停用. */
    status: text('status').notNull().default('1'),
    secret: text('secret'),
    lastSeenAt: when('last_seen_at'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('sec_camera_serial_key')
      .on(t.serialNo)
      .where(sql`del_flag = 0`),
  ],
);

export const videoRecords = pgTable(
  'sec_video_record',
  {
    ...businessColumns(),
    cameraId: text('camera_id')
      .notNull()
      .references(() => cameras.id),
    /** The camera's own number of the event: sent again, it is kept once. */
    eventNo: text('event_no').notNull(),
    location: text('location'),
    /** video_event: 1 人脸抓拍 · 2 陌生人 · 3 越界/区域入侵 · 4 人员聚集 · 5 烟火 · 6 门禁联动 · 7 手动录像. */
    eventType: text('event_type').notNull(),
    startTime: when('start_time').notNull(),
    endTime: when('end_time'),
    /** Seconds. */
    duration: integer('duration'),
    /** Object-storage paths of what the camera uploaded. */
    snapshot: text('snapshot'),
    recording: text('recording'),
    memberId: text('member_id').references(() => members.id),
    /** video_handle: 0 未处理 · 1 处理中 · 2 已处理 · 3 误报. */
    handleStatus: text('handle_status').notNull().default('0'),
    handleBy: text('handle_by'),
    handleAt: when('handle_time'),
    opinion: text('opinion'),
  },
  (t) => [uniqueIndex('sec_video_event_key').on(t.cameraId, t.eventNo), index('sec_video_time_idx').on(t.tenantId, t.startTime.desc()), index('sec_video_open_idx').on(t.tenantId, t.handleStatus)],
);
