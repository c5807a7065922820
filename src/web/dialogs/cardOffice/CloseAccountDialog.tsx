import { useState } from 'react';
import { account } from '@shared/entities/members/account';
import { post } from '@web/api/client';
import type { Posted } from '@web/api/cardOffice';
import { Select } from '@web/components/ui/Select';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormDialog } from '../FormDialog';
import { Field, TextField } from '../fields';
import { ConfirmAmountField, typedIs } from './ConfirmAmountField';
import { FormError, refusalOf, useIdempotencyKey, useNamedNumber, useRecord, yuan } from './shared';

const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);

/** 销户: the cards cancelled and the money settled — what is paid out is typed again before it posts. */
export default function CloseAccountDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const named = useNamedNumber();
  const key = useIdempotencyKey();
  const record = useRecord(account, id);
  const [values, setValues] = useState({ deposit: 'refund' as 'refund' | 'forfeit', again: '', reason: '' });
  const [errors, setErrors] = useState<{ again?: string; reason?: string; form?: string }>({});
  const payOut = record ? Math.max(cents(record.cash), 0) + (values.deposit === 'refund' ? cents(record.deposit) : 0) : null;
  const submit = async () => {
    const next: typeof errors = {};
    if (payOut === null || !typedIs(values.again, payOut)) next.again = t('cardOffice.amountMismatch');
    if (!values.reason.trim()) next.reason = t('cardOffice.reasonRequired');
    setErrors(next);
    if (next.again || next.reason || !id) return false;
    try {
      const posted = await post<Posted>('/memb/account/close', { idempotencyKey: key, accountId: id, deposit: values.deposit, reason: values.reason.trim() }, { silent: true });
      toast.success(posted.replayed ? t('cardOffice.already') : t('cardOffice.closed', { amount: yuan(posted.amountCents) }));
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    return true;
  };
  return (
    <FormDialog title={t('cardOffice.closeTitle')} width={600} testId="close-account-form" onSubmit={submit}>
      <FormError message={errors.form} testId="close-account-error" />
      <Field label={t('cardOffice.member')}>
        <span className="pt-1.5 text-sm" data-record>
          {record ? named(record.memberId_dictText, record.accountNo) : '…'}
        </span>
      </Field>
      <Field label={t('cardOffice.balances')}>
        <span className="pt-1.5 text-sm tabular-nums" data-testid="close-account-balances">
          {record
            ? `${t('accountPanel.cash')} ¥${yuan(cents(record.cash))} · ${t('accountPanel.subsidy')} ¥${yuan(cents(record.subsidy))} · ${t('accountPanel.gift')} ¥${yuan(cents(record.gift))} · ${t('accountPanel.deposit')} ¥${yuan(cents(record.deposit))}`
            : '…'}
        </span>
      </Field>
      <p className="mb-1 ml-[132px] text-[13px] text-text-muted">{t('cardOffice.closeHint')}</p>
      <Field label={t('cardOffice.depositMode')}>
        <Select
          aria-label={t('cardOffice.depositMode')}
          value={values.deposit}
          onChange={(deposit) => setValues({ ...values, deposit: deposit as 'refund' | 'forfeit' })}
          options={[
            { value: 'refund', text: t('cardOffice.depositRefund') },
            { value: 'forfeit', text: t('cardOffice.depositForfeit') },
          ]}
          className="w-full"
        />
      </Field>
      <Field label={t('cardOffice.payOut')}>
        <span className="pt-1.5 text-lg tabular-nums" data-testid="close-account-payout">
          ¥{payOut === null ? '…' : yuan(payOut)}
        </span>
      </Field>
      <ConfirmAmountField
        label="cardOffice.payOutAgain"
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
