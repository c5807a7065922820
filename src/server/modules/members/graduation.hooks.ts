import { eq } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import { graduationItems } from '../../db/schema';
import { badRequest } from '../../http/envelope';
import { billHooks } from '../bills/billHooks';

/** A batch as it is written (BY number): a closed account's cards go with it; a batch taken out takes its checked people. */
export const graduationHooks: EntityHooks = {
  ...billHooks('BY', {
    async beforeSave({ values, before }) {
      const pick = (key: string) => (values[key] === undefined ? before?.[key] : values[key]);
      if (pick('closeAccounts') !== false && pick('cancelCards') === false) throw badRequest('停用账户须同时注销卡', 'Closing the accounts cancels their cards: keep 注销卡 on');
    },
  }),
  async beforeDelete({ work, rows }) {
    // The lines go with their batch (they are its 预检, made again each time).
    for (const row of rows) await work.tx.delete(graduationItems).where(eq(graduationItems.batchId, String(row.id)));
  },
};
