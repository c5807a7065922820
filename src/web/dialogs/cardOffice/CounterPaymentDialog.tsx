import { useEffect, useState } from 'react';
import { yuanToCents } from '@shared/engine/schemas';
import { account } from '@shared/entities/members/account';
import { card } from '@shared/entities/members/card';
import { canteen } from '@shared/entities/meals/canteen';
import { store } from '@shared/entities/meals/store';
import { mealOfClock } from '@shared/meals';
import { cardOfficeApi } from '@web/api/cardOffice';
import { entityApi, type EntityRecord } from '@web/api/entities';
import { Select } from '@web/components/ui/Select';
import { useT } from '@web/i18n';
import { schoolClock } from '@web/stores/schoolClock';
import { toast } from '@web/lib/toast';
import { useDicts } from '@web/stores/dicts';
import { FormDialog } from '../FormDialog';
import { Field, TextField } from '../fields';
import { ConfirmAmountField, typedIs, amountProblem } from './ConfirmAmountField';
import { FormError, refusalOf, useIdempotencyKey, useNamedNumber, useRecord, yuan } from './shared';

/**
 * 柜台消费: a payment taken at the counter through the same ledger operation as a terminal's — the
 * member type's discount and allowance, the limits, the wallet order. The card is the shown
 * account's, or scanned here; the meal follows the school's clock; the amount is typed twice.
 */
export default function CounterPaymentDialog({ id, amount: given = '' }: { id?: string | undefined; amount?: string | undefined }) {
  const t = useT();
  const named = useNamedNumber();
  const key = useIdempotencyKey();
  const holder = useRecord(account, id);
  const meals = useDicts((state) => state.items.meal_type ?? []);
  const [canteens, setCanteens] = useState<EntityRecord[]>([]);
  const [stores, setStores] = useState<EntityRecord[]>([]);
  const [values, setValues] = useState({ cardNo: '', amount: given, again: '', canteenId: '', storeId: '', mealType: mealOfClock(schoolClock()) });
  const [errors, setErrors] = useState<{ cardNo?: string; amount?: string; again?: string; form?: string }>({});
  // The shown account pays with its card in use.
  useEffect(() => {
    if (!id) return;
    let live = true;
    void entityApi.list(card, { pageNo: 1, pageSize: 20, accountId: id }).then(
      ({ records }) => live && setValues((current) => ({ ...current, cardNo: String(records.find((row) => row.cardStatus === '1')?.cardNo ?? records[0]?.cardNo ?? '') })),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id]);
  // The school's canteens, the first by default; its stores to choose from.
  useEffect(() => {
    let live = true;
    void entityApi.list(canteen, { pageNo: 1, pageSize: 100 }).then(
      ({ records }) => live && setCanteens(records),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!values.canteenId && canteens[0]) setValues((current) => ({ ...current, canteenId: canteens[0]!.id }));
  }, [canteens, values.canteenId]);
  useEffect(() => {
    if (!values.canteenId) return;
    let live = true;
    void entityApi.list(store, { pageNo: 1, pageSize: 100, canteenId: values.canteenId }).then(
      ({ records }) => live && setStores(records),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [values.canteenId]);
  const submit = async () => {
    const cents = yuanToCents(values.amount);
    const next: typeof errors = {};
    if (!/^[0-9A-Fa-f]{4,20}$/.test(values.cardNo.trim())) next.cardNo = t('cardOffice.cardNoInvalid');
    next.amount = amountProblem(cents, t);
    if (!next.amount && !typedIs(values.again, cents!)) next.again = t('cardOffice.amountMismatch');
    setErrors(next);
    if (next.cardNo || next.amount || next.again) return false;
    try {
      const posted = await cardOfficeApi.consume({
        idempotencyKey: key,
        cardNo: values.cardNo.trim(),
        amount: values.amount.trim(),
        ...(values.canteenId ? { canteenId: values.canteenId } : {}),
        ...(values.storeId ? { storeId: values.storeId } : {}),
        ...(values.mealType ? { mealType: values.mealType } : {}),
      });
      toast.success(posted.replayed ? t('cardOffice.already') : t('cardOffice.paid', { amount: yuan(posted.amountCents), cash: yuan(posted.balances.CASH) }));
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    return true;
  };
  return (
    <FormDialog title={t('cardOffice.counterPayment')} width={560} testId="counter-payment-form" onSubmit={submit}>
      <FormError message={errors.form} testId="counter-payment-error" />
      {id ? (
        <Field label={t('cardOffice.member')}>
          <span className="pt-1.5 text-sm" data-testid="counter-payment-member" data-record>
            {holder ? `${named(holder.memberId_dictText, holder.accountNo)} · ${t('cardOffice.cardNo')} ${values.cardNo || '—'} · ${t('cardOffice.cash')} ¥${Number(holder.cash).toFixed(2)}` : '…'}
          </span>
        </Field>
      ) : (
        <TextField
          label={t('cardOffice.cardNo')}
          required
          autoFocus
          autoComplete="off"
          value={values.cardNo}
          onChange={(event) => setValues({ ...values, cardNo: event.target.value })}
          error={errors.cardNo}
          placeholder={t('cardOffice.cardNoHint')}
        />
      )}
      <TextField
        label={t('cardOffice.payAmount')}
        required
        autoFocus={Boolean(id)}
        inputMode="decimal"
        prefixIcon="¥"
        autoComplete="off"
        value={values.amount}
        onChange={(event) => {
          setValues({ ...values, amount: event.target.value });
          setErrors({ ...errors, amount: undefined });
        }}
        error={errors.amount}
        placeholder={t('cardOffice.amountPlaceholder')}
      />
      <ConfirmAmountField
        label="cardOffice.amountAgain"
        value={values.again}
        onChange={(again) => {
          setValues({ ...values, again });
          setErrors({ ...errors, again: undefined });
        }}
        error={errors.again}
      />
      <Field label={t('cardOffice.canteen')}>
        <Select
          aria-label={t('cardOffice.canteen')}
          value={values.canteenId}
          onChange={(canteenId) => setValues({ ...values, canteenId, storeId: '' })}
          options={canteens.map((row) => ({ value: row.id, text: String(row.name) }))}
          className="w-full"
          testId="counter-payment-canteen"
        />
      </Field>
      <Field label={t('cardOffice.store')}>
        <Select
          aria-label={t('cardOffice.store')}
          value={values.storeId}
          onChange={(storeId) => setValues({ ...values, storeId })}
          options={[{ value: '', text: t('cardOffice.anyStore') }, ...stores.map((row) => ({ value: row.id, text: String(row.name) }))]}
          className="w-full"
          testId="counter-payment-store"
        />
      </Field>
      <Field label={t('cardOffice.meal')}>
        <Select
          aria-label={t('cardOffice.meal')}
          value={values.mealType}
          onChange={(mealType) => setValues({ ...values, mealType })}
          options={meals.map((item) => ({ value: item.value, text: item.text }))}
          className="w-full"
          testId="counter-payment-meal"
        />
      </Field>
      <p className="ml-[132px] text-[13px] text-text-muted">{t('cardOffice.counterHint')}</p>
    </FormDialog>
  );
}
