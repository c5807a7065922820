import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '@shared/constants';
import { toast } from '@web/lib/toast';
import { updatePasswordSchema } from '@shared/schemas/system';
import { systemApi } from '@web/api/system';
import { ApiError } from '@web/api/errors';
import { clearLocalSession, useSession } from '@web/stores/session';
import { FormDialog } from './FormDialog';
import { Field, NewPasswordFields, TextField } from './fields';
import { useFormErrors } from './useFormErrors';

/** 修改密码 (800 wide): the spec's four messages; on success every session ends and the user signs in again. */
export default function ChangePasswordDialog() {
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
      fail(error instanceof ApiError && error.message.startsWith('旧密码') ? 'oldpassword' : '_form', error instanceof Error ? error.message : String(error));
      return false;
    }
    toast.success('密码修改成功，请重新登录');
    clearLocalSession();
    navigate(LOGIN_PATH, { replace: true });
    return true;
  };

  return (
    <FormDialog title="修改密码" width={800} testId="change-password" onSubmit={submit}>
      {errors.username || !username ? (
        <p className="mb-2 rounded bg-[#fff1f0] px-3 py-2 text-sm text-danger" role="alert">
          当前系统无登录用户!
        </p>
      ) : null}
      <Field label="用户账号">
        <span className="pt-1.5 text-sm">{username}</span>
      </Field>
      <TextField
        label="旧密码"
        type="password"
        required
        autoFocus
        autoComplete="current-password"
        value={values.oldpassword}
        onChange={set('oldpassword')}
        error={errors.oldpassword}
        placeholder="请输入旧密码"
      />
      <NewPasswordFields labels={['新密码', '确认新密码']} values={values} errors={errors} onChange={(key, value) => setValues({ ...values, [key]: value })} />
      {errors._form ? (
        <p className="text-sm text-danger" role="alert">
          {errors._form}
        </p>
      ) : null}
    </FormDialog>
  );
}
