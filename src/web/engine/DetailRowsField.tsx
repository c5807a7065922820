import { forwardRef, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { DetailRowsSpec, FieldSpec } from '@shared/engine/spec';
import type { ValidateRule } from '@shared/grid/validation';
import { Button } from '@web/components/ui/Button';
import { EditableGrid, type EditableGridHandle } from '@web/grid/EditableGrid';
import type { EditableColumn, GridRow } from '@web/grid/types';
import { fill, translate, useLocale, useT, type Locale } from '@web/i18n';
import { useRefChoices } from './useRefOptions';

/**
 * A sub-table column of a field: numbers, money and quantities as number cells, dates as date cells,
 * dictionaries and references as selects (a reference's choices are the target's records by label).
 */
function columnOf(field: FieldSpec, locale: Locale, choices: readonly { value: string; text: string }[] | undefined): EditableColumn {
  const rules: ValidateRule[] = [
    ...(field.required ? [{ required: true as const, message: fill(translate('editGrid.required', locale), { title: field.title[locale] }) }] : []),
    ...(field.type === 'money' ? [{ pattern: 'money' as const }] : field.type === 'quantity' ? [{ pattern: 'quantity' as const }] : []),
  ];
  return {
    key: field.key,
    title: field.title[locale],
    type:
      field.type === 'number' || field.type === 'money' || field.type === 'quantity' ? 'number' : field.type === 'dict' || field.type === 'ref' ? 'select' : field.type === 'date' ? 'date' : 'text',
    ...(field.dict ? { dictCode: field.dict } : {}),
    ...(field.type === 'ref' ? { options: choices ?? [] } : {}),
    ...(field.width ? { width: field.width } : {}),
    ...(rules.length ? { validateRules: rules } : {}),
  };
}

/** An orderable sub-table's position column: shown and moved in the grid, never sent (the rows' order is). */
const ORDER = '__order';

/** The columns the form edits (those the server fills are read back only). */
const editable = (detail: DetailRowsSpec) => detail.fields.filter((field) => field.form !== false);

export interface DetailRowsHandle {
  /** The rows to send (no grid ids), or null when a cell is refused (marked in the grid). */
  rowsToSend(): Record<string, unknown>[] | null;
}

/** A form's sub-table (a combo's dishes) in an EditableGrid: add, remove, type, paste from Excel. */
export const DetailRowsField = forwardRef<DetailRowsHandle, { detail: DetailRowsSpec; initial: readonly Record<string, unknown>[]; error: string | undefined }>(function DetailRowsField(
  { detail, initial, error },
  ref,
) {
  const locale = useLocale((state) => state.locale);
  const t = useT();
  const grid = useRef<EditableGridHandle>(null);
  const [rows, setRows] = useState<GridRow[]>(() => initial.map((row, index) => ({ ...row, id: String(row.id ?? `row_${index}`), ...(detail.orderable ? { [ORDER]: index + 1 } : {}) })));
  const choices = useRefChoices(detail.fields);
  const columns = useMemo(
    () => [
      ...(detail.orderable ? [{ key: ORDER, title: translate('editGrid.order', locale), type: 'dragSort' as const, width: 70 }] : []),
      ...editable(detail).map((field) => columnOf(field, locale, choices[field.key])),
    ],
    [detail, locale, choices],
  );
  useImperativeHandle(ref, () => ({
    rowsToSend() {
      if (grid.current && grid.current.validate().length > 0) return null;
      const current = grid.current?.getRows() ?? rows;
      return current.map((row) => Object.fromEntries(editable(detail).map((field) => [field.key, row[field.key] ?? null])));
    },
  }));
  return (
    <fieldset className="mt-2 flex flex-col gap-2" data-testid={`detail-${detail.key}`}>
      <legend className="mb-1 text-sm font-medium">
        {detail.title[locale]}
        {detail.min ? <span className="ml-1 text-xs font-normal text-text-muted">{t('editGrid.atLeast', { min: detail.min })}</span> : null}
      </legend>
      <div className="flex gap-2">
        <Button size="sm" onClick={() => grid.current?.addRow()}>
          <Plus className="size-3.5" aria-hidden />
          {t('editGrid.addRow')}
        </Button>
        <Button size="sm" onClick={() => grid.current?.removeSelected()}>
          <Trash2 className="size-3.5" aria-hidden />
          {t('editGrid.removeSelected')}
        </Button>
      </div>
      {/* Enter in a cell finishes the cell (the grid's), it does not submit the form around it. */}
      <div
        data-keeps-keys
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      >
        <EditableGrid ref={grid} columns={columns} rows={rows} onRowsChange={setRows} height={220} />
      </div>
      {error ? (
        <p className="text-xs text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
});
