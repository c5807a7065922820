import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import type { FlowActionSpec, FlowWizardSpec } from '@shared/engine/flow';
import { fieldSchema } from '@shared/engine/schemas';
import type { EntitySpec, FieldSpec } from '@shared/engine/spec';
import { issueMessage } from '@shared/validation';
import { entityApi, type EntityRecord } from '@web/api/entities';
import { FormError, refusalOf } from '@web/dialogs/cardOffice/shared';
import { FormDialog } from '@web/dialogs/FormDialog';
import { Field } from '@web/dialogs/fields';
import { useDialogs } from '@web/stores/dialogs';
import { translate, useLocale, type MessageKey } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { useDicts } from '@web/stores/dicts';
import { FieldInput } from './FieldInput';
import { useRefChoices } from './useRefOptions';

type Values = Record<string, string | boolean>;

/** A record's field as its list shows it: a reference or dictionary by its text, money with two decimals. */
export function shownText(field: FieldSpec, record: EntityRecord): string {
  const text = record[`${field.key}_dictText`];
  if (typeof text === 'string' && text) return text;
  const value = record[field.key];
  if (value === null || value === undefined || value === '') return '—';
  // Money reads as money: ¥ and two decimals.
  if (field.type === 'money') return `¥${Number(value).toFixed(2)}`;
  return String(value);
}

/**
 * The records an action acts on, named (a few of them when there are many), and the fields of the
 * one record the checker checks, read-only.
 */
export function ActionRecords({
  spec,
  ids,
  records,
  named = true,
  show,
  testId = 'flow-action',
}: {
  spec: EntitySpec;
  ids: readonly string[];
  records: EntityRecord[] | null;
  named?: boolean;
  show: readonly string[] | undefined;
  /** Its test ids' prefix: `<testId>-records`, `<testId>-show-<field>`. */
  testId?: string;
}) {
  const locale = useLocale((state) => state.locale);
  const label = (record: EntityRecord) => String(record[spec.labelField] ?? record.id);
  const names = records === null ? '…' : [...records.map(label), ...(ids.length > records.length ? [`… (${ids.length})`] : [])].join(locale === 'en' ? ', ' : '、');
  return (
    <>
      {named ? (
        <Field label={spec.title[locale]}>
          <span className="pt-1.5 text-sm" data-testid={`${testId}-records`} data-record>
            {names}
          </span>
        </Field>
      ) : null}
      {show && records?.length === 1
        ? show.map((key) => {
            const field = spec.fields.find((candidate) => candidate.key === key)!;
            return (
              <Field key={key} label={field.title[locale]}>
                <span className="pt-1.5 text-sm" data-testid={`${testId}-show-${key}`} data-record>
                  {shownText(field, records[0]!)}
                </span>
              </Field>
            );
          })
        : null}
    </>
  );
}

/** The records an action acts on, read once when its dialog opens (a few of them when there are many). */
export function useActionRecords(spec: EntitySpec, ids: readonly string[]): EntityRecord[] | null {
  const [records, setRecords] = useState<EntityRecord[] | null>(null);
  const idList = ids.join(',');
  useEffect(() => {
    let live = true;
    void Promise.all(
      idList
        .split(',')
        .filter(Boolean)
        .slice(0, 5)
        .map((id) => entityApi.get(spec, id)),
    ).then(
      (found) => live && setRecords(found),
      () => live && setRecords([]),
    );
    return () => {
      live = false;
    };
  }, [spec, idList]);
  return records;
}

/** An action's inputs as first shown: their declared defaults. */
export function initialValues(action: FlowActionSpec | undefined): Values {
  return Object.fromEntries((action?.input ?? []).map((field) => [field.key, field.type === 'switch' ? field.default === true : field.default == null ? '' : String(field.default)]));
}

/** The first message of each input that breaks its field's rules (the server's own schema), or null. */
export function inputErrors(inputs: readonly FieldSpec[], values: Values, locale: 'zh-CN' | 'en'): Record<string, string> | null {
  const titles = Object.fromEntries(inputs.map((field) => [field.key, field.title]));
  const parsed = z.object(Object.fromEntries(inputs.map((field) => [field.key, fieldSchema(field)]))).safeParse(values, { error: (issue) => issueMessage(issue, locale, titles) });
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/**
 * A flow action of DOMAIN.md §16 asked step by step (门禁授权, 参与赠送): the records it acts on, its
 * inputs a step at a time (each step checked before the next), the server's check of what it would
 * do (run and rolled back), then the run and its result. Enter moves on; 上一步 goes back.
 */
export function FlowWizardDialog({ spec, action, wizard, ids }: { spec: EntitySpec; action: FlowActionSpec; wizard: FlowWizardSpec; ids: readonly string[] }) {
  const locale = useLocale((state) => state.locale);
  const navigate = useNavigate();
  const close = useDialogs((state) => state.close);
  const records = useActionRecords(spec, ids);
  const [values, setValues] = useState<Values>(() => initialValues(action));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [step, setStep] = useState(0);
  const [checked, setChecked] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const ensureDicts = useDicts((state) => state.ensure);
  const dicts = useDicts((state) => state.items);
  const inputs = action.input ?? [];
  const choices = useRefChoices(inputs);
  const t = (key: MessageKey) => translate(key, locale);

  useEffect(() => {
    ensureDicts(inputs.filter((field) => field.dict).map((field) => field.dict!));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the action's inputs are fixed for the dialog's life
  }, [action, ensureDicts]);

  // Each step starts on its first field, or on the button that moves on (Enter goes forward).
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const first = body.querySelector<HTMLElement>(':is(input, select, textarea, [role="combobox"]):not([disabled], [type="hidden"])');
    (first ?? body.closest('form')?.querySelector<HTMLButtonElement>('button[type="submit"]'))?.focus();
  }, [step]);

  const titles = [...wizard.steps.map((one) => one.title[locale]), wizard.check[locale], wizard.result[locale]];
  const checkStep = wizard.steps.length;
  const resultStep = checkStep + 1;
  const stepInputs = (index: number) => inputs.filter((field) => wizard.steps[index]?.inputs?.includes(field.key));
  const sent = () => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));

  const check = async (): Promise<boolean> => {
    try {
      const answer = await entityApi.preview(spec, action.id, ids, sent());
      setChecked(answer?.done ?? '');
      setStep(checkStep);
      return false;
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
  };
  const submit = async (): Promise<boolean> => {
    if (step === resultStep) return true;
    if (step === checkStep) {
      try {
        const answer = await entityApi.act(spec, action.id, ids, sent(), true);
        const said = answer?.done ?? action.done[locale];
        setResult(said);
        setStep(resultStep);
        toast.success(said);
      } catch (failure) {
        setErrors({ form: refusalOf(failure) });
      }
      return false;
    }
    const wrong = inputErrors(stepInputs(step), values, locale);
    if (wrong) {
      setErrors(wrong);
      return false;
    }
    setErrors({});
    if (step + 1 < checkStep) {
      setStep(step + 1);
      return false;
    }
    return check();
  };

  /** An input's value in words, for the check step (a picked person is named by the server's check). */
  const valueText = (field: FieldSpec): string | null => {
    const value = values[field.key];
    if (value === '' || value === undefined) return null;
    if (field.type === 'switch') return value ? t('common.yes') : t('common.no');
    if (field.type === 'dict')
      return String(value)
        .split(',')
        .map((one) => dicts[field.dict!]?.find((item) => item.value === one)?.text ?? one)
        .join(locale === 'en' ? ', ' : '、');
    if (field.type === 'ref') return field.refMode === 'picker' ? null : (choices[field.key]?.find((choice) => choice.value === value)?.text ?? null);
    return String(value);
  };
  const current = wizard.steps[step];
  const okText = step === resultStep ? t('flow.finish') : step === checkStep ? action.title[locale] : t('flow.next');

  return (
    <FormDialog
      title={action.title[locale]}
      width={640}
      testId="flow-wizard"
      onSubmit={submit}
      // The result is only read: 完成 closes it.
      readOnly={step === resultStep}
      okText={okText}
      back={
        step > 0 && step < resultStep
          ? {
              text: t('flow.previous'),
              onClick: () => {
                setErrors({});
                setStep(step - 1);
              },
            }
          : undefined
      }
    >
      <ol className="mb-5 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label={action.title[locale]} data-testid="flow-wizard-steps">
        {titles.map((title, index) => (
          <li
            key={title}
            aria-current={index === step ? 'step' : undefined}
            className={cn('flex items-center gap-1.5', index === step ? 'font-medium text-primary' : index < step ? 'text-text' : 'text-text-muted')}
          >
            <span className={cn('flex size-5 items-center justify-center rounded-full border text-xs', index === step ? 'border-primary bg-primary text-white' : 'border-border')}>{index + 1}</span>
            {title}
          </li>
        ))}
      </ol>
      <FormError message={errors.form} testId="flow-action-error" />
      <div ref={bodyRef}>
        <ActionRecords spec={spec} ids={ids} records={records} named={step === 0 || step >= checkStep} show={current?.show} />
        {step === 0 ? <p className="mt-2 text-sm text-text-muted">{action.confirm[locale]}</p> : null}
        {stepInputs(step).map((field, index) => (
          <FieldInput
            key={field.key}
            field={field}
            value={values[field.key] ?? ''}
            error={errors[field.key]}
            autoFocus={index === 0}
            onChange={(value) => setValues({ ...values, [field.key]: value })}
            onPatch={(changes) => setValues((current) => ({ ...current, ...changes }))}
            onBlur={() => undefined}
          />
        ))}
        {step === checkStep ? (
          <>
            {inputs.map((field) => {
              const text = valueText(field);
              return text === null ? null : (
                <Field key={field.key} label={field.title[locale]}>
                  <span className="pt-1.5 text-sm" data-record>
                    {text}
                  </span>
                </Field>
              );
            })}
            <p className="mt-3 rounded border border-border bg-surface-muted px-3 py-2 text-sm" data-testid="flow-wizard-check" role="status">
              {checked}
            </p>
          </>
        ) : null}
        {step === resultStep ? (
          <div className="mt-3 space-y-3">
            <p className="text-sm" data-testid="flow-wizard-result" role="status">
              {result}
            </p>
            {wizard.followUp ? (
              <button
                type="button"
                className="text-sm text-primary underline"
                onClick={() => {
                  close();
                  navigate(wizard.followUp!.path);
                }}
              >
                {wizard.followUp.title[locale]}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </FormDialog>
  );
}
