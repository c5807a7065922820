import { useState } from 'react';
import { toast } from 'sonner';
import { adminPasswordSchema } from '@shared/schemas/system';
import { systemApi } from '@web/api/system';
import { FormDialog } from './FormDialog';
import { Field, TextField } from './fields';
import { useFormErrors } from './useFormErrors';

/** An administrator sets a user's password; that user's sessions end. */
export default function ResetPasswordDialog({ username = '' }: { username?: string | undefined }) {
  const [values, setValues] = useState({ password: '', confirmpassword: '' });
  const { errors, check } = useFormErrors(adminPasswordSchema);
  const submit = async () => {
    const body = check({ username, ...values });
    if (!body) return false;
    try {
      await systemApi.resetPassword(body);
    } catch {
      return false;
    }
    toast.success('密码修改成功!');
    return true;
  };
  return (
    <FormDialog title="重置密码" width={600} testId="reset-password" onSubmit={submit}>
      <Field label="用户账号">
        <span className="pt-1.5 text-sm">{username}</span>
      </Field>
      <TextField
        label="新密码"
        type="password"
        required
        autoFocus
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => setValues({ ...values, password: e.target.value })}
        error={errors.password}
      />
      <TextField
        label="确认新密码"
        type="password"
        required
        autoComplete="new-password"
        value={values.confirmpassword}
        onChange={(e) => setValues({ ...values, confirmpassword: e.target.value })}
        error={errors.confirmpassword}
      />
    </FormDialog>
  );
}
