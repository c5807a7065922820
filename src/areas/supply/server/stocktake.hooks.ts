import { inArray } from 'drizzle-orm';
import type { EntityHooks } from '@server/crud/registerEntity';
import type { stocktakeItems, stocktakes } from './tables';
import { stockBatches } from './tables';
import type { RowOf } from '@server/db/work';
import { badRequest } from '@server/http/envelope';
import { billHooks } from '@server/modules/bills/billHooks';
import { stockService } from './stock';

/**
 * A stocktake counts the batches of one store: the bill's store is theirs (a line of another store
 * is refused), and each line shows its book when saved and what would be adjusted.
 */
export const stocktakeHooks: EntityHooks<RowOf<typeof stocktakes>, { items: RowOf<typeof stocktakeItems> }> = billHooks<RowOf<typeof stocktakes>, { items: RowOf<typeof stocktakeItems> }>('PD', {
  async beforeSave({ tx, values, details }) {
    const lines = details.items;
    if (!lines) return;
    const batches = await tx
      .select({ id: stockBatches.id, canteenId: stockBatches.canteenId })
      .from(stockBatches)
      .where(
        inArray(
          stockBatches.id,
          lines.map((line) => line.batchId ?? ''),
        ),
      );
    const canteens = new Set(batches.map((batch) => batch.canteenId));
    if (canteens.size > 1) throw badRequest('一张盘点单只能盘点同一仓库/食堂的批次（items）', 'One stocktake counts the batches of one store (items)');
    values.canteenId = [...canteens][0];
    for (const line of lines) {
      line.bookQty = await stockService.heldIn(tx, line.batchId ?? '');
      line.diffQty = Number(line.countedQty) - Number(line.bookQty);
    }
  },
});
