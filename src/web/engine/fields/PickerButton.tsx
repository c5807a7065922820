import type { Ref } from 'react';
import { ChevronDown, X } from 'lucide-react';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';

/**
 * A choice made in a dialog, as a field: a button naming the choice (or 请选择) that opens the
 * dialog — Enter, Space, ↓ or a click — and a clear button once something is chosen. The record
 * picker and the report popup draw with it.
 */
export function PickerButton({
  buttonRef,
  id,
  label,
  shown,
  chosen,
  invalid,
  testId,
  autoFocus,
  className,
  clearLabel,
  onPick,
  onClear,
}: {
  buttonRef: Ref<HTMLButtonElement>;
  id?: string | undefined;
  label: string;
  /** What the button says of the choice. */
  shown: string;
  chosen: boolean;
  invalid?: boolean | undefined;
  testId?: string | undefined;
  autoFocus?: boolean | undefined;
  className?: string | undefined;
  clearLabel: string;
  onPick(): void;
  onClear(): void;
}) {
  const t = useT();
  const text = chosen ? shown : t('query.choose');
  return (
    <span className={cn('relative inline-flex min-w-0', className)}>
      <button
        ref={buttonRef}
        type="button"
        id={id}
        aria-haspopup="dialog"
        autoFocus={autoFocus}
        // The name holds what the button shows (the choice, or 请选择), as its label's words after the label.
        aria-label={t('common.labelled', { label, value: text })}
        aria-invalid={invalid || undefined}
        data-testid={testId}
        onClick={onPick}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            onPick();
          }
        }}
        className={cn(
          'inline-flex h-8 w-full min-w-0 items-center justify-between gap-2 rounded border bg-surface pr-7 pl-2 text-left text-sm outline-none',
          'focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/20',
          invalid ? 'border-danger' : 'border-[#d9d9d9] hover:border-primary',
          !chosen && 'text-text-muted',
        )}
      >
        <span className="truncate">{text}</span>
      </button>
      {chosen ? (
        <button type="button" aria-label={clearLabel} className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-0.5 text-text-muted hover:bg-black/5" onClick={onClear}>
          <X className="size-3.5" aria-hidden />
        </button>
      ) : (
        <ChevronDown className="pointer-events-none absolute top-1/2 right-2 size-3.5 -translate-y-1/2 text-text-muted" aria-hidden />
      )}
    </span>
  );
}
