import { useState } from 'react';
import { card } from '@shared/entities/members/card';
import { cardOfficeApi } from '@web/api/cardOffice';
import { Select } from '@web/components/ui/Select';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormDialog } from '../FormDialog';
import { Field, TextField } from '../fields';
import { FormError, refusalOf, useIdempotencyKey, useMemberTypeOfMember, useRecord } from './shared';

const CARD_NO = /^\d{4,20}$/;
const PHYS_NO = /^[0-9A-Fa-f]{8,16}$/;
/** 换卡's reasons (dictionary replace_reason): 损坏 · 消磁/无法识别 · 换新介质. */
const CHANGE_REASONS = ['2', '3', '4'] as const;

/**
 * 补卡 (mode replace: a card reported lost) or 换卡 (mode change: a damaged one): a new card on the
 * same account, the fee from the card or at the counter, and a 补卡 bill for the receipt.
 */
export default function ReplaceCardDialog({ id, mode = 'replace' }: { id?: string | undefined; mode?: string | undefined }) {
  const t = useT();
  const change = mode === 'change';
  const key = useIdempotencyKey();
  const old = useRecord(card, id);
  // The fee the member type charges: 补卡费 for a lost card, 卡成本费 for a changed one.
  const type = useMemberTypeOfMember(old?.memberId);
  const fee = type ? Number((change ? type.cardFee : type.replaceFee) ?? 0) : null;
  const [values, setValues] = useState({ cardNo: '', physNo: '', feePay: 'card' as 'card' | 'cash', reason: '2', remark: '' });
  const [errors, setErrors] = useState<{ cardNo?: string; physNo?: string; remark?: string; form?: string }>({});
  const submit = async () => {
    const next: typeof errors = {};
    if (!CARD_NO.test(values.cardNo.trim())) next.cardNo = t('cardOffice.cardNoInvalid');
    if (!PHYS_NO.test(values.physNo.trim())) next.physNo = t('cardOffice.physNoInvalid');
    // 补卡 says why the card is gone (丢失 where, 被盗…): the bill and the receipt carry it.
    if (!change && !values.remark.trim()) next.remark = t('cardOffice.reasonRequired');
    setErrors(next);
    if (next.cardNo || next.physNo || next.remark || !id) return false;
    const body = {
      idempotencyKey: key,
      cardId: id,
      cardNo: values.cardNo.trim(),
      physNo: values.physNo.trim(),
      feePay: values.feePay,
      ...(values.remark.trim() ? { remark: values.remark.trim() } : {}),
    };
    try {
      const posted = change ? await cardOfficeApi.changeCard({ ...body, reason: values.reason }) : await cardOfficeApi.replaceCard(body);
      toast.success(posted.replayed ? t('cardOffice.already') : t(change ? 'cardOffice.changed' : 'cardOffice.replaced', { cardNo: body.cardNo, billNo: posted.billNo }));
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    return true;
  };
  return (
    <FormDialog title={t(change ? 'cardOffice.changeCard' : 'cardOffice.replaceCard')} width={560} testId="replace-card-form" onSubmit={submit}>
      <FormError message={errors.form} testId="replace-card-error" />
      <Field label={t('cardOffice.oldCard')}>
        <span className="pt-1.5 text-sm" data-testid="replace-card-old" data-record>
          {old ? `${String(old.cardNo)} · ${String(old.memberId_dictText ?? '')} · ${String(old.cardStatus_dictText ?? '')}` : '…'}
        </span>
      </Field>
      <p className="mb-1 ml-[132px] text-[13px] text-text-muted">{t(change ? 'cardOffice.changeHint' : 'cardOffice.replaceHint')}</p>
      {change ? (
        <Field label={t('cardOffice.changeReason')}>
          <Select
            aria-label={t('cardOffice.changeReason')}
            value={values.reason}
            onChange={(reason) => setValues({ ...values, reason })}
            options={CHANGE_REASONS.map((value) => ({ value, text: t(`cardOffice.changeReason${value}`) }))}
            className="w-full"
          />
        </Field>
      ) : null}
      <TextField
        label={t('cardOffice.newCardNo')}
        required
        autoFocus
        inputMode="numeric"
        value={values.cardNo}
        onChange={(event) => setValues({ ...values, cardNo: event.target.value })}
        error={errors.cardNo}
        placeholder={t('cardOffice.cardNoHint')}
      />
      <TextField
        label={t('cardOffice.newPhysNo')}
        required
        value={values.physNo}
        onChange={(event) => setValues({ ...values, physNo: event.target.value })}
        error={errors.physNo}
        placeholder={t('cardOffice.physNoHint')}
      />
      <Field label={t(change ? 'cardOffice.cardFee' : 'cardOffice.replaceFee')}>
        <span className="pt-1.5 text-sm tabular-nums" data-testid="replace-card-fee">
          {fee === null ? '…' : `¥${fee.toFixed(2)}`}
        </span>
      </Field>
      <Field label={t(change ? 'cardOffice.changeFeePay' : 'cardOffice.feePay')}>
        <Select
          aria-label={t(change ? 'cardOffice.changeFeePay' : 'cardOffice.feePay')}
          value={values.feePay}
          onChange={(feePay) => setValues({ ...values, feePay: feePay as 'card' | 'cash' })}
          options={[
            { value: 'card', text: t('cardOffice.feeFromCard') },
            { value: 'cash', text: t('cardOffice.feeInCash') },
          ]}
          className="w-full"
        />
      </Field>
      <TextField
        label={t(change ? 'cardOffice.remark' : 'cardOffice.replaceReason')}
        required={!change}
        maxLength={100}
        value={values.remark}
        onChange={(event) => setValues({ ...values, remark: event.target.value })}
        error={errors.remark}
      />
    </FormDialog>
  );
}
