import { useEffect, useState } from 'react';
import { house } from '@areas/property/shared/entities/house';
import { addDays, addMonths } from '@shared/schoolTime';
import { post } from '@web/api/client';
import { entityApi } from '@web/api/entities';
import { useT } from '@web/i18n';
import { schoolToday } from '@web/stores/schoolClock';
import { toast } from '@web/lib/toast';
import { FormDialog } from '@web/dialogs/FormDialog';
import { DateField, SelectField, TextField } from '@web/dialogs/fields';
import { FormError, refusalOf, yuan } from '@web/dialogs/cardOffice/shared';

interface Generated {
  made: number;
  amount: number;
  skipped: { house: string; reason: string }[];
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * 物业费缴纳's 批量生成: every house of the school (or of one building) billed for whole months at
 * its floor area × price; houses without a price or billed for any of those months are listed with
 * why, and the others are billed once.
 */
export default function PropertyGenerateDialog() {
  const t = useT();
  const today = schoolToday();
  const nextMonth = addMonths(`${today.slice(0, 7)}-01`, 1).slice(0, 7);
  const [buildings, setBuildings] = useState<string[]>([]);
  const [values, setValues] = useState({ building: '', periodFrom: nextMonth, periodTo: addMonths(`${nextMonth}-01`, 5).slice(0, 7), dueDate: addDays(`${nextMonth}-01`, 14) });
  const [errors, setErrors] = useState<{ period?: string; dueDate?: string; form?: string }>({});
  const [result, setResult] = useState<Generated | null>(null);
  useEffect(() => {
    let live = true;
    void entityApi.list(house, { pageNo: 1, pageSize: 200 }).then(
      ({ records }) => live && setBuildings([...new Set(records.map((row) => String(row.building)))].sort()),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const submit = async () => {
    if (result) return true;
    const next: typeof errors = {};
    if (!MONTH.test(values.periodFrom) || !MONTH.test(values.periodTo) || values.periodTo < values.periodFrom) next.period = t('property.periodInvalid');
    if (!values.dueDate) next.dueDate = t('property.dueDateRequired');
    setErrors(next);
    if (Object.keys(next).length) return false;
    try {
      const made = await post<Generated>('/pay/property/generate', { ...values, building: values.building || undefined }, { silent: true });
      toast.success(t('property.generated', { count: made.made, amount: yuan(made.amount) }));
      if (!made.skipped.length) return true;
      setResult(made);
      return false;
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
  };
  return (
    <FormDialog title={t('property.generate')} width={560} testId="property-generate" onSubmit={submit} {...(result ? { okText: t('common.close') } : {})}>
      <FormError message={errors.form} testId="property-generate-error" />
      {result ? (
        <div data-testid="property-generate-skipped">
          <p className="mb-2 text-sm">{t('property.generatedSummary', { count: result.made, amount: yuan(result.amount), skipped: result.skipped.length })}</p>
          <ul className="max-h-72 overflow-auto rounded border border-border text-sm">
            {result.skipped.slice(0, 200).map((line) => (
              <li key={line.house} className="flex gap-3 border-b border-border px-3 py-1.5 last:border-b-0">
                <span className="w-40 shrink-0">{line.house}</span>
                <span>{line.reason}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <SelectField
            label={t('property.building')}
            value={values.building}
            onChange={(building) => setValues({ ...values, building })}
            options={[{ value: '', text: t('property.allBuildings') }, ...buildings.map((name) => ({ value: name, text: name }))]}
            testId="property-generate-building"
          />
          <TextField
            label={t('property.periodFrom')}
            required
            autoFocus
            placeholder="2026-01"
            maxLength={7}
            value={values.periodFrom}
            onChange={(event) => setValues({ ...values, periodFrom: event.target.value.trim() })}
            error={errors.period}
          />
          <TextField
            label={t('property.periodTo')}
            required
            placeholder="2026-06"
            maxLength={7}
            value={values.periodTo}
            onChange={(event) => setValues({ ...values, periodTo: event.target.value.trim() })}
          />
          <DateField label={t('property.dueDate')} required kind="date" value={values.dueDate} onChange={(dueDate) => setValues({ ...values, dueDate })} error={errors.dueDate} />
          <p className="ml-[132px] text-[13px] text-text-muted">{t('property.generateHint')}</p>
        </>
      )}
    </FormDialog>
  );
}
