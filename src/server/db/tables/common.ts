import { sql } from 'drizzle-orm';
import { integer, text, timestamp } from 'drizzle-orm/pg-core';
import { simulatedNow } from '../../clock/simulatedClock';

/**
 * The columns every business table has (JeecgBoot style): id, school, the creating user's
 * department, who created and changed it and when, and the soft-delete flag.
 */
export const businessColumns = () => ({
  id: text('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  sysOrgCode: text('sys_org_code'),
  createBy: text('create_by'),
  // The database's clock, except while the sample school's weeks run on the simulated one (PostgreSQL's
  // now() cannot be moved; PGlite's follows the process's clock).
  createdAt: timestamp('create_time', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$defaultFn(() => simulatedNow() ?? sql`now()`),
  updateBy: text('update_by'),
  updatedAt: timestamp('update_time', { withTimezone: true, mode: 'date' }),
  delFlag: integer('del_flag').notNull().default(0),
});
