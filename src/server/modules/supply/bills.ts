import type { EntityHooks } from '../../crud/registerEntity';
import { nextBillNo } from './billNo';

/**
 * What every supply bill's hooks share: a bill number on creation (prefix + the school's day + a
 * sequence), then the bill's own checks. (Edits and deletions only while 草稿 or 已驳回: the
 * flow's `editable`, which the engine enforces.)
 */
export function billHooks(prefix: string, own: Pick<EntityHooks, 'beforeSave'> = {}): EntityHooks {
  return {
    async beforeSave(context) {
      if (!context.before) context.values.billNo = await nextBillNo(context.tx, context.tenantId, prefix);
      await own.beforeSave?.(context);
    },
  };
}
