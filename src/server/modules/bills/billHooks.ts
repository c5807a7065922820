import type { EntityHooks } from '../../crud/registerEntity';
import { nextBillNo } from './billNo';

/**
 * What every bill's hooks share (a purchase, a leave request): a bill number on creation (prefix +
 * the school's day + a sequence), then the bill's own checks. (Edits and deletions only in the
 * states its flow's `editable` names, which the engine enforces.)
 */
export function billHooks(prefix: string, own: Pick<EntityHooks, 'beforeSave'> = {}): EntityHooks {
  return {
    async beforeSave(context) {
      if (!context.before) context.values.billNo = await nextBillNo(context.work.tx, context.work.tenantId, prefix);
      await own.beforeSave?.(context);
    },
  };
}
