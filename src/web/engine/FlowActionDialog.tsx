import { Fragment, useEffect, useRef, useState } from 'react';
import { engineLedger, flowActionOf, type FlowActionSpec, type LedgerQuote } from '@shared/engine/flow';
import { yuanToCents } from '@shared/engine/schemas';
import { entityById } from '@shared/entities';
import { entityApi } from '@web/api/entities';
import { FormError, refusalOf, useIdempotencyKey } from '@web/dialogs/cardOffice/shared';
import { FormDialog } from '@web/dialogs/FormDialog';
import { Field, TextField } from '@web/dialogs/fields';
import { fill, translate, useLocale } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { useDicts } from '@web/stores/dicts';
import { schoolToday } from '@web/stores/schoolClock';
import { FieldInput } from './FieldInput';
import { useRefChoices } from './useRefOptions';
import { Select } from '@web/components/ui/Select';
import { Input } from '@web/components/ui/Input';
import type { EntitySpec, FieldSpec } from '@shared/engine/spec';
import { ActionRecords, FlowWizardDialog, initialValues, inputErrors, useActionRecords } from './FlowWizardDialog';

const NO_FIELDS: readonly FieldSpec[] = [];

/** A count as the Chinese say it in a label (后四位), digits in English. */
const COUNTS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const countText = (n: number, locale: 'zh-CN' | 'en') => (locale === 'zh-CN' && n < COUNTS.length ? COUNTS[n]! : String(n));

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
  const [values, setValues] = useState<Values>(() => ({
    ...initialValues(action),
    // A month that names the records (生成账单 of no selection) starts at the school's month.
    ...(action.byInput && ids.length === 0 ? { [action.byInput]: schoolToday().slice(0, 7) } : {}),
    ...given,
  }));
  const valuesNow = useRef(values);
  valuesNow.current = values;
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
  // A ledger action naming its record by a column (柜台消费: a card by its number), opened on no
  // record: the clerk reads the card in first.
  const ledger = engineLedger(action);
  const keyField = ledger?.key && ids.length === 0 ? spec.fields.find((field) => field.key === ledger.key) : undefined;
  const [named, setNamed] = useState('');
  const record = (): Record<string, unknown> => (keyField ? { [ledger!.by ?? ledger!.key!]: named.trim() } : {});
  // A ledger action's figures, worked out by the server as the inputs they depend on change.
  const quoteSpec = ledger?.quote;
  const [quote, setQuote] = useState<LedgerQuote | null>(null);
  const quoteInputs = quoteSpec?.inputs ?? [];
  const quotedBy = JSON.stringify([named.trim(), ...quoteInputs.map((key) => values[key] ?? '')]);
  const suggested = useRef(false);
  useEffect(() => {
    if (!quoteSpec || (ids.length !== 1 && !(keyField && named.trim()))) return;
    let live = true;
    // A card read in key by key is asked about once it is whole.
    const asked = setTimeout(
      () =>
        void entityApi.quote(spec, action.id, ids.length === 1 ? { id: ids[0] } : record(), Object.fromEntries(quoteInputs.map((key) => [key, values[key] ?? '']))).then(
          (answer) => {
            if (!live) return;
            setQuote(answer);
            if (suggested.current || !answer.defaults) return;
            // Its suggestions once (the whole refundable amount, a lost card's deposit kept), never over what was typed or given.
            suggested.current = true;
            const first = initialValues(action);
            const untouched = (current: Values, key: string) => current[key] === first[key] && !given[key];
            setValues((current) => ({ ...current, ...Object.fromEntries(Object.entries(answer.defaults!).filter(([key]) => untouched(current, key))) }));
            // A suggested amount in the focused field is selected: typing replaces it. Only an amount the
            // clerk had not begun to type: a key typed while the answer came (a `1` that equals 早餐's
            // value) is never selected, or the next key would replace it.
            const typedInto = new Set(inputs.filter((field) => field.type === 'money' || field.type === 'number' || field.type === 'text').map((field) => field.key));
            const amounts = Object.entries(answer.defaults).filter(([key]) => typedInto.has(key) && untouched(valuesNow.current, key));
            requestAnimationFrame(() => {
              const focused = document.activeElement;
              if (!(focused instanceof HTMLInputElement)) return;
              const label = focused.labels?.[0]?.textContent ?? '';
              const field = amounts.find(([key, value]) => focused.value === value && label.includes(inputs.find((input) => input.key === key)!.title[locale]));
              if (field) focused.select();
            });
          },
          (failure: unknown) => live && setErrors((current) => ({ ...current, form: refusalOf(failure) })),
        ),
      keyField ? 300 : 0,
    );
    return () => {
      live = false;
      clearTimeout(asked);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again only when the inputs it depends on change
  }, [spec, action, ids.join(','), quotedBy]);

  // Typed again: one of its inputs, a figure of its quote (销户's 应退金额), or the record's own value
  // (调账审核 types the bill's amount; 退卡 the card's last four digits, 补卡撤销 the new card's).
  const retypedInput = action.retype ? inputs.find((field) => field.key === action.retype) : undefined;
  const retypedFigure = action.retype && !retypedInput ? quoteSpec?.figures.find((figure) => figure.key === action.retype) : undefined;
  const retypedField = action.retype && !retypedInput && !retypedFigure ? spec.fields.find((field) => field.key === action.retype) : undefined;
  const retypeTitle = (retypedInput ?? retypedFigure ?? retypedField)?.title[locale] ?? '';
  const retypeMoney = retypedFigure !== undefined || retypedInput?.type === 'money' || retypedField?.type === 'money';
  const recordValue = (field: FieldSpec) => records?.[0]?.[field.type === 'ref' ? `${field.key}_dictText` : field.key];
  const figureCents = retypedFigure ? quote?.figures[retypedFigure.key] : undefined;
  const whole = String(
    (retypedInput ? values[retypedInput.key] : retypedFigure ? (typeof figureCents === 'number' ? (figureCents / 100).toFixed(2) : '') : retypedField ? recordValue(retypedField) : '') ?? '',
  ).trim();
  const expected = action.retypeLast ? whole.slice(-action.retypeLast) : whole;
  const typedAgain = () => (retypeMoney && !action.retypeLast ? yuanToCents(again) !== null && yuanToCents(again) === yuanToCents(expected) : again.trim() === expected && expected !== '');
  // An amount for the ledger is typed again in every money dialog's words; one given inline is typed again, not over.
  const money = Boolean(retypedInput?.ledger);
  const givenRetyped = Boolean(retypedInput && given[retypedInput.key]);
  const last = action.retypeLast ? { field: retypeTitle, n: countText(action.retypeLast, locale) } : null;
  const submit = async () => {
    const byField = action.byInput && ids.length === 0 ? inputs.find((field) => field.key === action.byInput) : undefined;
    const wrong = {
      ...inputErrors(inputs, values, locale),
      ...(keyField && !named.trim() ? { named: fill(translate('stepForm.required', locale), { field: keyField.title[locale] }) } : {}),
      ...(byField && !String(values[byField.key] ?? '').trim() ? { [byField.key]: fill(translate('stepForm.required', locale), { field: byField.title[locale] }) } : {}),
    };
    if (Object.keys(wrong).length) {
      setErrors(wrong);
      return false;
    }
    if (action.retype && !typedAgain()) {
      setErrors({
        again: money
          ? translate('cardOffice.amountMismatch', locale)
          : last
            ? fill(translate('flow.retypeLastMismatch', locale), last)
            : fill(translate('flow.retypeMismatch', locale), { field: retypeTitle }),
      });
      return false;
    }
    setErrors({});
    const sentLines = action.lines ? { lines: lines.map((line) => ({ id: line.id, ...Object.fromEntries(action.lines!.fields.map((field) => [field.key, lineValue(line, field)])) })) } : {};
    let answer: { done?: string; replayed?: boolean } | null;
    try {
      // Money goes to the ledger's route with the key made when the dialog opened: a retry gets the first posting.
      answer = await entityApi.act(spec, action.id, ids, { ...values, ...sentLines, ...record(), ...(action.ledger ? { idempotencyKey: key } : {}) }, true);
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
      label={money ? translate('cardOffice.amountAgain', locale) : last ? fill(translate('flow.retypeLast', locale), last) : fill(translate('flow.retype', locale), { field: retypeTitle })}
      required
      autoFocus={first}
      autoComplete="off"
      value={again}
      error={errors.again}
      inputMode={retypeMoney || last || retypedField?.type === 'number' || retypedField?.type === 'quantity' ? 'decimal' : undefined}
      onChange={(event) => {
        setAgain(event.target.value);
        setErrors(({ again: _stale, ...rest }) => rest);
      }}
    />
  );
  // A popup's companion (the ids it fills beside the names it shows) is not drawn. The inputs a quote
  // depends on come first, then its figures and the figure typed again, then the rest.
  // The input that names the records when none is selected (生成账单's 账期) is asked only then.
  const drawn = inputs.filter((field) => field.form !== false && !(field.key === action.byInput && ids.length > 0));
  const ordered = [...drawn.filter((field) => quoteInputs.includes(field.key)), ...drawn.filter((field) => !quoteInputs.includes(field.key))];
  const splitAt = drawn.filter((field) => quoteInputs.includes(field.key)).length;
  const focusFirst = ordered.length > 0 && !retypedField && !givenRetyped && !keyField ? ordered[0]!.key : null;
  // Choosing a field again clears the fields narrowed by it (a canteen's stores).
  const change = (field: FieldSpec, value: string | boolean) =>
    setValues((current) => ({
      ...current,
      [field.key]: value,
      ...Object.fromEntries(inputs.filter((other) => other.refWhere && Object.values(other.refWhere).includes(field.key)).map((other) => [other.key, ''])),
    }));
  const scopeOf = (field: FieldSpec) => (field.refWhere ? Object.fromEntries(Object.entries(field.refWhere).map(([column, other]) => [column, String(values[other] ?? '')])) : undefined);
  const input = (field: FieldSpec) => (
    <Fragment key={field.key}>
      <FieldInput
        field={field.key === action.byInput ? { ...field, required: true } : field}
        value={values[field.key] ?? ''}
        error={errors[field.key]}
        autoFocus={focusFirst === field.key}
        {...(field.refWhere ? { scope: scopeOf(field)! } : {})}
        onChange={(value) => change(field, value)}
        onPatch={(changes) => setValues((current) => ({ ...current, ...changes }))}
        onBlur={() => undefined}
      />
      {/* Typed again right below it: the keyboard goes amount, Tab, amount again. */}
      {retypedInput?.key === field.key ? retypeField(givenRetyped) : null}
    </Fragment>
  );
  return (
    // A value typed again is checked against the record or the quote: not before it is read.
    <FormDialog
      title={action.title[locale]}
      width={action.lines ? 800 : 560}
      testId={`${prefix}-form`}
      onSubmit={submit}
      okDisabled={(retypedField !== undefined && records === null) || (retypedFigure !== undefined && quote === null)}
    >
      <FormError message={errors.form} testId={`${prefix}-error`} />
      {keyField ? (
        <TextField
          label={keyField.title[locale]}
          required
          autoFocus
          autoComplete="off"
          value={named}
          error={errors.named}
          data-testid={`${prefix}-key`}
          onChange={(event) => {
            setNamed(event.target.value);
            setErrors(({ named: _stale, ...rest }) => rest);
          }}
        />
      ) : // No records named: the month's (生成账单) — the confirmation says which.
      ids.length > 0 || !action.byInput ? (
        <ActionRecords spec={spec} ids={ids} records={records} show={action.show} testId={prefix} />
      ) : null}
      <p className="mt-1 mb-3 text-sm text-text-muted">{action.confirm[locale]}</p>
      {/* The record's own value typed again comes first: it is what the checker does. */}
      {retypedField ? retypeField(true) : null}
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
      {ordered.slice(0, splitAt).map(input)}
      {quoteSpec?.figures.map((figure) => {
        const cents = quote?.figures[figure.key];
        if (cents === null) return null;
        return (
          <Field key={figure.key} label={figure.title[locale]}>
            <span className={`pt-1.5 tabular-nums ${retypedFigure?.key === figure.key ? 'text-lg' : 'text-sm'}`} data-testid={`${prefix}-figure-${figure.key}`}>
              {cents === undefined ? '…' : `¥${(cents / 100).toFixed(2)}`}
            </span>
          </Field>
        );
      })}
      {retypedFigure ? retypeField(focusFirst === null && !retypedField) : null}
      {ordered.slice(splitAt).map(input)}
    </FormDialog>
  );
}
