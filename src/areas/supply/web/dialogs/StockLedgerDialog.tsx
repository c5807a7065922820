import { useEffect, useState } from 'react';
import { stock } from '@areas/supply/shared/entities/stock';
import { get } from '@web/api/client';
import { entityApi, type EntityRecord } from '@web/api/entities';
import { useT } from '@web/i18n';
import { FormDialog } from '@web/dialogs/FormDialog';

interface Move {
  id: string;
  kind_dictText: string;
  qty: number;
  unitPrice: number;
  amount: number;
  balance: number;
  billNo: string;
  batchNo: string;
  operator: string;
  createTime: string;
}

/**
 * 库存台账 of a stock line (one ingredient in one canteen's store): every move, newest first, with
 * the stock it left — in, out, returned, adjusted.
 */
export default function StockLedgerDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const [line, setLine] = useState<EntityRecord | null>(null);
  const [moves, setMoves] = useState<Move[] | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    void entityApi.get(stock, id).then(async (found) => {
      if (!live) return;
      setLine(found);
      const rows = await get<Move[]>('/supply/stock/ledger', { canteenId: found.canteenId, ingredientId: found.ingredientId });
      if (live) setMoves(rows);
    });
    return () => {
      live = false;
    };
  }, [id]);
  const title = line ? `${t('supply.ledger')}：${String(line.ingredientId_dictText)}（${String(line.canteenId_dictText)}）` : t('supply.ledger');
  return (
    <FormDialog title={title} width={900} testId="stock-ledger" okText={t('common.close')} readOnly onSubmit={() => Promise.resolve(true)}>
      {moves === null ? <p className="text-sm text-text-muted">{t('common.loading')}</p> : null}
      {moves?.length === 0 ? <p className="text-sm text-text-muted">{t('history.empty')}</p> : null}
      {moves?.length ? (
        <table className="w-full text-left text-sm" aria-label={t('supply.ledger')}>
          <thead>
            <tr className="border-b border-border text-xs text-text-muted">
              <th className="py-1 pr-2 font-normal">{t('history.time')}</th>
              <th className="py-1 pr-2 font-normal">{t('supply.moveKind')}</th>
              <th className="py-1 pr-2 font-normal">{t('supply.billNo')}</th>
              <th className="py-1 pr-2 font-normal">{t('supply.batchNo')}</th>
              <th className="py-1 pr-2 text-right font-normal">{t('supply.qty')}</th>
              <th className="py-1 pr-2 text-right font-normal">{t('supply.amount')}</th>
              <th className="py-1 pr-2 text-right font-normal">{t('supply.balance')}</th>
              <th className="py-1 font-normal">{t('history.operator')}</th>
            </tr>
          </thead>
          <tbody>
            {moves.map((move) => (
              <tr key={move.id} className="border-b border-border/60" data-testid="ledger-move">
                <td className="py-1 pr-2 font-mono text-xs whitespace-nowrap">{move.createTime}</td>
                <td className="py-1 pr-2">{move.kind_dictText}</td>
                <td className="py-1 pr-2 font-mono text-xs">{move.billNo}</td>
                <td className="py-1 pr-2 font-mono text-xs">{move.batchNo}</td>
                <td className="py-1 pr-2 text-right">{move.qty > 0 ? `+${move.qty}` : move.qty}</td>
                <td className="py-1 pr-2 text-right">{move.amount.toFixed(2)}</td>
                <td className="py-1 pr-2 text-right font-medium">{move.balance}</td>
                <td className="py-1">{move.operator}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </FormDialog>
  );
}
