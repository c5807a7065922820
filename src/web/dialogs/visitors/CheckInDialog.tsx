import { useState } from 'react';
import { visitor } from '@shared/entities/members/visitor';
import { post } from '@web/api/client';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormError, refusalOf, useRecord } from '../cardOffice/shared';
import { FormDialog } from '../FormDialog';
import { TextField } from '../fields';
import { VisitSummary } from './VisitSummary';

const CARD_NO = /^\d{4,20}$/;

/** 访客签到: the visitor at the gate; a temporary card read in when the pass is one. */
export default function CheckInDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const record = useRecord(visitor, id);
  const needsCard = record?.passType === '2';
  const [cardNo, setCardNo] = useState('');
  const [errors, setErrors] = useState<{ cardNo?: string; form?: string }>({});
  const submit = async () => {
    if (needsCard && !CARD_NO.test(cardNo.trim())) {
      setErrors({ cardNo: t('cardOffice.cardNoInvalid') });
      return false;
    }
    if (!id || !record) return false;
    try {
      await post<null>('/memb/visitor/checkIn', { id, ...(needsCard ? { tempCardNo: cardNo.trim() } : {}) }, { silent: true });
      toast.success(t('visitors.checkedIn'));
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    return true;
  };
  return (
    <FormDialog title={t('visitors.checkIn')} width={560} testId="check-in-form" onSubmit={submit}>
      <FormError message={errors.form} testId="check-in-error" />
      <VisitSummary record={record} />
      {needsCard ? (
        <TextField
          label={t('visitors.tempCard')}
          required
          autoFocus
          inputMode="numeric"
          autoComplete="off"
          value={cardNo}
          onChange={(event) => setCardNo(event.target.value)}
          error={errors.cardNo}
          placeholder={t('cardOffice.cardNoHint')}
        />
      ) : (
        <p className="mb-1 ml-[132px] text-[13px] text-text-muted">{t('visitors.noCardNeeded')}</p>
      )}
    </FormDialog>
  );
}
