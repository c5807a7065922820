import { useEffect, useRef, useState } from 'react';
import { entityById } from '@shared/entities';
import { entityApi } from '@web/api/entities';
import { useDialogs } from '@web/stores/dialogs';
import { useT } from '@web/i18n';
import type { PickedRecord } from '../RefPickerDialog';
import { PickerButton } from './PickerButton';

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
    <PickerButton
      buttonRef={button}
      id={id}
      label={label}
      shown={text}
      chosen={Boolean(value)}
      invalid={invalid}
      testId={testId}
      autoFocus={autoFocus}
      className={className}
      clearLabel={t('picker.clear', { label })}
      onPick={() => void pick()}
      onClear={() => onChange('')}
    />
  );
}
