import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown } from 'lucide-react';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import type { SelectOption } from './Select';

export interface MultiSelectProps {
  /** The chosen values. */
  value: readonly string[];
  onChange(value: string[]): void;
  options: readonly SelectOption[];
  'aria-label': string;
  placeholder?: string;
  className?: string;
  testId?: string;
}

/**
 * Several of a list (a query's 「one of」): a button naming what is chosen, opening a menu of
 * check items. Space or Enter ticks the highlighted item and keeps the menu open, the arrows move,
 * typing jumps to an item, Esc closes.
 */
export function MultiSelect({ value, onChange, options, placeholder, className, testId, ...aria }: MultiSelectProps) {
  const t = useT();
  const chosen = options.filter((option) => value.includes(option.value));
  const summary =
    chosen.length === 0
      ? (placeholder ?? t('query.choose'))
      : chosen.length <= 2
        ? chosen.map((option) => option.text).join('、')
        : t('query.chosenMany', { first: chosen[0]!.text, count: String(chosen.length), others: String(chosen.length - 1) });
  const toggle = (item: string, on: boolean) => onChange(on ? [...value, item] : value.filter((other) => other !== item));
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        // The name holds what the trigger shows, after the field's label.
        aria-label={t('common.labelled', { label: aria['aria-label'], value: summary })}
        data-testid={testId}
        title={chosen.length > 2 ? chosen.map((option) => option.text).join('、') : undefined}
        className={cn(
          'inline-flex h-8 min-w-0 items-center justify-between gap-2 rounded border border-[#d9d9d9] bg-surface px-2 text-left text-sm outline-none hover:border-primary',
          'focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/20',
          chosen.length === 0 && 'text-text-muted',
          className,
        )}
      >
        <span className="truncate">{summary}</span>
        <ChevronDown className="size-3.5 shrink-0 text-text-muted" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-[80] max-h-[min(320px,var(--radix-dropdown-menu-content-available-height))] min-w-[var(--radix-dropdown-menu-trigger-width)] overflow-y-auto rounded border border-border bg-surface p-1 shadow-lg"
        >
          {options.map((option) => (
            <DropdownMenu.CheckboxItem
              key={option.value}
              checked={value.includes(option.value)}
              onCheckedChange={(on) => toggle(option.value, on)}
              // Ticking one does not close the menu: several are chosen in one opening.
              onSelect={(event) => event.preventDefault()}
              className="relative flex h-8 cursor-default items-center rounded pr-2 pl-7 text-sm text-text outline-none select-none data-[highlighted]:bg-primary-soft data-[state=checked]:font-medium"
            >
              <DropdownMenu.ItemIndicator className="absolute left-2 inline-flex">
                <Check className="size-3.5 text-primary-strong" aria-hidden />
              </DropdownMenu.ItemIndicator>
              {option.text}
            </DropdownMenu.CheckboxItem>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
