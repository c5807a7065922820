import { useState, type FormEvent } from 'react';
import { ChevronDown, ChevronUp, RotateCcw, Search } from 'lucide-react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Button } from '@web/components/ui/Button';
import { DateInput } from '@web/components/ui/DateInput';
import { QUICK_RANGES, quickRange } from '@web/lib/dateText';
import { schoolToday } from '@web/stores/schoolClock';
import { MultiSelect } from '@web/components/ui/MultiSelect';
import { RefPickerInput } from '@web/engine/fields/RefPickerInput';
import { Select } from '@web/components/ui/Select';
import { useT } from '@web/i18n';
import { useDicts } from '@web/stores/dicts';

/** A search field of a list screen. */
export interface QueryField {
  key: string;
  label: string;
  /**
   * `range`: two inputs, sent as `<key>_begin` and `<key>_end` (JeecgBoot's range query).
   * `multi`: several choices, sent as a comma list (JeecgBoot's IN). `picker`: a record of
   * `entity` chosen in its picker dialog.
   */
  type: 'text' | 'select' | 'multi' | 'range' | 'picker';
  /** The entity a `picker` chooses from, by id. */
  entity?: string;
  /** A range's inputs: dates, times, numbers or text. */
  inputType?: 'date' | 'time' | 'number' | 'text';
  dictCode?: string;
  /** Choices of a select that is not a dictionary (departments…). */
  options?: readonly { value: string; text: string }[];
  /** Shown only when the area is expanded. */
  hiddenWhenCollapsed?: boolean;
}

/** A range of dates (with the quick ranges 今天 … 上月) or of times, typed or picked by keyboard. */
function DateRange({ label, kind, begin, end, onChange }: { label: string; kind: 'date' | 'time'; begin: string; end: string; onChange(begin: string, end: string): void }) {
  const t = useT();
  return (
    <span className="flex items-center gap-1" role="group" aria-label={label}>
      <DateInput kind={kind} aria-label={t('query.from', { label })} value={begin} onChange={(value) => onChange(value, end)} placeholder={t('query.begin')} className="w-36" />
      <span aria-hidden>~</span>
      <DateInput kind={kind} aria-label={t('query.to', { label })} value={end} onChange={(value) => onChange(begin, value)} placeholder={t('query.end')} className="w-36" />
      {kind === 'date' ? (
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            className="flex h-8 items-center gap-0.5 rounded px-1.5 text-sm text-primary-strong hover:bg-primary-soft"
            aria-label={t('common.labelled', { label, value: t('date.quick') })}
          >
            {t('date.quick')}
            <ChevronDown className="size-3.5" aria-hidden />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="start" sideOffset={4} className="z-[80] min-w-28 rounded border border-border bg-surface p-1 shadow-lg" data-testid="quick-ranges">
              {QUICK_RANGES.map((range) => (
                <DropdownMenu.Item
                  key={range}
                  className="cursor-pointer rounded px-2 py-1 text-sm outline-none data-[highlighted]:bg-primary-soft"
                  onSelect={() => onChange(...quickRange(range, schoolToday()))}
                >
                  {t(`date.quick.${range}`)}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      ) : null}
    </span>
  );
}

/** No initial values: one object, so a list's first render does not change with every render. */
const NO_VALUES: Readonly<Record<string, string>> = {};

/** The query area above a list: Enter searches, reset clears, expand shows the rest. */
export function QueryArea({ fields, onSearch, initial = NO_VALUES }: { fields: readonly QueryField[]; onSearch(values: Record<string, string>): void; initial?: Readonly<Record<string, string>> }) {
  const t = useT();
  const dicts = useDicts((state) => state.items);
  // A list may start filtered (消费记录: today); 重置 goes back there.
  const [values, setValues] = useState<Record<string, string>>({ ...initial });
  const [expanded, setExpanded] = useState(false);
  const collapsible = fields.some((field) => field.hiddenWhenCollapsed);
  const shown = fields.filter((field) => expanded || !field.hiddenWhenCollapsed);
  const clean = (input: Record<string, string>) => Object.fromEntries(Object.entries(input).filter(([, value]) => value.trim() !== ''));

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(clean(values));
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="query-area" aria-label={t('query.area')}>
      {shown.map((field) => (
        <label key={field.key} className="flex items-center gap-2 text-sm">
          <span className="text-text">{field.label}</span>
          {field.type === 'select' ? (
            <Select
              aria-label={field.label}
              value={values[field.key] ?? ''}
              onChange={(value) => setValues({ ...values, [field.key]: value })}
              options={[{ value: '', text: t('query.choose') }, ...(field.options ?? dicts[field.dictCode ?? ''] ?? []).map((item) => ({ value: item.value, text: item.text }))]}
              className="min-w-32"
            />
          ) : field.type === 'picker' ? (
            <RefPickerInput
              entity={field.entity!}
              label={field.label}
              value={values[field.key] ?? ''}
              onChange={(value) => setValues({ ...values, [field.key]: value })}
              className="w-44"
              testId={`query-${field.key}`}
            />
          ) : field.type === 'multi' ? (
            <MultiSelect
              aria-label={field.label}
              value={(values[field.key] ?? '').split(',').filter(Boolean)}
              onChange={(chosen) => setValues({ ...values, [field.key]: chosen.join(',') })}
              options={(field.options ?? dicts[field.dictCode ?? ''] ?? []).map((item) => ({ value: item.value, text: item.text }))}
              className="w-56"
              testId={`query-${field.key}`}
            />
          ) : field.type === 'range' && (field.inputType === 'date' || field.inputType === 'time') ? (
            <DateRange
              label={field.label}
              kind={field.inputType}
              begin={values[`${field.key}_begin`] ?? ''}
              end={values[`${field.key}_end`] ?? ''}
              onChange={(begin, end) => setValues({ ...values, [`${field.key}_begin`]: begin, [`${field.key}_end`]: end })}
            />
          ) : field.type === 'range' ? (
            <span className="flex items-center gap-1" role="group" aria-label={field.label}>
              {(['begin', 'end'] as const).map((end, index) => (
                <span key={end} className="contents">
                  {index === 1 ? <span aria-hidden>~</span> : null}
                  <input
                    aria-label={t(end === 'begin' ? 'query.from' : 'query.to', { label: field.label })}
                    type={field.inputType === 'number' ? 'text' : (field.inputType ?? 'text')}
                    inputMode={field.inputType === 'number' ? 'decimal' : undefined}
                    value={values[`${field.key}_${end}`] ?? ''}
                    onChange={(event) => setValues({ ...values, [`${field.key}_${end}`]: event.target.value })}
                    placeholder={t(end === 'begin' ? 'query.begin' : 'query.end')}
                    className="h-8 w-32 rounded border border-[#d9d9d9] px-2 outline-none focus:border-primary"
                  />
                </span>
              ))}
            </span>
          ) : (
            <input
              aria-label={field.label}
              value={values[field.key] ?? ''}
              onChange={(event) => setValues({ ...values, [field.key]: event.target.value })}
              placeholder={t('query.enter', { label: field.label })}
              className="h-8 w-44 rounded border border-[#d9d9d9] px-2 outline-none focus:border-primary"
            />
          )}
        </label>
      ))}
      <Button type="submit" variant="primary">
        <Search className="size-4" aria-hidden />
        {t('query.search')}
      </Button>
      <Button
        onClick={() => {
          setValues({ ...initial });
          onSearch({ ...initial });
        }}
      >
        <RotateCcw className="size-4" aria-hidden />
        {t('query.reset')}
      </Button>
      {collapsible ? (
        <Button variant="link" onClick={() => setExpanded(!expanded)} aria-expanded={expanded}>
          {expanded ? t('query.collapse') : t('query.expand')}
          {expanded ? <ChevronUp className="size-4" aria-hidden /> : <ChevronDown className="size-4" aria-hidden />}
        </Button>
      ) : null}
    </form>
  );
}
