import { eq } from 'drizzle-orm';
import type { EntityHooks } from '@server/crud/registerEntity';
import { suppliers } from './tables';
import { badRequest } from '@server/http/envelope';
import { billHooks } from '@server/modules/bills/billHooks';
import { valueOf } from './stock';

/**
 * A purchase names a supplier 合作中 (admitted, not paused, blacklisted or terminated); each line's
 * amount is its quantity at its price, and the bill's total their sum.
 */
export const purchaseHooks: EntityHooks = billHooks('CG', {
  async beforeSave({ tx, values, before, details }) {
    const supplierId = values.supplierId ?? before?.supplierId;
    if (values.supplierId !== undefined && values.supplierId !== before?.supplierId) {
      const [found] = await tx
        .select({ status: suppliers.status })
        .from(suppliers)
        .where(eq(suppliers.id, String(supplierId)));
      if (found?.status !== '1') throw badRequest('该供应商不是合作中，不能用于采购（supplierId）', 'This supplier is not active: it cannot be purchased from (supplierId)');
    }
    const lines = details.items;
    if (!lines) return;
    for (const line of lines) line.amount = valueOf(Number(line.qty), Number(line.unitPrice));
    values.totalAmount = lines.reduce((sum, line) => sum + Number(line.amount), 0);
  },
});
