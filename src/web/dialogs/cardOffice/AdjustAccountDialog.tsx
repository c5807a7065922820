import { useState } from 'react';
import { account } from '@shared/entities/members/account';
import { yuanToCents } from '@shared/engine/schemas';
import { cardOfficeApi } from '@web/api/cardOffice';
import { Select } from '@web/components/ui/Select';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormDialog } from '../FormDialog';
import { Field, TextField } from '../fields';
import { ConfirmAmountField, amountProblem } from './ConfirmAmountField';
import { FormError, refusalOf, useIdempotencyKey, useNamedNumber, useRecord } from './shared';

const WALLETS = ['CASH', 'SUBSIDY', 'GIFT'] as const;

/** 手工调账, 录入: a correction of one wallet, posted only once a second person approves it. */
export default function AdjustAccountDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const named = useNamedNumber();
  const key = useIdempotencyKey();
  const record = useRecord(account, id);
  const [values, setValues] = useState({ wallet: 'CASH' as (typeof WALLETS)[number], direction: '1' as '1' | '2', amount: '', again: '', reason: '' });
  const [errors, setErrors] = useState<{ amount?: string; again?: string; reason?: string; form?: string }>({});
  const submit = async () => {
    const cents = yuanToCents(values.amount);
    const next: typeof errors = {};
    next.amount = amountProblem(cents, t);
    if (!next.amount && yuanToCents(values.again) !== cents) next.again = t('cardOffice.amountMismatch');
    if (!values.reason.trim()) next.reason = t('cardOffice.reasonRequired');
    setErrors(next);
    if (next.amount || next.again || next.reason || !id) return false;
    try {
      const entered = await cardOfficeApi.requestAdjustment({
        idempotencyKey: key,
        accountId: id,
        wallet: values.wallet,
        direction: values.direction,
        amount: values.amount.trim(),
        reason: values.reason.trim(),
      });
      toast.success(entered.replayed ? t('cardOffice.already') : t('cardOffice.adjustEntered', { billNo: entered.billNo }));
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    return true;
  };
  const walletText = (wallet: (typeof WALLETS)[number]) => t(wallet === 'CASH' ? 'accountPanel.cash' : wallet === 'SUBSIDY' ? 'accountPanel.subsidy' : 'accountPanel.gift');
  return (
    <FormDialog title={t('cardOffice.adjust')} width={560} testId="adjust-form" onSubmit={submit}>
      <FormError message={errors.form} testId="adjust-error" />
      <Field label={t('cardOffice.member')}>
        <span className="pt-1.5 text-sm" data-testid="adjust-member" data-record>
          {record ? named(record.memberId_dictText, record.accountNo) : '…'}
        </span>
      </Field>
      <p className="mb-1 ml-[132px] text-[13px] text-text-muted">{t('cardOffice.adjustHint')}</p>
      <Field label={t('cardOffice.wallet')}>
        <Select
          aria-label={t('cardOffice.wallet')}
          value={values.wallet}
          onChange={(wallet) => setValues({ ...values, wallet: wallet as (typeof WALLETS)[number] })}
          options={WALLETS.map((wallet) => ({ value: wallet, text: `${walletText(wallet)}${record ? ` ¥${Number(record[wallet.toLowerCase()] ?? 0).toFixed(2)}` : ''}` }))}
          className="w-full"
        />
      </Field>
      <Field label={t('cardOffice.direction')}>
        <Select
          aria-label={t('cardOffice.direction')}
          value={values.direction}
          onChange={(direction) => setValues({ ...values, direction: direction as '1' | '2' })}
          options={[
            { value: '1', text: t('cardOffice.raise') },
            { value: '2', text: t('cardOffice.lower') },
          ]}
          className="w-full"
        />
      </Field>
      <TextField
        label={t('cardOffice.adjustAmount')}
        required
        autoFocus
        inputMode="decimal"
        prefixIcon="¥"
        autoComplete="off"
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
