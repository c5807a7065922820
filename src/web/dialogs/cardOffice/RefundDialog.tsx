import { useEffect, useState } from 'react';
import { yuanToCents } from '@shared/engine/schemas';
import { consumptionRecord } from '@shared/entities/payments/consumptionRecord';
import { post } from '@web/api/client';
import type { Posted } from '@web/api/cardOffice';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormDialog } from '../FormDialog';
import { Field, TextField } from '../fields';
import { ConfirmAmountField, typedIs, amountProblem } from './ConfirmAmountField';
import { FormError, refusalOf, useIdempotencyKey, useRecord } from './shared';

/** 消费退款: all or part of a payment back along its split, the amount typed twice. */
export default function RefundDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const key = useIdempotencyKey();
  const record = useRecord(consumptionRecord, id);
  const [values, setValues] = useState({ amount: '', again: '', reason: '' });
  const [errors, setErrors] = useState<{ amount?: string; again?: string; reason?: string; form?: string }>({});
  // The whole payment, unless the operator types less.
  useEffect(() => {
    if (record) setValues((current) => (current.amount ? current : { ...current, amount: Number(record.amount).toFixed(2) }));
  }, [record]);
  const submit = async () => {
    const cents = yuanToCents(values.amount);
    const next: typeof errors = {};
    next.amount = amountProblem(cents, t);
    if (!next.amount && !typedIs(values.again, cents!)) next.again = t('cardOffice.amountMismatch');
    if (!values.reason.trim()) next.reason = t('cardOffice.reasonRequired');
    setErrors(next);
    if (next.amount || next.again || next.reason || !id) return false;
    try {
      const posted = await post<Posted>('/pay/consume/refund', { idempotencyKey: key, txnId: id, amount: values.amount.trim(), reason: values.reason.trim() }, { silent: true });
      toast.success(posted.replayed ? t('cardOffice.already') : t('cardOffice.refunded'));
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    return true;
  };
  return (
    <FormDialog title={t('cardOffice.refundTitle')} width={560} testId="refund-form" onSubmit={submit}>
      <FormError message={errors.form} testId="refund-error" />
      <Field label={t('cardOffice.original')}>
        <span className="pt-1.5 text-sm" data-testid="refund-original" data-record>
          {record ? `${String(record.memberName ?? '')} · ¥${Number(record.amount).toFixed(2)} · ${String(record.postedAt)} · ${String(record.canteenId_dictText ?? '')}` : '…'}
        </span>
      </Field>
      <p className="mb-1 ml-[132px] text-[13px] text-text-muted">{t('cardOffice.refundHint')}</p>
      <TextField
        label={t('cardOffice.refundAmount')}
        required
        autoFocus
        inputMode="decimal"
        prefixIcon="¥"
        // The whole payment is offered selected: typing replaces it.
        onFocus={(event) => event.currentTarget.select()}
        value={values.amount}
        onChange={(event) => setValues({ ...values, amount: event.target.value })}
        error={errors.amount}
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
      <TextField label={t('cardOffice.reason')} required maxLength={100} value={values.reason} onChange={(event) => setValues({ ...values, reason: event.target.value })} error={errors.reason} />
    </FormDialog>
  );
}
