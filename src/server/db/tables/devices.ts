/** 终端设备's table (DOMAIN.md §9); its columns match src/shared/entities/devices/terminal.ts. */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from './common';
import { mealCanteens, mealStores } from './meals';

export const devices = pgTable(
  'dev_device',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    serialNo: text('serial_no').notNull(),
    canteenId: text('canteen_id')
      .notNull()
      .references(() => mealCanteens.id),
    storeId: text('store_id').references(() => mealStores.id),
    /** device_status: 1 启用 · 0 停用. */
    status: text('status').notNull().default('1'),
    /** The key the terminal signs with; answered once when issued, never read back. */
    secret: text('secret'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    remark: text('remark'),
  },
  (t) => [
    // Across schools: the terminal API finds a terminal by its serial alone.
    uniqueIndex('dev_device_serial_key')
      .on(t.serialNo)
      .where(sql`del_flag = 0`),
    index('dev_device_canteen_idx').on(t.tenantId, t.canteenId),
  ],
);
