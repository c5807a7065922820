import { useId, type ReactNode } from 'react';
import { DateInput } from '@web/components/ui/DateInput';
import { Input, type InputProps } from '@web/components/ui/Input';
import type { DateKind } from '@web/lib/dateText';
import { Select, type SelectOption } from '@web/components/ui/Select';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';

/** A labelled form row with its error line (label left, 6/18 like the JeecgBoot forms). */
export function Field({ label, required, error, children, htmlFor }: { label: string; required?: boolean; error?: string | undefined; children: ReactNode; htmlFor?: string }) {
  return (
    <div className="grid grid-cols-[120px_1fr] items-start gap-x-3 gap-y-1 py-2">
      <label htmlFor={htmlFor} className="pt-1.5 text-right text-sm text-text">
        {required ? <span className="mr-1 text-danger">*</span> : null}
        {label}
      </label>
      <div className="flex flex-col gap-1">
        {children}
        {error ? (
          <p className="text-[13px] text-danger" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A text field row: label, input and error wired together by id. */
export function TextField({ label, required, error, ...props }: InputProps & { label: string; error?: string | undefined }) {
  const id = useId();
  return (
    <Field label={label} required={required} error={error} htmlFor={id}>
      <Input id={id} className="h-8" invalid={Boolean(error)} aria-label={label} {...props} />
    </Field>
  );
}

/** What a row editing one text value takes: its label, state and the value's callbacks. */
interface ValueRowProps {
  label: string;
  required?: boolean | undefined;
  error?: string | undefined;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  autoFocus?: boolean;
}

/** A date, datetime or time row, typed in the spec's formats or picked from its calendar. */
export function DateField({ label, required, error, kind, value, onChange, onBlur, autoFocus }: ValueRowProps & { kind: DateKind }) {
  const id = useId();
  return (
    <Field label={label} required={required} error={error} htmlFor={id}>
      <DateInput id={id} kind={kind} aria-label={label} value={value} onChange={onChange} invalid={Boolean(error)} autoFocus={autoFocus} {...(onBlur ? { onBlur } : {})} />
    </Field>
  );
}

/** A multi-line text row (remarks, descriptions): grows to four lines, counts against its maximum. */
export function TextareaField({ label, required, error, value, maxLength, onChange, onBlur, autoFocus }: ValueRowProps & { maxLength?: number | undefined }) {
  const id = useId();
  return (
    <Field label={label} required={required} error={error} htmlFor={id}>
      <textarea
        id={id}
        rows={3}
        value={value}
        maxLength={maxLength}
        aria-invalid={Boolean(error) || undefined}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        // Enter starts a new line here; Ctrl+Enter submits the form as Enter does elsewhere.
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
        className={cn(
          'min-h-16 w-full resize-y rounded border bg-surface px-3 py-1.5 text-sm outline-none transition-colors focus:border-primary focus:ring-2 focus:ring-primary/20',
          error ? 'border-danger' : 'border-[#d9d9d9] hover:border-primary',
        )}
      />
    </Field>
  );
}

/**
 * A new password and its confirmation (user form, change and reset password): the policy as the
 * first field's hint, and the browser told these are new passwords.
 */
export function NewPasswordFields({
  labels,
  values,
  errors,
  onChange,
  autoFocus,
}: {
  labels: readonly [password: string, confirm: string];
  values: { password: string; confirmpassword: string };
  errors: Partial<Record<'password' | 'confirmpassword', string>>;
  onChange(key: 'password' | 'confirmpassword', value: string): void;
  autoFocus?: boolean;
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={labels[0]}
        type="password"
        required
        autoFocus={autoFocus}
        autoComplete="new-password"
        value={values.password}
        onChange={(event) => onChange('password', event.target.value)}
        error={errors.password}
        placeholder={t('password.policyHint')}
      />
      <TextField
        label={labels[1]}
        type="password"
        required
        autoComplete="new-password"
        value={values.confirmpassword}
        onChange={(event) => onChange('confirmpassword', event.target.value)}
        error={errors.confirmpassword}
        placeholder={t('password.again', { label: labels[0] })}
      />
    </>
  );
}

/** A select row: label, Radix select and error wired together by id. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  required,
  error,
  testId,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly SelectOption[];
  required?: boolean;
  error?: string | undefined;
  testId?: string;
}) {
  const id = useId();
  return (
    <Field label={label} required={required} error={error} htmlFor={id}>
      <Select id={id} value={value} onChange={onChange} options={options} invalid={Boolean(error)} testId={testId} className="w-full" />
    </Field>
  );
}

/** A group of checkboxes (roles of a user, departments). */
export function CheckboxGroup({
  label,
  options,
  value,
  onChange,
  testId,
  tree,
}: {
  label: string;
  options: readonly { value: string; text: string }[];
  value: readonly string[];
  onChange(value: string[]): void;
  testId?: string;
  tree?: boolean;
}) {
  return (
    <Field label={label}>
      <div className={cn('pt-1.5', tree ? 'flex max-h-56 flex-col gap-1 overflow-y-auto' : 'flex flex-wrap gap-x-4 gap-y-1.5')} data-testid={testId} role="group" aria-label={label}>
        {options.map((option) => (
          // Tree options carry their depth as leading full-width spaces (treeOptions): indent instead.
          <label key={option.value} className="inline-flex items-center gap-1.5 text-sm" style={tree ? { paddingLeft: (option.text.length - option.text.trimStart().length) * 20 } : undefined}>
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary)]"
              checked={value.includes(option.value)}
              onChange={(event) => onChange(event.target.checked ? [...value, option.value] : value.filter((v) => v !== option.value))}
            />
            {tree ? option.text.trimStart() : option.text}
          </label>
        ))}
      </div>
    </Field>
  );
}
