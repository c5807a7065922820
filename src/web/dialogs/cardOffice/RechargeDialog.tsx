import { useState } from 'react';
import { account } from '@shared/entities/members/account';
import { yuanToCents } from '@shared/engine/schemas';
import { amountProblem } from './ConfirmAmountField';
import { cardOfficeApi } from '@web/api/cardOffice';
import { Select } from '@web/components/ui/Select';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormDialog } from '../FormDialog';
import { Field, TextField } from '../fields';
import { FormError, refusalOf, useIdempotencyKey, useNamedNumber, useRecord, yuan } from './shared';

/**
 * 充值 at the counter: the amount typed twice (a slip of the finger is caught before it posts),
 * cash or bank transfer, and one posting however often OK is pressed.
 */
export default function RechargeDialog({ id, amount: given = '' }: { id?: string | undefined; amount?: string | undefined }) {
  const t = useT();
  const named = useNamedNumber();
  const key = useIdempotencyKey();
  const record = useRecord(account, id);
  const [values, setValues] = useState({ amount: given, again: '', channel: 'cash' as 'cash' | 'bank', remark: '' });
  const [errors, setErrors] = useState<{ amount?: string; again?: string; form?: string }>({});
  const submit = async () => {
    const cents = yuanToCents(values.amount);
    const next: typeof errors = {};
    next.amount = amountProblem(cents, t);
    if (!next.amount && yuanToCents(values.again) !== cents) next.again = t('cardOffice.amountMismatch');
    setErrors(next);
    if (next.amount || next.again || !id) return false;
    try {
      const posted = await cardOfficeApi.recharge({
        idempotencyKey: key,
        accountId: id,
        amount: values.amount.trim(),
        channel: values.channel,
        ...(values.remark.trim() ? { remark: values.remark.trim() } : {}),
      });
      toast.success(posted.replayed ? t('cardOffice.already') : t('cardOffice.recharged', { cash: yuan(posted.balances.CASH) }));
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    return true;
  };
  return (
    <FormDialog title={t('cardOffice.recharge')} width={560} testId="recharge-form" onSubmit={submit}>
      <FormError message={errors.form} testId="recharge-error" />
      <Field label={t('cardOffice.member')}>
        <span className="pt-1.5 text-sm" data-testid="recharge-member" data-record>
          {record ? named(record.memberId_dictText, record.accountNo) : '…'}
        </span>
      </Field>
      <Field label={t('cardOffice.cash')}>
        <span className="pt-1.5 text-sm tabular-nums" data-testid="recharge-cash">
          {record ? `¥${Number(record.cash).toFixed(2)}` : '…'}
        </span>
      </Field>
      <TextField
        label={t('cardOffice.amount')}
        required
        // An amount given by the palette or a link is typed again, not over.
        autoFocus={!given}
        inputMode="decimal"
        prefixIcon="¥"
        value={values.amount}
        onChange={(event) => {
          setValues({ ...values, amount: event.target.value });
          setErrors({ ...errors, amount: undefined });
        }}
        error={errors.amount}
        placeholder={t('cardOffice.amountPlaceholder')}
      />
      <TextField
        label={t('cardOffice.amountAgain')}
        required
        autoFocus={Boolean(given)}
        inputMode="decimal"
        prefixIcon="¥"
        autoComplete="off"
        value={values.again}
        onChange={(event) => {
          setValues({ ...values, again: event.target.value });
          setErrors({ ...errors, again: undefined });
        }}
        error={errors.again}
      />
      <Field label={t('cardOffice.channel')}>
        <Select
          aria-label={t('cardOffice.channel')}
          value={values.channel}
          onChange={(channel) => setValues({ ...values, channel: channel as 'cash' | 'bank' })}
          options={[
            { value: 'cash', text: t('cardOffice.channelCash') },
            { value: 'bank', text: t('cardOffice.channelBank') },
          ]}
          className="w-full"
          testId="recharge-channel"
        />
      </Field>
      <TextField label={t('cardOffice.remark')} maxLength={100} value={values.remark} onChange={(event) => setValues({ ...values, remark: event.target.value })} />
    </FormDialog>
  );
}
