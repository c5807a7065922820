import { and, eq, ne } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import { mealTables } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { badRequest } from '../../http/envelope';

/** Table numbers are unique within a canteen (two canteens may both have table 1). */
export const diningTableHooks: EntityHooks<RowOf<typeof mealTables>> = {
  async beforeSave({ work, id, values }) {
    const [taken] = await work.rows(mealTables, and(eq(mealTables.canteenId, values.canteenId ?? ''), eq(mealTables.tableNo, values.tableNo ?? ''), id ? ne(mealTables.id, id) : undefined), {
      limit: 1,
    });
    if (taken) throw badRequest(`该食堂已有桌号 ${values.tableNo ?? ''}（tableNo）`, `The canteen already has table ${values.tableNo ?? ''} (tableNo)`);
  },
};
