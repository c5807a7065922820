import { useState } from 'react';
import { visitor } from '@shared/entities/members/visitor';
import { post } from '@web/api/client';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormError, refusalOf, useRecord } from '../cardOffice/shared';
import { FormDialog } from '../FormDialog';
import { TextField } from '../fields';
import { VisitSummary } from './VisitSummary';

/** 拉黑: the person of this visit goes on the school's visitor blacklist, with the reason. */
export default function BlockVisitorDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const record = useRecord(visitor, id);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; form?: string }>({});
  const submit = async () => {
    if (!reason.trim()) {
      setErrors({ reason: t('visitors.blockReasonRequired') });
      return false;
    }
    if (!id) return false;
    try {
      await post<null>('/memb/visitor/block', { id, reason: reason.trim() }, { silent: true });
      toast.success(t('visitors.blocked'));
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    return true;
  };
  return (
    <FormDialog title={t('visitors.block')} width={560} testId="block-visitor-form" onSubmit={submit}>
      <FormError message={errors.form} testId="block-visitor-error" />
      <VisitSummary record={record} />
      <p className="mb-1 ml-[132px] text-[13px] text-text-muted">{t('visitors.blockHint')}</p>
      <TextField label={t('visitors.blockReason')} required autoFocus maxLength={100} value={reason} onChange={(event) => setReason(event.target.value)} error={errors.reason} />
    </FormDialog>
  );
}
