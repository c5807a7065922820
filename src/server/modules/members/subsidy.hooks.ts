import { and, eq, sql } from 'drizzle-orm';
import type { EntityHooks } from '../../crud/registerEntity';
import { subsidyBatches, type subsidyItems } from '../../db/schema';
import type { RowOf, Work } from '../../db/work';
import { badRequest } from '../../http/envelope';
import { billHooks } from '../bills/billHooks';

/** A batch as it is written (BZ number): an expiry after its start, and one for 到期清零 (the month's form is its preset). */
export const subsidyHooks: EntityHooks = billHooks('BZ', {
  async beforeSave({ values, before }) {
    const start = String(values.startDate ?? before?.startDate);
    const expire = (values.expireDate === undefined ? before?.expireDate : values.expireDate) as string | null | undefined;
    if (expire && expire < start) throw badRequest('有效期至不能早于启用日期', 'The batch cannot expire before it starts');
    const mode = String(values.clearMode ?? before?.clearMode ?? '0');
    if (mode === '1' && !expire) throw badRequest('到期清零的批次请填写有效期至', 'A batch cleared on expiry needs its expiry date');
  },
});

/**
 * A person's line is changed or taken out only while its batch is a draft or rejected; the batch's
 * people and total follow.
 */
export const subsidyItemHooks: EntityHooks<RowOf<typeof subsidyItems>> = {
  async guard({ work, before }) {
    if (!before) return;
    await draftOnly(work, before.batchId);
  },
  async beforeSave({ tx, values, before }) {
    if (!before || values.amount === undefined) return;
    await tx
      .update(subsidyBatches)
      .set({ total: sql`${subsidyBatches.total} - ${before.amount} + ${values.amount}` })
      .where(eq(subsidyBatches.id, before.batchId));
  },
  async beforeDelete({ tx, work, rows }) {
    for (const item of rows) {
      await draftOnly(work, item.batchId);
      await tx
        .update(subsidyBatches)
        .set({ total: sql`${subsidyBatches.total} - ${item.amount}`, persons: sql`${subsidyBatches.persons} - 1` })
        .where(eq(subsidyBatches.id, item.batchId));
    }
  },
};

/** The batch, locked, still a draft or rejected — or the refusal. */
export async function draftOnly(work: Work, batchId: string) {
  // The batch as stored (deleted too: its lines stay as they were).
  const [batch] = await work.tx
    .select({ auditStatus: subsidyBatches.auditStatus, billNo: subsidyBatches.billNo })
    .from(subsidyBatches)
    .where(and(work.school(subsidyBatches, { deleted: true }), eq(subsidyBatches.id, batchId)))
    .for('update');
  if (batch && !['0', '3'].includes(batch.auditStatus))
    throw badRequest(`补助批次 ${batch.billNo} 已提交，不能修改人员和金额`, `Subsidy batch ${batch.billNo} was submitted: its people and amounts no longer change`);
}
