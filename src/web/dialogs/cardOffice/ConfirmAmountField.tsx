import { yuanToCents } from '@shared/engine/schemas';
import { ledgerAmountRefusal } from '@shared/money';
import { useLocale } from '@web/i18n';
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

/**
 * Why an amount typed for the ledger cannot go: not a positive amount with two decimals at most, or
 * over the ledger's cap — the palette's and the server's words for the same rule.
 */
export function amountProblem(cents: number | null, t: (key: MessageKey) => string): string | undefined {
  if (cents === null || cents <= 0) return t('cardOffice.amountInvalid');
  return ledgerAmountRefusal(cents / 100)?.[useLocale.getState().locale];
}

/** Whether typed text is exactly this many cents. */
export const typedIs = (typed: string, cents: number) => yuanToCents(typed) === cents;
