import { yuanToCents } from '@shared/engine/schemas';
import { useT, type MessageKey } from '@web/i18n';
import { TextField } from '../fields';

/**
 * The amount a money dialog is about to move, typed again by the operator: a slip of the finger
 * is caught before anything posts. `matches` tells whether the typed text is that amount.
 */
export function ConfirmAmountField({ label, value, onChange, error, autoFocus }: { label: MessageKey; value: string; onChange(value: string): void; error?: string | undefined; autoFocus?: boolean }) {
  const t = useT();
  return (
    <TextField label={t(label)} required autoFocus={autoFocus} inputMode="decimal" prefixIcon="¥" autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} error={error} />
  );
}

/** Whether typed text is exactly this many cents. */
export const typedIs = (typed: string, cents: number) => yuanToCents(typed) === cents;
