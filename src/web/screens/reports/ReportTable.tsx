import type { Locale } from '@shared/locale';
import type { ReportColumn } from '@shared/reportColumns';
import { cn } from '@web/lib/cn';

/** A value of a report cell as the screen and the paper show it (money in yuan, two decimals). */
export function cellText(column: ReportColumn, value: unknown, locale: Locale, dictText: (dict: string, value: string) => string): string {
  if (value === null || value === undefined || value === '') return column.kind === 'rate' ? '—' : '';
  switch (column.kind) {
    case 'money':
      return (Number(value) / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    case 'qty':
      return (Number(value) / 1000).toLocaleString('zh-CN', { maximumFractionDigits: 3 });
    case 'count':
      return Number(value).toLocaleString('zh-CN');
    case 'rate':
      return `${Number(value) > 0 ? '+' : ''}${Number(value).toFixed(1)}%`;
    case 'dict':
      return dictText(column.dict!, String(value));
    case 'choice':
      return column.options?.[String(value)]?.[locale] ?? String(value);
    default:
      return String(value);
  }
}

/**
 * One tab of a report as a table: numbers right-aligned in tabular figures, the totals and
 * subtotals bold, 校验差额 red unless it is 0. Read-only, so it prints as it shows.
 */
export function ReportTable({
  columns,
  rows,
  locale,
  dictText,
  totalLabel,
  subtotalLabel,
  emptyText,
  testId,
}: {
  columns: readonly ReportColumn[];
  rows: readonly Record<string, unknown>[];
  locale: Locale;
  dictText(dict: string, value: string): string;
  totalLabel: string;
  subtotalLabel: string;
  emptyText: string;
  testId: string;
}) {
  return (
    <div className="overflow-auto rounded border border-border print:overflow-visible print:border-0" data-testid={testId}>
      <table className="w-full border-collapse text-sm print:text-[10px]">
        <thead className="sticky top-0 bg-canvas print:static">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                style={{ minWidth: column.width }}
                className={cn(
                  'border-b border-border px-2 py-1.5 font-medium whitespace-nowrap',
                  column.kind === 'text' || column.kind === 'dict' || column.kind === 'choice' ? 'text-left' : 'text-right',
                )}
              >
                {column.title[locale]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-2 py-6 text-center text-text-muted">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => {
              const total = row.level === 'total' || row.key === 'total';
              const subtotal = row.level === 'canteen';
              return (
                <tr
                  key={index}
                  className={cn('border-b border-border/60 hover:bg-primary-soft/40', (total || subtotal) && 'bg-canvas font-medium')}
                  data-row={total ? 'total' : subtotal ? 'subtotal' : 'line'}
                >
                  {columns.map((column, at) => {
                    let text = cellText(column, row[column.key], locale, dictText);
                    if (at === 0 && total) text = totalLabel;
                    if (at === 1 && subtotal) text = subtotalLabel;
                    const numeric = !(column.kind === 'text' || column.kind === 'dict' || column.kind === 'choice');
                    const off = column.key === 'check' && Number(row.check) !== 0;
                    return (
                      <td key={column.key} data-column={column.key} className={cn('px-2 py-1 whitespace-nowrap', numeric && 'text-right tabular-nums', off && 'font-semibold text-danger')}>
                        {text}
                      </td>
                    );
                  })}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
