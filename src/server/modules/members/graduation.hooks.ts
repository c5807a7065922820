import { eq } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import { graduationItems, type graduationBatches } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { badRequest } from '../../http/envelope';
import { billHooks } from '../bills/billHooks';

/** A batch as it is written (BY number): a closed account's cards go with it; a batch taken out takes its checked people. */
export const graduationHooks: EntityHooks<RowOf<typeof graduationBatches>> = {
  ...billHooks<RowOf<typeof graduationBatches>>('BY', {
    async beforeSave({ values, before }) {
      const pick = (key: keyof RowOf<typeof graduationBatches>) => (values[key] === undefined ? before?.[key] : values[key]);
      if (pick('closeAccounts') !== false && pick('cancelCards') === false) throw badRequest('停用账户须同时注销卡', 'Closing the accounts cancels their cards: keep 注销卡 on');
    },
  }),
  async beforeDelete({ work, rows }) {
    // The lines go with their batch (they are its 预检, made again each time).
    for (const row of rows) await work.tx.delete(graduationItems).where(eq(graduationItems.batchId, row.id));
  },
};
