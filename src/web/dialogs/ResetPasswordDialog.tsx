import { useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { adminPasswordSchema } from '@shared/schemas/system';
import { systemApi } from '@web/api/system';
import { useT } from '@web/i18n';
import { FormDialog } from './FormDialog';
import { Field, NewPasswordFields } from './fields';
import { useFormErrors } from './useFormErrors';

/**
 * An administrator sets a user's password; that user's sessions end. Opened from the selection
 * it knows the account; from a row's 更多 or a link (only the id) it reads it first.
 */
export default function ResetPasswordDialog({ id, username: given = '' }: { id?: string | undefined; username?: string | undefined }) {
  const t = useT();
  const [username, setUsername] = useState(given);
  useEffect(() => {
    if (given || !id) return;
    let live = true;
    systemApi.user(id).then(
      (user) => live && setUsername(user.username),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id, given]);
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
    toast.success(t('resetPassword.done'));
    return true;
  };
  return (
    <FormDialog title={t('users.resetPassword')} width={600} testId="reset-password" onSubmit={submit}>
      <Field label={t('users.username')}>
        <span className="pt-1.5 text-sm">{username}</span>
      </Field>
      <NewPasswordFields labels={[t('password.new'), t('password.confirmNew')]} values={values} errors={errors} onChange={(key, value) => setValues({ ...values, [key]: value })} autoFocus />
    </FormDialog>
  );
}
