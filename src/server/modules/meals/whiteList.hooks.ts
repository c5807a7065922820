import type { EntityHooks } from '../../crud/registerEntity';
import { badRequest } from '../../http/envelope';

/** An allow-list entry's period must not end before it starts. */
export const whiteListHooks: EntityHooks = {
  async beforeSave({ values }) {
    if (String(values.validTo) < String(values.validFrom)) throw badRequest('失效日期不能早于生效日期（validTo）', 'The end date cannot be before the start date (validTo)');
  },
};
