import { useEffect, useMemo, useState } from 'react';
import { canteen } from '@shared/entities/meals/canteen';
import { addDays } from '@shared/schoolTime';
import { post } from '@web/api/client';
import { entityApi, type EntityRecord } from '@web/api/entities';
import { memberDepartApi, type MemberDepartNode } from '@web/api/system';
import { useT } from '@web/i18n';
import { schoolToday } from '@web/stores/schoolClock';
import { toast } from '@web/lib/toast';
import { useDicts } from '@web/stores/dicts';
import { FormDialog } from '../FormDialog';
import { treeOptions } from '../treeOptions';
import { DateField, SelectField, TextField } from '../fields';
import { FormError, refusalOf, yuan } from '../cardOffice/shared';

interface Placed {
  placed: number;
  charged: number;
  amount: number;
  skipped: { member: string; day: string; reason: string }[];
}

/**
 * 按班级报餐: a meal ordered for a class (or a grade) over days at a canteen — each pupil and day on
 * its own, before the meal's deadline, paid as the meal says. What could not be placed is listed
 * here with its reason (past the deadline, meals stopped, no account, short of money, ordered).
 */
export default function MealOrderPlaceDialog() {
  const t = useT();
  const meals = useDicts((state) => state.items.meal_type ?? []);
  const [tree, setTree] = useState<MemberDepartNode[]>([]);
  const [canteens, setCanteens] = useState<EntityRecord[]>([]);
  const tomorrow = addDays(schoolToday(), 1);
  const [values, setValues] = useState({ deptId: '', canteenId: '', mealType: '2', dateFrom: tomorrow, dateTo: tomorrow, quantity: '1' });
  const [errors, setErrors] = useState<{ deptId?: string; canteenId?: string; dates?: string; quantity?: string; form?: string }>({});
  const [result, setResult] = useState<Placed | null>(null);
  useEffect(() => {
    let live = true;
    void memberDepartApi.tree().then(
      (nodes) => live && setTree(nodes),
      () => undefined,
    );
    void entityApi.list(canteen, { pageNo: 1, pageSize: 100 }).then(
      ({ records }) => {
        if (!live) return;
        setCanteens(records);
        if (records[0]) setValues((current) => (current.canteenId ? current : { ...current, canteenId: records[0]!.id }));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  // A grade orders for its classes; the school root is not offered.
  const classes = useMemo(
    () =>
      treeOptions(
        tree.flatMap((school) => school.children ?? []),
        (node) => node.id,
        (node) => node.title,
      ),
    [tree],
  );
  const submit = async () => {
    if (result) return true;
    const next: typeof errors = {};
    if (!values.deptId) next.deptId = t('meals.chooseClass');
    if (!values.canteenId) next.canteenId = t('meals.chooseCanteen');
    if (!values.dateFrom || !values.dateTo || values.dateTo < values.dateFrom) next.dates = t('meals.datesInvalid');
    if (!/^(10|[1-9])$/.test(values.quantity.trim())) next.quantity = t('meals.quantityInvalid');
    setErrors(next);
    if (Object.keys(next).length) return false;
    try {
      const placed = await post<Placed>('/meal/order/place', { ...values, quantity: Number(values.quantity) }, { silent: true });
      toast.success(t('meals.placed', { count: placed.placed, amount: yuan(placed.amount) }));
      if (!placed.skipped.length) return true;
      // What was not placed stays on view, with its reasons.
      setResult(placed);
      return false;
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
  };
  return (
    <FormDialog title={t('meals.placeOrders')} width={620} testId="meal-order-place" onSubmit={submit} {...(result ? { okText: t('common.close') } : {})}>
      <FormError message={errors.form} testId="meal-order-place-error" />
      {result ? (
        <div data-testid="meal-order-skipped">
          <p className="mb-2 text-sm">{t('meals.placedSummary', { count: result.placed, amount: yuan(result.amount), skipped: result.skipped.length })}</p>
          <ul className="max-h-72 overflow-auto rounded border border-border text-sm">
            {result.skipped.slice(0, 200).map((line, index) => (
              <li key={index} className="flex gap-3 border-b border-border px-3 py-1.5 last:border-b-0">
                <span className="w-20 shrink-0">{line.member}</span>
                <span className="w-24 shrink-0 text-text-muted">{line.day}</span>
                <span>{line.reason}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <SelectField
            label={t('meals.class')}
            required
            value={values.deptId}
            onChange={(deptId) => setValues({ ...values, deptId })}
            options={classes}
            error={errors.deptId}
            testId="meal-order-class"
          />
          <SelectField
            label={t('cardOffice.canteen')}
            required
            value={values.canteenId}
            onChange={(canteenId) => setValues({ ...values, canteenId })}
            options={canteens.map((row) => ({ value: row.id, text: String(row.name) }))}
            error={errors.canteenId}
            testId="meal-order-canteen"
          />
          <SelectField
            label={t('cardOffice.meal')}
            required
            value={values.mealType}
            onChange={(mealType) => setValues({ ...values, mealType })}
            options={meals.map((item) => ({ value: item.value, text: item.text }))}
            testId="meal-order-meal"
          />
          <DateField
            label={t('meals.dateFrom')}
            required
            kind="date"
            value={values.dateFrom}
            onChange={(dateFrom) => setValues({ ...values, dateFrom, dateTo: values.dateTo < dateFrom ? dateFrom : values.dateTo })}
            error={errors.dates}
          />
          <DateField label={t('meals.dateTo')} required kind="date" value={values.dateTo} onChange={(dateTo) => setValues({ ...values, dateTo })} />
          <TextField
            label={t('meals.quantity')}
            required
            inputMode="numeric"
            value={values.quantity}
            onChange={(event) => setValues({ ...values, quantity: event.target.value })}
            error={errors.quantity}
          />
          <p className="ml-[132px] text-[13px] text-text-muted">{t('meals.placeHint')}</p>
        </>
      )}
    </FormDialog>
  );
}
