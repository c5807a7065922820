import { cn } from '@web/lib/cn';

/** An on/off switch (role="switch"), labelled by the text beside it. */
export function Switch({ checked, onChange, disabled, label, testId }: { checked: boolean; onChange(next: boolean): void; disabled?: boolean; label: string; testId?: string }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      data-testid={testId}
      onClick={() => onChange(!checked)}
      className={cn('relative h-[22px] w-11 shrink-0 rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-40', checked ? 'bg-primary' : 'bg-black/25')}
    >
      <span className={cn('absolute top-0.5 left-0.5 size-[18px] rounded-full bg-white shadow transition-transform', checked && 'translate-x-[22px]')} />
    </button>
  );
}
