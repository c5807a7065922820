import type { EntityHooks } from '../../crud/registerEntity';
import { nextBillNo } from './billNo';

/**
 * What every bill's hooks share (a purchase, a leave request): a bill number on creation (prefix +
 * the school's day + a sequence), then the bill's own checks. (Edits and deletions only in the
 * states its flow's `editable` names, which the engine enforces.)
 */
export function billHooks<Row = Record<string, unknown>, Details extends Record<string, unknown> = Record<string, Record<string, unknown>>>(
  prefix: string,
  own: Pick<EntityHooks<Row, Details>, 'beforeSave'> = {},
): EntityHooks<Row, Details> {
  return {
    async beforeSave(context) {
      if (!context.before) Object.assign(context.values, { billNo: await nextBillNo(context.work.tx, context.work.tenantId, prefix) });
      await own.beforeSave?.(context);
    },
  };
}
