import { forwardRef, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import * as Popover from '@radix-ui/react-popover';
import dayjs from 'dayjs';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useLocale, useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { calendarDays, DATE_FORMATS, parseTyped, typedText, valueOfTyped, type DateKind } from '@web/lib/dateText';
import { schoolToday } from '@web/stores/schoolClock';

export interface DateInputProps {
  kind: DateKind;
  /** In the spec's format (YYYY-MM-DD, YYYY-MM-DD HH:mm:ss, HH:mm), or what was typed while it is not one yet. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  id?: string;
  'aria-label': string;
  invalid?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  className?: string;
  testId?: string;
}

/**
 * A date, datetime or time typed in the spec's formats whatever the browser's locale: digits get
 * their separators as they come (20261130 → 2026-11-30, 1130 → 11:30), what people write
 * (2026/1/5, 930) is read when the field is left, and an impossible date stays as typed for the
 * form to refuse. Dates also pick from a calendar: Alt+↓ or the button opens it, the arrows move
 * by day and week, PgUp/PgDn by month, Enter picks, Esc goes back to the field.
 */
export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput({ kind, value, onChange, onBlur, id, invalid, autoFocus, placeholder, className, testId, ...aria }, ref) {
  const t = useT();
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  // A value set from outside (a reset, a quick range) is shown as it is — but not the value the
  // text being typed already means: 11:3 (on its way to 11:30) reads 11:03, and shown back it would
  // turn the next digit's keystroke into 11:030 → 11:03.
  const typed = useRef(text);
  typed.current = text;
  useEffect(() => {
    if (value !== (parseTyped(kind, typed.current) ?? typed.current)) setText(value);
  }, [value, kind]);

  const commit = (next: string) => {
    setText(next);
    onChange(parseTyped(kind, next) ?? next);
  };
  const pick = (day: string) => {
    const time = kind === 'datetime' ? (parseTyped('datetime', text)?.slice(11) ?? '00:00:00') : '';
    const next = time ? `${day} ${time}` : day;
    setText(next);
    onChange(next);
    setOpen(false);
    window.setTimeout(() => input.current?.focus());
  };

  const field = (
    <span
      className={cn(
        'flex h-8 items-center gap-1 rounded border bg-surface pl-2 text-sm transition-colors',
        'focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/20',
        invalid ? 'border-danger' : 'border-[#d9d9d9] hover:border-primary',
        kind === 'time' ? 'pr-2' : 'pr-1',
        className,
      )}
      data-testid={testId}
    >
      <input
        ref={(element) => {
          input.current = element;
          if (typeof ref === 'function') ref(element);
          else if (ref) ref.current = element;
        }}
        id={id}
        aria-label={aria['aria-label']}
        aria-invalid={invalid || undefined}
        autoFocus={autoFocus}
        inputMode={kind === 'time' ? 'numeric' : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder ?? DATE_FORMATS[kind]}
        value={text}
        onChange={(event) => {
          // Typing digits at the end gets the separators; editing inside the text is left alone.
          const masked = typedText(kind, text, event.target.value, event.target.selectionStart === event.target.value.length);
          setText(masked);
          onChange(parseTyped(kind, masked) ?? masked);
        }}
        onBlur={() => {
          // 930 typed for a time reads 93:0 while typing: its digits alone say 09:30.
          const parsed = valueOfTyped(kind, text);
          if (parsed !== text) commit(parsed);
          onBlur?.();
        }}
        onKeyDown={(event) => {
          if (kind !== 'time' && event.altKey && event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="h-full min-w-0 flex-1 bg-transparent tabular-nums outline-none placeholder:text-black/30 focus-visible:outline-none"
      />
      {kind === 'time' ? null : (
        <Popover.Trigger type="button" tabIndex={-1} aria-label={t('date.open')} className="rounded p-0.5 text-text-muted hover:bg-black/5 hover:text-primary-strong">
          <CalendarDays className="size-4" aria-hidden />
        </Popover.Trigger>
      )}
    </span>
  );
  if (kind === 'time') return field;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Anchor asChild>{field}</Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-[90] rounded border border-border bg-surface p-2 shadow-lg"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            input.current?.focus();
          }}
        >
          <Calendar chosen={parseTyped(kind, text)?.slice(0, 10) ?? null} onPick={pick} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
});

/** A month of days from Monday, moved through by keyboard; the chosen day, else today, has the focus. */
function Calendar({ chosen, onPick }: { chosen: string | null; onPick(day: string): void }) {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const today = schoolToday();
  const [focused, setFocused] = useState(chosen ?? today);
  const month = focused.slice(0, 7);
  const grid = useRef<HTMLDivElement>(null);
  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const move = (day: string) => setFocused(day);
  const onKeyDown = (event: KeyboardEvent) => {
    const day = dayjs(focused);
    const steps: Record<string, () => dayjs.Dayjs> = {
      ArrowLeft: () => day.subtract(1, 'day'),
      ArrowRight: () => day.add(1, 'day'),
      ArrowUp: () => day.subtract(7, 'day'),
      ArrowDown: () => day.add(7, 'day'),
      PageUp: () => day.subtract(1, event.shiftKey ? 'year' : 'month'),
      PageDown: () => day.add(1, event.shiftKey ? 'year' : 'month'),
      Home: () => day.subtract((day.day() + 6) % 7, 'day'),
      End: () => day.add(6 - ((day.day() + 6) % 7), 'day'),
    };
    const step = steps[event.key];
    if (step) {
      event.preventDefault();
      move(step().format('YYYY-MM-DD'));
    }
  };
  const title = locale === 'en' ? dayjs(`${month}-01`).format('MMMM YYYY') : `${Number(month.slice(0, 4))}年${Number(month.slice(5))}月`;
  const weekdays = t('date.weekdays').split(',');
  const days = calendarDays(month);
  return (
    <div className="w-64 select-none" data-testid="date-calendar">
      <div className="mb-1 flex items-center justify-between">
        <button
          type="button"
          tabIndex={-1}
          aria-label={t('date.previousMonth')}
          className="rounded p-1 hover:bg-black/5"
          onClick={() => move(dayjs(focused).subtract(1, 'month').format('YYYY-MM-DD'))}
        >
          <ChevronLeft className="size-4" aria-hidden />
        </button>
        <span className="text-sm font-medium" aria-live="polite">
          {title}
        </span>
        <button type="button" tabIndex={-1} aria-label={t('date.nextMonth')} className="rounded p-1 hover:bg-black/5" onClick={() => move(dayjs(focused).add(1, 'month').format('YYYY-MM-DD'))}>
          <ChevronRight className="size-4" aria-hidden />
        </button>
      </div>
      <div ref={grid} role="grid" aria-label={title} onKeyDown={onKeyDown}>
        <div role="row" className="grid grid-cols-7 text-center text-xs text-text-muted">
          {weekdays.map((name) => (
            <span key={name} role="columnheader" className="py-1">
              {name}
            </span>
          ))}
        </div>
        {Array.from({ length: days.length / 7 }, (_, week) => (
          <div key={week} role="row" className="grid grid-cols-7">
            {days.slice(week * 7, week * 7 + 7).map((day) => (
              <span key={day} role="gridcell" aria-selected={day === chosen}>
                <button
                  type="button"
                  data-day={day}
                  tabIndex={day === focused ? 0 : -1}
                  aria-label={day}
                  aria-current={day === today ? 'date' : undefined}
                  onClick={() => onPick(day)}
                  className={cn(
                    'h-8 w-full rounded text-sm tabular-nums outline-none hover:bg-primary-soft focus-visible:ring-2 focus-visible:ring-primary',
                    day.slice(0, 7) !== month && 'text-black/30',
                    day === today && 'font-semibold text-primary-strong',
                    day === chosen && 'bg-primary-strong text-white hover:bg-primary-strong',
                  )}
                >
                  {Number(day.slice(8))}
                </button>
              </span>
            ))}
          </div>
        ))}
      </div>
      <div className="mt-1 flex justify-end border-t border-border pt-1">
        <button type="button" className="rounded px-2 py-0.5 text-sm text-primary-strong hover:bg-primary-soft" onClick={() => onPick(today)}>
          {t('date.today')}
        </button>
      </div>
    </div>
  );
}
