import { ingredient } from '@areas/supply/shared/entities/ingredient';
import { stock, stockBatch } from '@areas/supply/shared/entities/stock';
import { stocktake } from '@areas/supply/shared/entities/stocktake';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { useT } from '@web/i18n';
import { CommandButton } from '@web/components/CommandButton';
import type { RowAction } from '@web/engine/RowActions';

const STOCK_ACTIONS: readonly RowAction[] = [{ command: 'stock.ledger', label: 'supply.ledgerAction' }];

/**
 * 食材库存: the stock of each canteen's store (the sum of its moves, with its state), the batches
 * it is made of (what 出库 takes first-expiring-first-out), the stocktakes (盘点) that adjust them,
 * and the ingredient catalogue.
 */
export default function InventoryList() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <EntityListScreen spec={stock} rowActions={STOCK_ACTIONS} toolbar={<CommandButton id="stock.ledger" label={t('supply.ledger')} />} />
      <section aria-label={t('supply.batches')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('supply.batches')}</h2>
        <EntityListScreen spec={stockBatch} selectionScope="batches" height={300} />
      </section>
      <section aria-label={t('supply.stocktakes')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('supply.stocktakes')}</h2>
        <EntityListScreen spec={stocktake} selectionScope="stocktakes" height={260} />
      </section>
      <section aria-label={t('supply.ingredients')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('supply.ingredients')}</h2>
        <EntityListScreen spec={ingredient} selectionScope="ingredients" height={360} />
      </section>
    </div>
  );
}
