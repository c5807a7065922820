import { useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { schoolAddSchema, schoolEditSchema } from '@shared/schemas/school';
import { DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import { schoolsApi } from '@web/api/schools';
import { ApiError } from '@web/api/errors';
import { useT } from '@web/i18n';
import { FormDialog } from './FormDialog';
import { NewPasswordFields, SelectField, TextField } from './fields';
import { useFormErrors } from './useFormErrors';

interface Values {
  id: string;
  name: string;
  icp: string;
  copyright: string;
  timeZone: string;
  offlineDays: string;
  recordRangeDays: string;
  checkerWaitDays: string;
  mealRefundStart: string;
  mealRefundMinDays: string;
  adminUsername: string;
  adminRealname: string;
  password: string;
  confirmpassword: string;
  adminPhone: string;
}

const EMPTY: Values = {
  id: '',
  name: '',
  icp: '',
  copyright: '',
  timeZone: DEFAULT_TIME_ZONE,
  offlineDays: '7',
  recordRangeDays: '31',
  checkerWaitDays: '90',
  mealRefundStart: '1',
  mealRefundMinDays: '0',
  adminUsername: '',
  adminRealname: '',
  password: '',
  confirmpassword: '',
  adminPhone: '',
};

/** Refusals the form shows on a field, in either language the server answers in. */
const FIELD_OF_REFUSAL: Readonly<Record<string, keyof Values>> = {
  学校编号已存在: 'id',
  'A school already has this number': 'id',
  学校名称已存在: 'name',
  'A school already has this name': 'name',
  用户账号已存在: 'adminUsername',
  'This username is taken': 'adminUsername',
};

/**
 * 新增学校 / 编辑学校: the school's name and footer lines; a new school also gets its number (or
 * the next free one) and its first administrator, who signs in to set the school up.
 */
export default function SchoolFormDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const editing = Boolean(id);
  const [values, setValues] = useState<Values | null>(editing ? null : EMPTY);
  const { errors, check, fail } = useFormErrors(editing ? schoolEditSchema : schoolAddSchema);

  useEffect(() => {
    if (id)
      void schoolsApi.one(id).then((school) =>
        setValues({
          ...EMPTY,
          id: school.id,
          name: school.name,
          icp: school.icp ?? '',
          copyright: school.copyright ?? '',
          timeZone: school.timeZone,
          offlineDays: String(school.offlineDays),
          recordRangeDays: String(school.recordRangeDays),
          checkerWaitDays: String(school.checkerWaitDays),
          mealRefundStart: school.mealRefundStart,
          mealRefundMinDays: String(school.mealRefundMinDays),
        }),
      );
  }, [id]);

  if (!values) return null;
  const set = (key: keyof Values) => (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: event.target.value });

  const submit = async () => {
    const school = {
      id: values.id,
      name: values.name,
      icp: values.icp,
      copyright: values.copyright,
      ...(editing
        ? {
            timeZone: values.timeZone,
            offlineDays: values.offlineDays,
            recordRangeDays: values.recordRangeDays,
            checkerWaitDays: values.checkerWaitDays,
            mealRefundStart: values.mealRefundStart,
            mealRefundMinDays: values.mealRefundMinDays,
          }
        : {}),
    };
    const body = editing ? school : { ...school, adminUsername: values.adminUsername, adminRealname: values.adminRealname, adminPassword: values.password, adminPhone: values.adminPhone };
    if (!check(body)) return false;
    if (!editing && values.password !== values.confirmpassword) {
      fail('confirmpassword', t('userForm.passwordMismatch'));
      return false;
    }
    try {
      if (editing) await schoolsApi.edit(body);
      else await schoolsApi.add(body);
    } catch (error) {
      const field = error instanceof ApiError ? FIELD_OF_REFUSAL[error.message] : undefined;
      if (field) fail(field, error instanceof Error ? error.message : '');
      return false;
    }
    toast.success(t(editing ? 'common.edited' : 'common.added'));
    return true;
  };

  return (
    <FormDialog title={t(editing ? 'schools.editTitle' : 'schools.addTitle')} width={720} testId="school-form" onSubmit={submit}>
      <TextField
        label={t('schools.id')}
        disabled={editing}
        value={values.id}
        onChange={set('id')}
        error={errors.id}
        inputMode="numeric"
        placeholder={editing ? undefined : t('schools.idPlaceholder')}
      />
      <TextField label={t('schools.name')} required autoFocus value={values.name} onChange={set('name')} error={errors.name} />
      <TextField label={t('schools.copyright')} value={values.copyright} onChange={set('copyright')} error={errors.copyright} placeholder={t('schools.copyrightPlaceholder')} />
      <TextField label={t('schools.icp')} value={values.icp} onChange={set('icp')} error={errors.icp} placeholder={t('schools.icpPlaceholder')} />
      {/* A new school starts on Beijing time with the usual windows; they are changed on 编辑. */}
      {editing ? (
        <>
          <TextField label={t('schools.timeZone')} required value={values.timeZone} onChange={set('timeZone')} error={errors.timeZone} placeholder="Asia/Shanghai" />
          <p className="mb-1 ml-[132px] text-[13px] text-text-muted">{t('schools.timeZoneHint')}</p>
          <TextField label={t('schools.offlineDays')} required inputMode="numeric" value={values.offlineDays} onChange={set('offlineDays')} error={errors.offlineDays} />
          <TextField label={t('schools.recordRangeDays')} required inputMode="numeric" value={values.recordRangeDays} onChange={set('recordRangeDays')} error={errors.recordRangeDays} />
          <TextField label={t('schools.checkerWaitDays')} required inputMode="numeric" value={values.checkerWaitDays} onChange={set('checkerWaitDays')} error={errors.checkerWaitDays} />
          <p className="mb-1 ml-[132px] text-[13px] text-text-muted">{t('schools.checkerWaitDaysHint')}</p>
          <SelectField
            label={t('schools.mealRefundStart')}
            required
            value={values.mealRefundStart}
            onChange={(mealRefundStart) => setValues({ ...values, mealRefundStart })}
            options={[
              { value: '1', text: t('schools.mealRefundNextDay') },
              { value: '2', text: t('schools.mealRefundThisMeal') },
            ]}
            error={errors.mealRefundStart}
            testId="school-meal-refund-start"
          />
          <TextField label={t('schools.mealRefundMinDays')} required inputMode="numeric" value={values.mealRefundMinDays} onChange={set('mealRefundMinDays')} error={errors.mealRefundMinDays} />
          <p className="mb-1 ml-[132px] text-[13px] text-text-muted">{t('schools.mealRefundHint')}</p>
        </>
      ) : null}
      {editing ? null : (
        <fieldset className="mt-3 border-t border-border pt-3" aria-label={t('schools.firstAdmin')}>
          <legend className="px-1 text-sm font-medium text-text">{t('schools.firstAdmin')}</legend>
          <TextField label={t('users.username')} required value={values.adminUsername} onChange={set('adminUsername')} error={errors.adminUsername} autoComplete="off" />
          <TextField label={t('users.realname')} required value={values.adminRealname} onChange={set('adminRealname')} error={errors.adminRealname} />
          <NewPasswordFields
            labels={[t('userForm.password'), t('userForm.confirmPassword')]}
            values={values}
            errors={{ password: errors.adminPassword, confirmpassword: errors.confirmpassword }}
            onChange={(key, value) => setValues({ ...values, [key]: value })}
          />
          <TextField label={t('users.phone')} value={values.adminPhone} onChange={set('adminPhone')} error={errors.adminPhone} inputMode="tel" />
        </fieldset>
      )}
    </FormDialog>
  );
}
