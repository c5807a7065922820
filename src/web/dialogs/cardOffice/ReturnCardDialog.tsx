import { useState } from 'react';
import { account } from '@shared/entities/members/account';
import { card } from '@shared/entities/members/card';
import { cardOfficeApi } from '@web/api/cardOffice';
import { Select } from '@web/components/ui/Select';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormDialog } from '../FormDialog';
import { Field, TextField } from '../fields';
import { FormError, LastFourField, refusalOf, useIdempotencyKey, useRecord, yuan } from './shared';

const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);

/**
 * 退卡: a card handed back is cancelled; with the account's last card the deposit is paid back or
 * kept. The operator types the card's last four digits before it posts.
 */
export default function ReturnCardDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const key = useIdempotencyKey();
  const returned = useRecord(card, id);
  const holder = useRecord(account, returned ? String(returned.accountId) : undefined);
  const lost = returned?.cardStatus === '2';
  const [values, setValues] = useState({ deposit: 'refund' as 'refund' | 'forfeit', lastFour: '', reason: '' });
  const [errors, setErrors] = useState<{ lastFour?: string; reason?: string; form?: string }>({});
  // A lost card was not handed back: its deposit is kept.
  const deposit = lost ? 'forfeit' : values.deposit;
  const submit = async () => {
    const next: typeof errors = {};
    if (!returned || values.lastFour.trim() !== String(returned.cardNo).slice(-4)) next.lastFour = t('cardOffice.lastFourMismatch');
    if (!values.reason.trim()) next.reason = t('cardOffice.reasonRequired');
    setErrors(next);
    if (next.lastFour || next.reason || !id) return false;
    try {
      const posted = await cardOfficeApi.returnCard({ idempotencyKey: key, cardId: id, deposit, reason: values.reason.trim() });
      toast.success(posted.replayed ? t('cardOffice.already') : t('cardOffice.returned', { amount: yuan(posted.amountCents) }));
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    return true;
  };
  return (
    <FormDialog title={t('cardOffice.returnCard')} width={560} testId="return-card-form" onSubmit={submit}>
      <FormError message={errors.form} testId="return-card-error" />
      <Field label={t('cardOffice.card')}>
        <span className="pt-1.5 text-sm" data-testid="return-card-card" data-record>
          {returned ? `${String(returned.cardNo)} · ${String(returned.memberId_dictText ?? '')} · ${String(returned.cardStatus_dictText ?? '')}` : '…'}
        </span>
      </Field>
      <Field label={t('accountPanel.deposit')}>
        <span className="pt-1.5 text-sm tabular-nums" data-testid="return-card-deposit">
          {holder ? `¥${yuan(cents(holder.deposit))}` : '…'}
        </span>
      </Field>
      <p className="mb-1 ml-[132px] text-[13px] text-text-muted">{t(lost ? 'cardOffice.returnLostHint' : 'cardOffice.returnHint')}</p>
      <Field label={t('cardOffice.depositMode')}>
        <Select
          aria-label={t('cardOffice.depositMode')}
          value={deposit}
          disabled={lost}
          onChange={(mode) => setValues({ ...values, deposit: mode as 'refund' | 'forfeit' })}
          options={[
            { value: 'refund', text: t('cardOffice.depositRefund') },
            { value: 'forfeit', text: t('cardOffice.depositForfeit') },
          ]}
          className="w-full"
        />
      </Field>
      <LastFourField
        label={t('cardOffice.lastFour')}
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
