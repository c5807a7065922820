import { useState } from 'react';
import { pendingRefund } from '@shared/entities/members/pendingRefund';
import { cardOfficeApi } from '@web/api/cardOffice';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormDialog } from '../FormDialog';
import { Field } from '../fields';
import { ConfirmAmountField, typedIs } from './ConfirmAmountField';
import { FormError, refusalOf, useIdempotencyKey, useRecord, yuan } from './shared';

/**
 * 待退款 resolved: paid out in cash at the counter (退现), or credited to the account once it is
 * open again (入账). The amount is typed to confirm; one posting however often OK is pressed.
 */
export default function ResolvePendingDialog({ id, mode = 'payout' }: { id?: string | undefined; mode?: string | undefined }) {
  const t = useT();
  const key = useIdempotencyKey();
  const record = useRecord(pendingRefund, id);
  const how = mode === 'credit' ? 'credit' : 'payout';
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<{ again?: string; form?: string }>({});
  const cents = record ? Math.round(Number(record.amount) * 100) : null;
  const submit = async () => {
    if (!id || cents === null) return false;
    if (!typedIs(again, cents)) {
      setErrors({ again: t('cardOffice.amountMismatch') });
      return false;
    }
    try {
      const posted = await cardOfficeApi.resolvePending(how, { idempotencyKey: key, id });
      toast.success(posted.replayed ? t('cardOffice.already') : t(how === 'payout' ? 'pending.paidOut' : 'pending.credited', { amount: yuan(posted.amountCents), cash: yuan(posted.balances.CASH) }));
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    return true;
  };
  return (
    <FormDialog title={t(how === 'payout' ? 'pending.payout' : 'pending.credit')} width={560} testId="resolve-pending-form" onSubmit={submit}>
      <FormError message={errors.form} testId="resolve-pending-error" />
      <Field label={t('cardOffice.member')}>
        <span className="pt-1.5 text-sm" data-testid="resolve-pending-member" data-record>
          {record ? `${String(record.memberId_dictText ?? '')} · ${String(record.accountId_dictText ?? '')} · ${String(record.reason)}` : '…'}
        </span>
      </Field>
      <Field label={t('pending.amount')}>
        <span className="pt-1.5 text-base font-medium tabular-nums" data-testid="resolve-pending-amount">
          {cents === null ? '…' : `¥${yuan(cents)}`}
        </span>
      </Field>
      <p className="mb-1 ml-[132px] text-[13px] text-text-muted">{t(how === 'payout' ? 'pending.payoutHint' : 'pending.creditHint')}</p>
      <ConfirmAmountField label="pending.typeAmount" value={again} onChange={(value) => setAgain(value)} error={errors.again} autoFocus />
    </FormDialog>
  );
}
