import { useState } from 'react';
import { adjustment } from '@shared/entities/members/adjustment';
import { cardOfficeApi } from '@web/api/cardOffice';
import { Select } from '@web/components/ui/Select';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormDialog } from '../FormDialog';
import { Field, TextField } from '../fields';
import { ConfirmAmountField, typedIs } from './ConfirmAmountField';
import { FormError, refusalOf, useIdempotencyKey, useRecord } from './shared';

/**
 * 调账审核: a second person approves a correction (typing its amount again) and it posts, or
 * rejects it with a reason and nothing moves.
 */
export default function ReviewAdjustmentDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const key = useIdempotencyKey();
  const record = useRecord(adjustment, id);
  const [values, setValues] = useState({ decision: 'approve' as 'approve' | 'reject', again: '', remark: '' });
  const [errors, setErrors] = useState<{ again?: string; remark?: string; form?: string }>({});
  const approve = values.decision === 'approve';
  const cents = record ? Math.round(Number(record.amount) * 100) : null;
  const submit = async () => {
    const next: typeof errors = {};
    if (approve && (cents === null || !typedIs(values.again, cents))) next.again = t('cardOffice.amountMismatch');
    if (!approve && !values.remark.trim()) next.remark = t('cardOffice.rejectReasonRequired');
    setErrors(next);
    if (next.again || next.remark || !id) return false;
    try {
      if (approve) {
        const posted = await cardOfficeApi.approveAdjustment({ idempotencyKey: key, id, ...(values.remark.trim() ? { remark: values.remark.trim() } : {}) });
        toast.success(posted.replayed ? t('cardOffice.already') : t('cardOffice.adjustPosted'));
      } else {
        await cardOfficeApi.rejectAdjustment({ id, remark: values.remark.trim() });
        toast.success(t('cardOffice.adjustRejected'));
      }
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    return true;
  };
  return (
    <FormDialog title={t('cardOffice.reviewAdjustment')} width={600} testId="review-adjustment-form" onSubmit={submit}>
      <FormError message={errors.form} testId="review-adjustment-error" />
      <Field label={t('cardOffice.adjustment')}>
        <span className="pt-1.5 text-sm" data-testid="review-adjustment-request" data-record>
          {record
            ? `${String(record.billNo)} · ${String(record.accountId_dictText ?? '')} · ${String(record.wallet_dictText ?? '')} ${String(record.direction_dictText ?? '')} ¥${Number(record.amount).toFixed(2)}`
            : '…'}
        </span>
      </Field>
      <Field label={t('cardOffice.reason')}>
        <span className="pt-1.5 text-sm" data-record>
          {record ? `${String(record.reason)} · ${t('cardOffice.enteredBy', { name: String(record.createBy ?? '') })}` : '…'}
        </span>
      </Field>
      <Field label={t('cardOffice.decision')}>
        <Select
          aria-label={t('cardOffice.decision')}
          value={values.decision}
          onChange={(decision) => setValues({ ...values, decision: decision as 'approve' | 'reject' })}
          options={[
            { value: 'approve', text: t('cardOffice.approve') },
            { value: 'reject', text: t('cardOffice.reject') },
          ]}
          className="w-full"
        />
      </Field>
      {approve ? (
        <ConfirmAmountField
          label="cardOffice.amountAgain"
          autoFocus
          value={values.again}
          onChange={(again) => {
            setValues({ ...values, again });
            setErrors({ ...errors, again: undefined });
          }}
          error={errors.again}
        />
      ) : null}
      <TextField
        label={t('cardOffice.reviewRemark')}
        required={!approve}
        maxLength={100}
        value={values.remark}
        onChange={(event) => setValues({ ...values, remark: event.target.value })}
        error={errors.remark}
      />
    </FormDialog>
  );
}
