import { Fragment, useEffect, useState } from 'react';
import { flowActionOf, type FlowActionSpec } from '@shared/engine/flow';
import { yuanToCents } from '@shared/engine/schemas';
import { entityById } from '@shared/entities';
import { entityApi } from '@web/api/entities';
import { FormError, refusalOf, useIdempotencyKey } from '@web/dialogs/cardOffice/shared';
import { FormDialog } from '@web/dialogs/FormDialog';
import { TextField } from '@web/dialogs/fields';
import { fill, translate, useLocale } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { useDicts } from '@web/stores/dicts';
import { FieldInput } from './FieldInput';
import { useRefChoices } from './useRefOptions';
import { Select } from '@web/components/ui/Select';
import { Input } from '@web/components/ui/Input';
import type { EntitySpec, FieldSpec } from '@shared/engine/spec';
import { ActionRecords, FlowWizardDialog, initialValues, inputErrors, useActionRecords } from './FlowWizardDialog';

const NO_FIELDS: readonly FieldSpec[] = [];

type Values = Record<string, string | boolean>;

/**
 * A flow action that asks for something (a reason, a date, an amount typed again): the records it
 * acts on, its question, its input fields drawn as the engine's form draws them, checked by the
 * server's own rules. Opened by the action's command with `entity`, `action` and `ids`.
 */
export default function FlowActionDialog({
  entity,
  action: actionId,
  ids: idList,
  given,
}: {
  entity?: string | undefined;
  action?: string | undefined;
  ids?: string | undefined;
  given?: string | undefined;
}) {
  const spec = entity ? entityById(entity) : undefined;
  const action = spec && actionId ? flowActionOf(spec, actionId) : undefined;
  const ids = (idList ?? '').split(',').filter(Boolean);
  if (!spec || !action) return null;
  // A multi-step flow (门禁授权, 参与赠送) is asked step by step, checked by the server before it runs.
  if (action.wizard) return <FlowWizardDialog spec={spec} action={action} wizard={action.wizard} ids={ids} />;
  return <FlowActionForm spec={spec} action={action} ids={ids} given={givenValues(given)} />;
}

/** What the palette or a link gave for the action's inputs (`{"amount":"50"}`), as text values. */
function givenValues(given: string | undefined): Readonly<Record<string, string>> {
  try {
    const parsed: unknown = JSON.parse(given ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** A flow action's one-page dialog. */
function FlowActionForm({ spec, action, ids, given }: { spec: EntitySpec; action: FlowActionSpec; ids: readonly string[]; given: Readonly<Record<string, string>> }) {
  const locale = useLocale((state) => state.locale);
  // Its test ids: the action's own (`recharge-form`), else the engine's.
  const prefix = action.testId ?? 'flow-action';
  // The records it acts on, named at the top.
  const records = useActionRecords(spec, ids);
  const [values, setValues] = useState<Values>(() => ({ ...initialValues(action), ...given }));
  const [again, setAgain] = useState('');
  // Per-line inputs (验收入库's quantities), by the line's id.
  const [lineValues, setLineValues] = useState<Record<string, Record<string, string>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ensureDicts = useDicts((state) => state.ensure);
  const key = useIdempotencyKey();

  useEffect(() => {
    ensureDicts([...(action.input ?? []), ...(action.lines?.fields ?? []), ...(spec.details ?? []).flatMap((detail) => detail.fields)].filter((field) => field.dict).map((field) => field.dict!));
  }, [spec, action, ensureDicts]);

  const lineSpec = action.lines ? spec.details?.find((detail) => detail.key === action.lines!.detail) : undefined;
  const lineChoices = useRefChoices(lineSpec?.fields ?? NO_FIELDS);
  const dicts = useDicts((state) => state.items);
  const inputs = action.input ?? [];
  const shownFields = lineSpec ? lineSpec.fields.filter((field) => !action.lines?.show || action.lines.show.includes(field.key)) : [];
  const lines = lineSpec && records?.length === 1 ? ((records[0]![lineSpec.key] as Record<string, unknown>[] | undefined) ?? []) : [];
  const lineValue = (line: Record<string, unknown>, field: FieldSpec) => lineValues[String(line.id)]?.[field.key] ?? (field.default == null ? '' : String(field.default));
  /** A line's cell as read: a reference by its label, a dictionary by its text. */
  const cellText = (field: FieldSpec, value: unknown) => {
    if (value === null || value === undefined || value === '') return '—';
    if (field.type === 'ref') return lineChoices[field.key]?.find((choice) => choice.value === value)?.text ?? String(value);
    if (field.type === 'dict') return dicts[field.dict!]?.find((item) => item.value === String(value))?.text ?? String(value);
    if (field.type === 'money' && typeof value === 'number') return value.toFixed(2);
    return String(value);
  };
  // Typed again: one of its inputs, or the record's own value (调账审核 types the bill's amount).
  const retypedInput = action.retype ? inputs.find((field) => field.key === action.retype) : undefined;
  const retyped = retypedInput ?? (action.retype ? spec.fields.find((field) => field.key === action.retype) : undefined);
  const expected = retyped ? String((retypedInput ? values[retyped.key] : records?.[0]?.[retyped.key]) ?? '').trim() : '';
  const typedAgain = () => (retyped?.type === 'money' ? yuanToCents(again) !== null && yuanToCents(again) === yuanToCents(expected) : again.trim() === expected);
  // An amount for the ledger is typed again in every money dialog's words; one given inline is typed again, not over.
  const money = Boolean(retypedInput?.ledger);
  const givenRetyped = Boolean(retypedInput && given[retypedInput.key]);
  const submit = async () => {
    const wrong = inputErrors(inputs, values, locale);
    if (wrong) {
      setErrors(wrong);
      return false;
    }
    if (retyped && !typedAgain()) {
      setErrors({ again: money ? translate('cardOffice.amountMismatch', locale) : fill(translate('flow.retypeMismatch', locale), { field: retyped.title[locale] }) });
      return false;
    }
    setErrors({});
    const sentLines = action.lines ? { lines: lines.map((line) => ({ id: line.id, ...Object.fromEntries(action.lines!.fields.map((field) => [field.key, lineValue(line, field)])) })) } : {};
    let answer: { done?: string; replayed?: boolean } | null;
    try {
      // Money goes to the ledger's route with the key made when the dialog opened: a retry gets the first posting.
      answer = await entityApi.act(spec, action.id, ids, { ...values, ...sentLines, ...(action.ledger ? { idempotencyKey: key } : {}) }, true);
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    // A retried request was done the first time: nothing was posted twice.
    toast.success(answer?.replayed ? translate('cardOffice.already', locale) : (answer?.done ?? action.done[locale]));
    return true;
  };
  const retypeField = (first: boolean) => (
    <TextField
      label={money ? translate('cardOffice.amountAgain', locale) : fill(translate('flow.retype', locale), { field: retyped!.title[locale] })}
      required
      autoFocus={first}
      autoComplete="off"
      value={again}
      error={errors.again}
      inputMode={retyped!.type === 'money' || retyped!.type === 'number' || retyped!.type === 'quantity' ? 'decimal' : undefined}
      onChange={(event) => {
        setAgain(event.target.value);
        setErrors(({ again: _stale, ...rest }) => rest);
      }}
    />
  );
  return (
    // A record's value typed again is checked against the record: not before it is read.
    <FormDialog title={action.title[locale]} width={action.lines ? 800 : 560} testId={`${prefix}-form`} onSubmit={submit} okDisabled={Boolean(retyped && !retypedInput) && records === null}>
      <FormError message={errors.form} testId={`${prefix}-error`} />
      <ActionRecords spec={spec} ids={ids} records={records} show={action.show} testId={prefix} />
      <p className="mt-1 mb-3 text-sm text-text-muted">{action.confirm[locale]}</p>
      {/* The record's own value typed again comes first: it is what the checker does. */}
      {retyped && !retypedInput ? retypeField(true) : null}
      {lineSpec && action.lines ? (
        <table className="mb-3 w-full text-left text-sm" data-testid="flow-action-lines">
          <thead>
            <tr className="border-b border-border text-xs text-text-muted">
              {shownFields.map((field) => (
                <th key={field.key} scope="col" className="py-1 pr-2 font-normal">
                  {field.title[locale]}
                </th>
              ))}
              {action.lines.fields.map((field) => (
                <th key={field.key} scope="col" className="py-1 pr-2 font-medium text-text">
                  {field.title[locale]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => {
              const name = cellText(lineSpec.fields[0]!, line[lineSpec.fields[0]!.key]);
              return (
                <tr key={String(line.id)} className="border-b border-border/60">
                  {shownFields.map((field) => (
                    <td key={field.key} className="py-1 pr-2 whitespace-nowrap" data-record>
                      {cellText(field, line[field.key])}
                    </td>
                  ))}
                  {action.lines!.fields.map((field, column) => {
                    const label = `${name} ${field.title[locale]}`;
                    const set = (value: string) => setLineValues((current) => ({ ...current, [String(line.id)]: { ...current[String(line.id)], [field.key]: value } }));
                    return (
                      <td key={field.key} className="py-1 pr-2">
                        {field.type === 'dict' ? (
                          <Select
                            aria-label={label}
                            value={lineValue(line, field)}
                            onChange={set}
                            options={(dicts[field.dict!] ?? []).map((item) => ({ value: item.value, text: item.text }))}
                            className="w-28"
                          />
                        ) : (
                          <Input
                            aria-label={label}
                            inputMode="decimal"
                            className="w-24"
                            autoFocus={index === 0 && column === 0}
                            value={lineValue(line, field)}
                            onChange={(event) => set(event.target.value)}
                          />
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {inputs
        // A popup's companion (the ids it fills beside the names it shows) is not drawn.
        .filter((field) => field.form !== false)
        .map((field, index) => (
          <Fragment key={field.key}>
            <FieldInput
              field={field}
              value={values[field.key] ?? ''}
              error={errors[field.key]}
              autoFocus={index === 0 && !(retyped && !retypedInput) && !givenRetyped}
              onChange={(value) => setValues({ ...values, [field.key]: value })}
              onPatch={(changes) => setValues((current) => ({ ...current, ...changes }))}
              onBlur={() => undefined}
            />
            {/* Typed again right below it: the keyboard goes amount, Tab, amount again. */}
            {retypedInput?.key === field.key ? retypeField(givenRetyped) : null}
          </Fragment>
        ))}
    </FormDialog>
  );
}
