import { eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import type { Executor } from '../../db/client';
import { tenants } from '../../db/schema';

/** What the card office's rules read of a school: its clock and its limits. */
export interface SchoolSettings {
  /** Every "day" of the product is a day in this zone. */
  timeZone: string;
  /** How old an offline terminal payment may be when it is uploaded. */
  offlineDays: number;
  /** The longest date range a record list (消费记录, 充值记录) is asked for. */
  recordRangeDays: number;
  /** Four eyes: days an account may not check the work of whoever created it. */
  checkerWaitDays: number;
  /** 请假退餐费's 生效点: 1 次日起 · 2 当餐起. */
  mealRefundStart: string;
  /** A leave shorter than this many full days of meals refunds nothing. */
  mealRefundMinDays: number;
}

export const SCHOOL_DEFAULTS: SchoolSettings = { timeZone: DEFAULT_TIME_ZONE, offlineDays: 7, recordRangeDays: 31, checkerWaitDays: 90, mealRefundStart: '1', mealRefundMinDays: 0 };
/** Settings change rarely and are read on every payment: kept a minute (other instances pick a change up within it). */
const KEEP_MS = 60_000;
/** Per database handle (tests open several), per school. */
const kept = new WeakMap<object, Map<number, { settings: SchoolSettings; at: number; generation: number }>>();
/** Bumped when this instance changes a school, so its memory of it is dropped at once. */
const generations = new Map<number, number>();

/** A school's settings, from memory when read in the last minute. */
export async function schoolSettings(db: Executor, tenantId: number): Promise<SchoolSettings> {
  let byTenant = kept.get(db);
  if (!byTenant) kept.set(db, (byTenant = new Map()));
  const generation = generations.get(tenantId) ?? 0;
  const hit = byTenant.get(tenantId);
  if (hit && hit.generation === generation && Date.now() - hit.at < KEEP_MS) return hit.settings;
  const [row] = await db
    .select({
      timeZone: tenants.timeZone,
      offlineDays: tenants.offlineDays,
      recordRangeDays: tenants.recordRangeDays,
      checkerWaitDays: tenants.checkerWaitDays,
      mealRefundStart: tenants.mealRefundStart,
      mealRefundMinDays: tenants.mealRefundMinDays,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  const settings = row ?? SCHOOL_DEFAULTS;
  byTenant.set(tenantId, { settings, at: Date.now(), generation });
  return settings;
}

/** The school's time zone. */
export const schoolZone = async (db: Executor, tenantId: number): Promise<string> => (await schoolSettings(db, tenantId)).timeZone;

/** After 学校管理 changed a school: this instance reads it again at once. */
export function forgetSchoolSettings(tenantId: number): void {
  generations.set(tenantId, (generations.get(tenantId) ?? 0) + 1);
}

/** The first instant of the school's day, in SQL: for a row's own school (`tenantColumn`). */
export const schoolMidnightOf = (tenantColumn: SQL) => sql`(select date_trunc('day', now() at time zone s.time_zone) at time zone s.time_zone from tenants s where s.id = ${tenantColumn})`;
