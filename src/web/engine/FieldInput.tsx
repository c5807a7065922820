import { lazy, Suspense, useId } from 'react';
import type { FieldSpec } from '@shared/engine/spec';
import { CheckboxGroup, DateField, Field, SelectField, TextareaField, TextField } from '@web/dialogs/fields';
import { translate, useLocale } from '@web/i18n';
import { useDicts } from '@web/stores/dicts';
import { PopupInput, type PopupPatch } from './fields/PopupInput';
import { RefPickerInput } from './fields/RefPickerInput';
import { UploadField } from './fields/UploadField';
import { useRefOptions } from './useRefOptions';

// The editor is large: loaded when a rich-text field first opens, not with every form.
const RichTextField = lazy(() => import('@web/dialogs/RichTextField').then((module) => ({ default: module.RichTextField })));

/** One declared field in a form, by its type: the engine's record form and its flow actions' dialogs draw with it. */
export function FieldInput({
  field,
  value,
  error,
  onChange,
  onBlur,
  autoFocus,
  onPatch,
  groupId,
  scope,
}: {
  field: FieldSpec;
  value: string | boolean;
  error: string | undefined;
  onChange(value: string | boolean): void;
  onBlur(): void;
  autoFocus: boolean;
  /** Several fields at once: what a report popup fills (its destination fields). Without it, only this field. */
  onPatch?(changes: PopupPatch): void;
  /** The form's popups share their reports' answers for 30 s. */
  groupId?: string;
  /** A `refWhere` field's narrowing, from the form's other fields (the canteen chosen, for its stores). */
  scope?: Readonly<Record<string, string>>;
}) {
  const locale = useLocale((state) => state.locale);
  const dicts = useDicts((state) => state.items);
  const refOptions = useRefOptions(field, scope);
  const inputId = useId();
  const label = field.title[locale];
  if (field.type === 'switch') {
    return (
      <Field label={label}>
        <span className="flex h-8 items-center">
          <input type="checkbox" aria-label={label} className="size-4" checked={value === true} onChange={(event) => onChange(event.target.checked)} autoFocus={autoFocus} />
        </span>
      </Field>
    );
  }
  if (field.type === 'dict' && field.dictMode === 'multi') {
    const items = offered(field, dicts[field.dict!] ?? []).map((item) => ({ value: item.value, text: item.text }));
    return <CheckboxGroup label={label} options={items} value={String(value).split(',').filter(Boolean)} onChange={(chosen) => onChange(chosen.join(','))} testId={`field-${field.key}`} />;
  }
  if (field.type === 'dict' && field.dictMode === 'radio') {
    const items = offered(field, dicts[field.dict!] ?? []).map((item) => ({ value: item.value, text: item.text }));
    return (
      <Field label={label} required={field.required} error={error}>
        <span role="radiogroup" aria-label={label} className="flex h-8 items-center gap-4 text-sm" data-testid={`field-${field.key}`}>
          {items.map((item) => (
            <label key={item.value} className="flex items-center gap-1">
              <input type="radio" name={field.key} value={item.value} checked={String(value) === item.value} onChange={() => onChange(item.value)} />
              {item.text}
            </label>
          ))}
        </span>
      </Field>
    );
  }
  if (field.popup) {
    return (
      <Field label={label} required={field.required} error={error} htmlFor={inputId}>
        <PopupInput
          id={inputId}
          field={field}
          label={label}
          value={String(value)}
          onPatch={onPatch ?? ((changes) => onChange(changes[field.key] ?? ''))}
          invalid={Boolean(error)}
          autoFocus={autoFocus}
          {...(groupId ? { groupId } : {})}
        />
      </Field>
    );
  }
  if (field.type === 'ref' && field.refMode === 'picker') {
    return (
      <Field label={label} required={field.required} error={error} htmlFor={inputId}>
        <RefPickerInput
          id={inputId}
          entity={field.ref!}
          label={label}
          value={String(value)}
          onChange={onChange}
          invalid={Boolean(error)}
          className="w-full"
          testId={`field-${field.key}`}
          autoFocus={autoFocus}
        />
      </Field>
    );
  }
  if (field.type === 'dict' || field.type === 'ref') {
    const items = field.type === 'dict' ? offered(field, dicts[field.dict!] ?? []).map((item) => ({ value: item.value, text: item.text })) : refOptions;
    const blank = { value: '', text: translate('query.choose', locale) };
    return <SelectField label={label} required={field.required} error={error} value={String(value)} onChange={onChange} options={[blank, ...items]} testId={`field-${field.key}`} />;
  }
  if (field.type === 'textarea' && field.rich)
    return (
      <Suspense fallback={<TextareaField label={label} required={field.required} value={String(value)} onChange={() => undefined} />}>
        <RichTextField label={label} required={field.required} value={String(value)} error={error} onChange={onChange} testId={`field-${field.key}`} />
      </Suspense>
    );
  if (field.type === 'textarea')
    return <TextareaField label={label} required={field.required} error={error} value={String(value)} maxLength={field.max} autoFocus={autoFocus} onChange={onChange} onBlur={onBlur} />;
  if (field.type === 'file' || field.type === 'image')
    return <UploadField label={label} kind={field.type} required={field.required} error={error} value={String(value)} onChange={onChange} testId={`field-${field.key}`} />;
  if (field.type === 'date' || field.type === 'datetime' || field.type === 'time')
    return <DateField label={label} required={field.required} error={error} kind={field.type} value={String(value)} autoFocus={autoFocus} onChange={onChange} onBlur={onBlur} />;
  return (
    <TextField
      label={label}
      required={field.required}
      error={error}
      value={String(value)}
      autoFocus={autoFocus}
      inputMode={field.type === 'number' || field.type === 'money' || field.type === 'quantity' ? 'decimal' : undefined}
      placeholder={field.type === 'money' ? '¥ 0.00' : undefined}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}

/** A dictionary's items a form offers for the field: the values it names, else all. */
function offered<T extends { value: string }>(field: FieldSpec, items: readonly T[]): readonly T[] {
  return field.values ? items.filter((item) => field.values!.includes(item.value)) : items;
}
