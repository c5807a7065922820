import { inArray, sql } from 'drizzle-orm';
import type { EntityHooks } from '@server/crud/registerEntity';
import { suppliers } from './tables';

/** The school's today plus 30 days, as the text a date column holds. */
const dueLimit = sql`to_char((now() at time zone (select t.time_zone from tenants t where t.id = ${suppliers.tenantId})) + interval '30 days', 'YYYY-MM-DD')`;

/** 证照将到期: a food licence that expires within 30 days of the school's today (or has expired). */
export const supplierHooks: EntityHooks = {
  async joinList(records, reads) {
    const ids = records.map((record) => String(record.id));
    const due = new Set((await reads.rows(suppliers, sql`${inArray(suppliers.id, ids)} and ${suppliers.foodLicenseExpiry} <= ${dueLimit}`)).map((row) => row.id));
    for (const record of records) record.licenceDue = due.has(String(record.id));
  },
  joinedFilter(filter) {
    if (filter.field.key !== 'licenceDue' || filter.op !== 'eq') return undefined;
    const wanted = filter.value === '1' || filter.value === 'true';
    return wanted ? sql`${suppliers.foodLicenseExpiry} <= ${dueLimit}` : sql`${suppliers.foodLicenseExpiry} > ${dueLimit}`;
  },
};
