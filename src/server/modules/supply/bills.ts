import type { EntityHooks } from '../../crud/registerEntity';
import { badRequest } from '../../http/envelope';
import { nextBillNo } from './billNo';

/** Bills edited only as 草稿 or 已驳回 (audit_status 0 or 3): once submitted they are moved by their flow. */
const EDITABLE = ['0', '3'];

/**
 * What every supply bill's hooks share: a bill number on creation (prefix + the school's day + a
 * sequence), edits and deletions only while 草稿 or 已驳回, and the bill's own checks after them.
 */
export function billHooks(prefix: string, own: Pick<EntityHooks, 'beforeSave'> = {}): EntityHooks {
  return {
    async beforeSave(context) {
      if (context.before && !EDITABLE.includes(String(context.before.auditStatus))) throw badRequest('只有草稿或已驳回的单据可以修改', 'Only a draft or rejected bill can be changed');
      if (!context.before) context.values.billNo = await nextBillNo(context.tx, context.tenantId, prefix);
      await own.beforeSave?.(context);
    },
    async beforeDelete({ rows }) {
      if (rows.some((row) => !EDITABLE.includes(String(row.auditStatus)))) throw badRequest('只有草稿或已驳回的单据可以删除', 'Only a draft or rejected bill can be deleted');
    },
  };
}
