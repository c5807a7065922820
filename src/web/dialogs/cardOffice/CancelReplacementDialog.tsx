import { useState } from 'react';
import { cardReplacement } from '@shared/entities/members/cardReplacement';
import { cardOfficeApi } from '@web/api/cardOffice';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormDialog } from '../FormDialog';
import { Field, TextField } from '../fields';
import { FormError, LastFourField, refusalOf, useIdempotencyKey, useRecord, yuan } from './shared';

/**
 * 补卡撤销: a replacement made today, whose new card has not paid yet, undone — the new card
 * cancelled, the old one back as it was, the fee paid back. The operator types the new card's last
 * four digits before it posts.
 */
export default function CancelReplacementDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const key = useIdempotencyKey();
  const bill = useRecord(cardReplacement, id);
  const [values, setValues] = useState({ lastFour: '', reason: '' });
  const [errors, setErrors] = useState<{ lastFour?: string; reason?: string; form?: string }>({});
  const newCardNo = String(bill?.newCardId_dictText ?? '');
  const submit = async () => {
    const next: typeof errors = {};
    if (!bill || values.lastFour.trim() !== newCardNo.slice(-4)) next.lastFour = t('cardOffice.lastFourMismatch');
    if (!values.reason.trim()) next.reason = t('cardOffice.reasonRequired');
    setErrors(next);
    if (next.lastFour || next.reason || !id) return false;
    try {
      const posted = await cardOfficeApi.cancelReplacement({ idempotencyKey: key, id, reason: values.reason.trim() });
      toast.success(posted.replayed ? t('cardOffice.already') : t('cardRepair.cancelled', { amount: yuan(posted.amountCents) }));
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    return true;
  };
  return (
    <FormDialog title={t('cardRepair.cancelTitle')} width={560} testId="cancel-replacement-form" onSubmit={submit}>
      <FormError message={errors.form} testId="cancel-replacement-error" />
      <Field label={t('cardRepair.bill')}>
        <span className="pt-1.5 text-sm" data-testid="cancel-replacement-bill" data-record>
          {bill ? `${String(bill.billNo)} · ${String(bill.memberId_dictText ?? '')} · ${String(bill.oldCardId_dictText ?? '')} → ${newCardNo}` : '…'}
        </span>
      </Field>
      <Field label={t('cardRepair.feeBack')}>
        <span className="pt-1.5 text-sm tabular-nums" data-record>
          {bill ? `¥${Number(bill.fee ?? 0).toFixed(2)} · ${String(bill.feePay_dictText ?? '')}` : '…'}
        </span>
      </Field>
      <p className="mb-1 ml-[132px] text-[13px] text-text-muted">{t('cardRepair.cancelHint')}</p>
      <LastFourField
        label={t('cardRepair.newLastFour')}
        value={values.lastFour}
        onChange={(lastFour) => {
          setValues({ ...values, lastFour });
          setErrors({ ...errors, lastFour: undefined });
        }}
        error={errors.lastFour}
      />
      <TextField label={t('cardOffice.reason')} required maxLength={100} value={values.reason} onChange={(event) => setValues({ ...values, reason: event.target.value })} error={errors.reason} />
    </FormDialog>
  );
}
