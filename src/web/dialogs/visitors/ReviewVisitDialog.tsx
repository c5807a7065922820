import { useState } from 'react';
import { visitor } from '@shared/entities/members/visitor';
import { post } from '@web/api/client';
import { Select } from '@web/components/ui/Select';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormError, refusalOf, useRecord } from '../cardOffice/shared';
import { FormDialog } from '../FormDialog';
import { Field, TextField } from '../fields';
import { VisitSummary } from './VisitSummary';

/** 访客审核: a registered visit let in (通过) or refused (拒绝, with the reason the visitor is told). */
export default function ReviewVisitDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const record = useRecord(visitor, id);
  const [values, setValues] = useState({ decision: 'approve' as 'approve' | 'reject', remark: '' });
  const [errors, setErrors] = useState<{ remark?: string; form?: string }>({});
  const submit = async () => {
    if (values.decision === 'reject' && !values.remark.trim()) {
      setErrors({ remark: t('visitors.rejectReasonRequired') });
      return false;
    }
    if (!id) return false;
    try {
      await post<null>('/memb/visitor/review', { id, decision: values.decision, ...(values.remark.trim() ? { remark: values.remark.trim() } : {}) }, { silent: true });
      toast.success(t(values.decision === 'approve' ? 'visitors.approved' : 'visitors.rejected'));
    } catch (failure) {
      setErrors({ form: refusalOf(failure) });
      return false;
    }
    return true;
  };
  return (
    <FormDialog title={t('visitors.review')} width={560} testId="review-visit-form" onSubmit={submit}>
      <FormError message={errors.form} testId="review-visit-error" />
      <VisitSummary record={record} />
      <Field label={t('cardOffice.decision')}>
        <Select
          aria-label={t('cardOffice.decision')}
          value={values.decision}
          onChange={(decision) => setValues({ ...values, decision: decision as 'approve' | 'reject' })}
          options={[
            { value: 'approve', text: t('visitors.approve') },
            { value: 'reject', text: t('visitors.reject') },
          ]}
          className="w-full"
        />
      </Field>
      <TextField
        label={t('cardOffice.reviewRemark')}
        required={values.decision === 'reject'}
        autoFocus
        maxLength={100}
        value={values.remark}
        onChange={(event) => setValues({ ...values, remark: event.target.value })}
        error={errors.remark}
      />
    </FormDialog>
  );
}
