import { useState } from 'react';
import { member } from '@shared/entities/members/member';
import { memberType } from '@shared/entities/members/memberType';
import { cardOfficeApi } from '@web/api/cardOffice';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormDialog } from '../FormDialog';
import { Field, TextField } from '../fields';
import { FormError, refusalOf, useIdempotencyKey, useNamedNumber, useRecord, yuan } from './shared';

const CARD_NO = /^\d{4,20}$/;
const PHYS_NO = /^[0-9A-Fa-f]{8,16}$/;

/** 开户发卡: the member's account and first card; the type's deposit and card fee are taken at the counter. */
export default function OpenAccountDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const named = useNamedNumber();
  const key = useIdempotencyKey();
  const person = useRecord(member, id);
  // What the counter takes: the type's deposit and card fee, shown before anything is posted.
  const type = useRecord(memberType, person ? String(person.memberTypeId) : undefined);
  const deposit = type ? Number(type.deposit ?? 0) : null;
  const cardFee = type ? Number(type.cardFee ?? 0) : null;
  const [values, setValues] = useState({ cardNo: '', physNo: '' });
  const [errors, setErrors] = useState<{ cardNo?: string; physNo?: string; form?: string }>({});
  const submit = async () => {
    const next: typeof errors = {};
    if (!CARD_NO.test(values.cardNo.trim())) next.cardNo = t('cardOffice.cardNoInvalid');
    if (!PHYS_NO.test(values.physNo.trim())) next.physNo = t('cardOffice.physNoInvalid');
    setErrors(next);
    if (next.cardNo || next.physNo || !id) return false;
    try {
      const posted = await cardOfficeApi.openAccount({ idempotencyKey: key, memberId: id, cardNo: values.cardNo.trim(), physNo: values.physNo.trim() });
      toast.success(posted.replayed ? t('cardOffice.already') : t('cardOffice.opened', { deposit: yuan(posted.balances.DEPOSIT) }));
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    return true;
  };
  return (
    <FormDialog title={t('cardOffice.openAccount')} width={560} testId="open-account-form" onSubmit={submit}>
      <FormError message={errors.form} testId="open-account-error" />
      <Field label={t('cardOffice.member')}>
        <span className="pt-1.5 text-sm" data-testid="open-account-member" data-record>
          {person ? `${named(person.realName, person.memberNo)} ${String(person.memberTypeId_dictText ?? '')}` : '…'}
        </span>
      </Field>
      <Field label={t('cardOffice.toCollect')}>
        <span className="pt-1.5 text-sm tabular-nums" data-testid="open-account-fees">
          {deposit === null || cardFee === null ? '…' : t('cardOffice.openFees', { deposit: deposit.toFixed(2), cardFee: cardFee.toFixed(2), total: (deposit + cardFee).toFixed(2) })}
        </span>
      </Field>
      <p className="mb-1 ml-[132px] text-[13px] text-text-muted">{t('cardOffice.openHint')}</p>
      <TextField
        label={t('cardOffice.cardNo')}
        required
        autoFocus
        inputMode="numeric"
        value={values.cardNo}
        onChange={(event) => setValues({ ...values, cardNo: event.target.value })}
        error={errors.cardNo}
        placeholder={t('cardOffice.cardNoHint')}
      />
      <TextField
        label={t('cardOffice.physNo')}
        required
        value={values.physNo}
        onChange={(event) => setValues({ ...values, physNo: event.target.value })}
        error={errors.physNo}
        placeholder={t('cardOffice.physNoHint')}
      />
    </FormDialog>
  );
}
