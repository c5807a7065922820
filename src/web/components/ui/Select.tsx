import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '@web/lib/cn';

export interface SelectOption {
  value: string;
  text: string;
}

export interface SelectProps {
  value: string;
  onChange(value: string): void;
  options: readonly SelectOption[];
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

// Radix keeps '' for "nothing chosen", so an option whose value is '' (请选择) goes by this one.
const EMPTY = '\u2205';

/**
 * A select in the console's style (Radix): opens with Space, Enter or the arrows, types ahead,
 * and its list stays above dialogs. The trigger is a button, so a label's htmlFor names it.
 */
export function Select({ value, onChange, options, id, placeholder, invalid, disabled, className, testId, ...aria }: SelectProps) {
  const hasEmpty = options.some((option) => option.value === '');
  const current = value === '' && hasEmpty ? EMPTY : value;
  return (
    <RadixSelect.Root value={current} onValueChange={(next) => onChange(next === EMPTY ? '' : next)} disabled={disabled}>
      <RadixSelect.Trigger
        id={id}
        aria-label={aria['aria-label']}
        aria-invalid={invalid || undefined}
        data-testid={testId}
        className={cn(
          'inline-flex h-8 min-w-0 items-center justify-between gap-2 rounded border bg-surface px-2 text-left text-sm outline-none',
          'focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/20 disabled:cursor-not-allowed disabled:opacity-50',
          'data-[placeholder]:text-black/45',
          invalid ? 'border-danger' : 'border-[#d9d9d9] hover:border-primary',
          className,
        )}
      >
        <span className="truncate">
          <RadixSelect.Value placeholder={placeholder} />
        </span>
        <RadixSelect.Icon>
          <ChevronDown className="size-3.5 shrink-0 text-text-muted" aria-hidden />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-[80] max-h-[min(320px,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded border border-border bg-surface shadow-lg"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value === '' ? EMPTY : option.value}
                className="relative flex h-8 cursor-default items-center rounded pr-7 pl-2 text-sm text-text outline-none select-none data-[highlighted]:bg-primary-soft data-[state=checked]:font-medium"
              >
                <RadixSelect.ItemText>{option.text}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator className="absolute right-2 inline-flex">
                  <Check className="size-3.5 text-primary-strong" aria-hidden />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
