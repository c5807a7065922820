import { useRef } from 'react';
import type { FieldSpec } from '@shared/engine/spec';
import { checkPopupConfig, popupChanges } from '@shared/grid/popup';
import type { ReportRow } from '@web/api/onlineReports';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { pickFromReport } from '@web/online/pickFromReport';
import { PickerButton } from './PickerButton';
import { useRecordLabel } from './RefPickerInput';

/** What a pick writes into the form: each destination's text ('' for a blanked one). */
export type PopupPatch = Record<string, string>;

/**
 * A field filled from an online report in the report popup picker (JeecgBoot's JPopup): a button
 * naming the value (a reference by its record's label) that opens the picker — Enter, Space, ↓ or
 * a click — and a clear button that blanks every destination field. A configuration the spec
 * calls wrong is told before anything opens.
 */
export function PopupInput({
  field,
  value,
  onPatch,
  label,
  id,
  invalid,
  groupId,
  autoFocus,
}: {
  field: FieldSpec;
  value: string;
  onPatch(changes: PopupPatch): void;
  label: string;
  id?: string;
  invalid?: boolean;
  groupId?: string;
  autoFocus?: boolean;
}) {
  const t = useT();
  const button = useRef<HTMLButtonElement>(null);
  const config = field.popup!;
  // A reference shows its record's label; a popup text shows itself.
  const [refText, setRefText] = useRecordLabel(field.type === 'ref' ? field.ref! : '', field.type === 'ref' ? value : '');
  const shown = field.type === 'ref' ? refText : value;
  const patch = (rows: readonly ReportRow[] | null) =>
    onPatch(Object.fromEntries(Object.entries(popupChanges(config, rows)).map(([key, changed]) => [key, changed === null || changed === undefined ? '' : String(changed)])));

  async function pick() {
    const problem = checkPopupConfig(config);
    if (problem) {
      toast.warning(problem);
      return;
    }
    const rows = await pickFromReport(config, groupId);
    window.setTimeout(() => button.current?.focus());
    if (!rows) return;
    patch(rows);
    // The reference is named at once from the row (the report's own name column), asked again otherwise.
    const named = rows[0]?.name ?? rows[0]?.realName;
    if (field.type === 'ref' && typeof named === 'string') setRefText(named);
  }

  return (
    <PickerButton
      buttonRef={button}
      id={id}
      label={label}
      shown={shown || value}
      chosen={Boolean(value)}
      invalid={invalid}
      testId={`field-${field.key}`}
      autoFocus={autoFocus}
      className="w-full"
      clearLabel={t('popup.clear', { label })}
      onPick={() => void pick()}
      onClear={() => patch(null)}
    />
  );
}
