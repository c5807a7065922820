import { useEffect, useState } from 'react';
import { yuanToCents } from '@shared/engine/schemas';
import type { FieldSpec } from '@shared/engine/spec';
import { entityById } from '@shared/entities';
import { moneyInWords } from '@shared/moneyInWords';
import { dateTimeIn } from '@shared/schoolTime';
import { schoolZone } from '@web/stores/schoolClock';
import { entityApi, type EntityRecord } from '@web/api/entities';
import { FormDialog } from '@web/dialogs/FormDialog';
import { fill, useLocale, useT } from '@web/i18n';
import { useDicts } from '@web/stores/dicts';
import { useSession } from '@web/stores/session';
import { useRefChoices } from './useRefOptions';

const NO_FIELDS: readonly FieldSpec[] = [];

/**
 * 打印 of a record with a printed form (a bill, declared by its `print`): an A4 page with the
 * school and the bill's title, its header fields, its lines with their money totals in figures and
 * in words (大写), and the signature boxes — previewed here, and only the page goes on paper.
 */
export default function RecordPrintDialog({ entity, id }: { entity?: string | undefined; id?: string | undefined }) {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const spec = entity ? entityById(entity) : undefined;
  const school = useSession((state) => state.userInfo?.companyName ?? '');
  const [record, setRecord] = useState<EntityRecord | null>(null);
  const detail = spec?.details?.[0];
  const lineFields = detail ? detail.fields.filter((field) => !spec?.print?.lines || spec.print.lines.includes(field.key)) : NO_FIELDS;
  const choices = useRefChoices(lineFields);
  const dicts = useDicts((state) => state.items);
  const ensureDicts = useDicts((state) => state.ensure);
  useEffect(() => {
    if (!spec || !id) return;
    ensureDicts(lineFields.filter((field) => field.dict).map((field) => field.dict!));
    let live = true;
    void entityApi.get(spec, id).then(
      (found) => live && setRecord(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the record is fixed for the dialog's life
  }, [spec, id]);
  if (!spec?.print || !id) return null;
  const print = spec.print;
  const fieldOf = (key: string) => spec.fields.find((field) => field.key === key);
  /** A header value as read: a reference or dictionary by its text, a switch as 是/否, money with two decimals. */
  const headerText = (key: string) => {
    const text = record?.[`${key}_dictText`];
    if (typeof text === 'string' && text) return text;
    const value = record?.[key];
    if (fieldOf(key)?.type === 'switch') return value ? t('common.yes') : t('common.no');
    if (value === null || value === undefined || value === '') return '';
    return fieldOf(key)?.type === 'money' ? Number(value).toFixed(2) : String(value);
  };
  const cellText = (field: FieldSpec, value: unknown) => {
    if (value === null || value === undefined || value === '') return '';
    if (field.type === 'ref') return choices[field.key]?.find((choice) => choice.value === value)?.text ?? String(value);
    if (field.type === 'dict') return dicts[field.dict!]?.find((item) => item.value === String(value))?.text ?? String(value);
    if (field.type === 'money') return Number(value).toFixed(2);
    return String(value);
  };
  const lines = detail && record ? ((record[detail.key] as Record<string, unknown>[] | undefined) ?? []) : [];
  // Money columns are summed; quantities of different units are not.
  const totals = new Map(
    lineFields
      .filter((field) => field.type === 'money' && field.key !== 'unitPrice')
      .map((field) => [field.key, lines.reduce((sum, line) => sum + (yuanToCents(String(line[field.key] ?? 0)) ?? 0), 0)]),
  );
  const grand = totals.get('amount') ?? [...totals.values()][0] ?? 0;
  const title = spec.title[locale];
  return (
    <FormDialog
      title={fill(t('print.title'), { noun: title })}
      width={860}
      testId="record-print"
      okText={t('print.now')}
      printable
      okDisabled={!record}
      onSubmit={async () => {
        window.print();
        return true;
      }}
    >
      {/* The page as it prints: A4 portrait, 15 mm margins (styles.css @page). */}
      <article className="print-page mx-auto w-full max-w-[760px] bg-white text-[13px] text-black" aria-label={title} data-testid="print-page">
        <header className="mb-3 text-center">
          <p className="text-sm">{school}</p>
          <h2 className="text-xl font-semibold tracking-[0.3em]">{title}</h2>
        </header>
        <dl className="mb-3 grid grid-cols-3 gap-x-6 gap-y-1">
          {print.header.map((key) => (
            <div key={key} className={fieldOf(key)?.type === 'textarea' ? 'col-span-3 flex gap-2' : 'flex gap-2'}>
              <dt className="shrink-0 text-neutral-600">{fieldOf(key)?.title[locale]}：</dt>
              <dd className="break-all" data-record data-testid={`print-${key}`}>
                {headerText(key)}
              </dd>
            </div>
          ))}
        </dl>
        {detail ? (
          <table className="w-full border-collapse text-left" data-testid="print-lines">
            <thead>
              <tr>
                <th scope="col" className="border border-neutral-500 px-1.5 py-1 text-center font-medium">
                  {t('print.lineNo')}
                </th>
                {lineFields.map((field) => (
                  <th key={field.key} scope="col" className="border border-neutral-500 px-1.5 py-1 font-medium">
                    {field.title[locale]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => (
                <tr key={String(line.id)}>
                  <td className="border border-neutral-500 px-1.5 py-1 text-center">{index + 1}</td>
                  {lineFields.map((field) => (
                    <td key={field.key} className={`border border-neutral-500 px-1.5 py-1 ${field.type === 'money' || field.type === 'quantity' ? 'text-right tabular-nums' : ''}`} data-record>
                      {cellText(field, line[field.key])}
                    </td>
                  ))}
                </tr>
              ))}
              <tr className="font-medium">
                <td className="border border-neutral-500 px-1.5 py-1 text-center">{t('print.total')}</td>
                {lineFields.map((field) => (
                  <td key={field.key} className="border border-neutral-500 px-1.5 py-1 text-right tabular-nums" data-testid={totals.has(field.key) ? `print-total-${field.key}` : undefined}>
                    {totals.has(field.key) ? (totals.get(field.key)! / 100).toFixed(2) : ''}
                  </td>
                ))}
              </tr>
              <tr>
                <td colSpan={lineFields.length + 1} className="border border-neutral-500 px-1.5 py-1" data-testid="print-in-words">
                  {t('print.inWords')}：{moneyInWords(grand)}
                  <span className="ml-6">
                    {t('print.lineCount')}：{lines.length}
                  </span>
                </td>
              </tr>
            </tbody>
          </table>
        ) : null}
        <footer className="mt-8 grid gap-4" style={{ gridTemplateColumns: `repeat(${print.signatures.length}, minmax(0, 1fr))` }} data-testid="print-signatures">
          {print.signatures.map((box) => (
            <div key={box.title['zh-CN']} className="flex items-end gap-1">
              <span className="shrink-0">{box.title[locale]}：</span>
              <span className="min-w-0 flex-1 border-b border-black pb-0.5 text-center" data-record>
                {box.field ? String(record?.[box.field] ?? '') : ''}
              </span>
            </div>
          ))}
        </footer>
        <p className="mt-6 text-right text-xs text-neutral-600">{fill(t('print.printedAt'), { time: dateTimeIn(schoolZone()) })}</p>
      </article>
    </FormDialog>
  );
}
