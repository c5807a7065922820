import { useRef } from 'react';
import { ChevronDown, X } from 'lucide-react';
import type { FieldSpec } from '@shared/engine/spec';
import { checkPopupConfig, popupChanges } from '@shared/grid/popup';
import type { ReportRow } from '@web/api/onlineReports';
import { useDialogs } from '@web/dialogs/store';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
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
    const rows = (await useDialogs.getState().open('reportPopup', { code: config.code, multi: config.multi ? '1' : '0', ...(groupId ? { groupId } : {}) })) as ReportRow[] | undefined;
    window.setTimeout(() => button.current?.focus());
    if (!rows?.length) return;
    patch(rows);
    // The reference is named at once from the row (the report's own name column), asked again otherwise.
    const named = rows[0]?.name ?? rows[0]?.realName;
    if (field.type === 'ref' && typeof named === 'string') setRefText(named);
  }

  return (
    <span className="relative inline-flex w-full min-w-0">
      <button
        ref={button}
        type="button"
        id={id}
        aria-haspopup="dialog"
        autoFocus={autoFocus}
        aria-label={t('common.labelled', { label, value: value ? shown || value : t('query.choose') })}
        aria-invalid={invalid || undefined}
        data-testid={`field-${field.key}`}
        onClick={() => void pick()}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            void pick();
          }
        }}
        className={cn(
          'inline-flex h-8 w-full min-w-0 items-center justify-between gap-2 rounded border bg-surface pr-7 pl-2 text-left text-sm outline-none',
          'focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/20',
          invalid ? 'border-danger' : 'border-[#d9d9d9] hover:border-primary',
          !value && 'text-text-muted',
        )}
      >
        <span className="truncate">{value ? shown || value : t('query.choose')}</span>
      </button>
      {value ? (
        <button
          type="button"
          aria-label={t('popup.clear', { label })}
          className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-0.5 text-text-muted hover:bg-black/5"
          onClick={() => patch(null)}
        >
          <X className="size-3.5" aria-hidden />
        </button>
      ) : (
        <ChevronDown className="pointer-events-none absolute top-1/2 right-2 size-3.5 -translate-y-1/2 text-text-muted" aria-hidden />
      )}
    </span>
  );
}
