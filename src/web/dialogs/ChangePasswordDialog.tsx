import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '@shared/constants';
import { toast } from '@web/lib/toast';
import { updatePasswordSchema } from '@shared/schemas/system';
import { fieldTitle } from '@shared/validation';
import { systemApi } from '@web/api/system';
import { ApiError } from '@web/api/errors';
import { useLocale, useT } from '@web/i18n';
import { clearLocalSession, useSession } from '@web/stores/session';
import { FormDialog } from './FormDialog';
import { Field, NewPasswordFields, TextField } from './fields';
import { useFormErrors } from './useFormErrors';

/** The server's refusal of the old password (旧密码输入错误!), in either language it answers in. */
const ABOUT_OLD_PASSWORD = /^(旧密码|The old password)/;

/** 修改密码 (800 wide): the spec's four messages; on success every session ends and the user signs in again. */
export default function ChangePasswordDialog() {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const username = useSession((state) => state.username);
  const navigate = useNavigate();
  const [values, setValues] = useState({ oldpassword: '', password: '', confirmpassword: '' });
  const { errors, check, fail } = useFormErrors(updatePasswordSchema);
  const set = (key: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = async () => {
    const body = check({ username: username ?? '', ...values });
    if (!body) return false;
    try {
      await systemApi.updatePassword(body);
    } catch (error) {
      fail(error instanceof ApiError && ABOUT_OLD_PASSWORD.test(error.message) ? 'oldpassword' : '_form', error instanceof Error ? error.message : String(error));
      return false;
    }
    toast.success(t('changePassword.done'));
    clearLocalSession();
    navigate(LOGIN_PATH, { replace: true });
    return true;
  };

  return (
    <FormDialog title={t('changePassword.title')} width={800} testId="change-password" onSubmit={submit}>
      {errors.username || !username ? (
        <p className="mb-2 rounded bg-[#fff1f0] px-3 py-2 text-sm text-danger" role="alert">
          {t('changePassword.nobody')}
        </p>
      ) : null}
      <Field label={t('users.username')}>
        <span className="pt-1.5 text-sm">{username}</span>
      </Field>
      <TextField
        label={fieldTitle(['oldpassword'], locale)}
        type="password"
        required
        autoFocus
        autoComplete="current-password"
        value={values.oldpassword}
        onChange={set('oldpassword')}
        error={errors.oldpassword}
        placeholder={t('changePassword.oldPlaceholder')}
      />
      <NewPasswordFields labels={[t('password.new'), t('password.confirmNew')]} values={values} errors={errors} onChange={(key, value) => setValues({ ...values, [key]: value })} />
      {errors._form ? (
        <p className="text-sm text-danger" role="alert">
          {errors._form}
        </p>
      ) : null}
    </FormDialog>
  );
}
