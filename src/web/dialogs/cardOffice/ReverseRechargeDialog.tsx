import { useState } from 'react';
import { chargeRecord } from '@shared/entities/payments/chargeRecord';
import { post } from '@web/api/client';
import type { Posted } from '@web/api/cardOffice';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormDialog } from '../FormDialog';
import { Field, TextField } from '../fields';
import { ConfirmAmountField, typedIs } from './ConfirmAmountField';
import { FormError, refusalOf, useIdempotencyKey, useRecord, yuan } from './shared';

/** 充值冲正: a recharge taken back by a second operator, its amount typed again. */
export default function ReverseRechargeDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const key = useIdempotencyKey();
  const record = useRecord(chargeRecord, id);
  const [values, setValues] = useState({ again: '', reason: '' });
  const [errors, setErrors] = useState<{ again?: string; reason?: string; form?: string }>({});
  const cents = record ? Math.round(Number(record.amount) * 100) : null;
  const submit = async () => {
    const next: typeof errors = {};
    if (cents === null || !typedIs(values.again, cents)) next.again = t('cardOffice.amountMismatch');
    if (!values.reason.trim()) next.reason = t('cardOffice.reasonRequired');
    setErrors(next);
    if (next.again || next.reason || !id) return false;
    try {
      const posted = await post<Posted>('/memb/account/rechargeReversal', { idempotencyKey: key, txnId: id, reason: values.reason.trim() }, { silent: true });
      toast.success(posted.replayed ? t('cardOffice.already') : t('cardOffice.reversed', { cash: yuan(posted.balances.CASH) }));
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    return true;
  };
  return (
    <FormDialog title={t('cardOffice.reverseTitle')} width={560} testId="reverse-recharge-form" onSubmit={submit}>
      <FormError message={errors.form} testId="reverse-recharge-error" />
      <Field label={t('cardOffice.original')}>
        <span className="pt-1.5 text-sm" data-testid="reverse-recharge-original" data-record>
          {record ? `${String(record.memberName ?? '')} · ¥${Number(record.amount).toFixed(2)} · ${String(record.postedAt)} · ${String(record.operator)}` : '…'}
        </span>
      </Field>
      <p className="mb-1 ml-[132px] text-[13px] text-text-muted">{t('cardOffice.reverseHint')}</p>
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
