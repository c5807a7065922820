import { useEffect, useRef, useState } from 'react';
import { ChevronDown, X } from 'lucide-react';
import { entityById } from '@shared/entities';
import { entityApi } from '@web/api/entities';
import { useDialogs } from '@web/dialogs/store';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import type { PickedRecord } from '../RefPickerDialog';

/** The label of a record by id, as the reference select would show it (read once per id). */
export function useRecordLabel(entity: string, id: string): [string, (text: string) => void] {
  const [known, setKnown] = useState<{ id: string; text: string } | null>(null);
  useEffect(() => {
    const spec = entityById(entity);
    if (!spec || !id || known?.id === id) return;
    let live = true;
    void entityApi.options(spec, id, 5).then((items) => {
      if (live) setKnown({ id, text: items.find((item) => item.value === id)?.text ?? id });
    });
    return () => {
      live = false;
    };
  }, [entity, id, known?.id]);
  return [known?.id === id ? known.text : '', (text) => setKnown({ id, text })];
}

/**
 * A reference chosen in a picker dialog: a button naming the chosen record that opens the picker
 * (Enter, Space, ↓ or a click), and a clear button. Used where a select of every record would be
 * too long (a school's members, cards, accounts).
 */
export function RefPickerInput({
  entity,
  value,
  onChange,
  label,
  id,
  invalid,
  className,
  testId,
  autoFocus,
}: {
  entity: string;
  value: string;
  onChange(value: string): void;
  label: string;
  id?: string;
  invalid?: boolean;
  className?: string;
  testId?: string;
  autoFocus?: boolean;
}) {
  const t = useT();
  const [text, setText] = useRecordLabel(entity, value);
  const button = useRef<HTMLButtonElement>(null);
  async function pick() {
    const picked = (await useDialogs.getState().open('refPicker', { entity })) as PickedRecord | undefined;
    // Back to the field, chosen or not (the dialog below does not know where it was).
    window.setTimeout(() => button.current?.focus());
    if (!picked) return;
    onChange(picked.value);
    // Named at once: the label is known without asking the server again.
    setText(picked.text);
  }
  return (
    <span className={cn('relative inline-flex min-w-0', className)}>
      <button
        ref={button}
        type="button"
        id={id}
        aria-haspopup="dialog"
        autoFocus={autoFocus}
        // The name holds what the button shows (the choice, or 请选择), as its label's words after the label.
        aria-label={t('common.labelled', { label, value: value ? text : t('query.choose') })}
        aria-invalid={invalid || undefined}
        data-testid={testId}
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
        <span className="truncate">{value ? text : t('query.choose')}</span>
      </button>
      {value ? (
        <button
          type="button"
          aria-label={t('picker.clear', { label })}
          className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-0.5 text-text-muted hover:bg-black/5"
          onClick={() => onChange('')}
        >
          <X className="size-3.5" aria-hidden />
        </button>
      ) : (
        <ChevronDown className="pointer-events-none absolute top-1/2 right-2 size-3.5 -translate-y-1/2 text-text-muted" aria-hidden />
      )}
    </span>
  );
}
