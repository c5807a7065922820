import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LockKeyhole, User } from 'lucide-react';
import { LOGIN_PATH } from '@shared/constants';
import { registerSchema } from '@shared/schemas/auth';
import { authApi } from '@web/api/auth';
import { ApiError } from '@web/api/errors';
import { Button } from '@web/components/ui/Button';
import { Input } from '@web/components/ui/Input';
import { useT } from '@web/i18n';
import { FormAlert } from '../../components/FormAlert';
import { codeProblem, PhoneCodeFields, PublicField } from '../../components/PhoneFields';

type Errors = Partial<Record<'username' | 'password' | 'confirm' | 'mobile' | 'code', string | undefined>>;

/**
 * 注册账户 (/user/register): an account name, a password (the console's policy) and a phone
 * proven by its texted code; the new account has no screens until an administrator grants them.
 * When the platform has closed registration the page says so.
 */
export default function Register() {
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState<boolean | null>(null);
  const [values, setValues] = useState({ username: '', password: '', confirm: '', mobile: '', code: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void authApi.registration().then(
      (answer) => setOpen(answer.open),
      () => setOpen(false),
    );
  }, []);
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { username: values.username.trim(), password: values.password, phone: values.mobile.trim(), smscode: values.code.trim() };
    const parsed = registerSchema.safeParse(body);
    const found: Errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'phone' ? 'mobile' : issue.path[0] === 'smscode' ? 'code' : (issue.path[0] as keyof Errors);
        found[key] ??= issue.message;
      }
    found.code ??= codeProblem(values.code, t);
    if (values.password !== values.confirm) found.confirm = t('userForm.passwordMismatch');
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      const { username } = await authApi.register(body);
      navigate(`/user/register-result?user=${encodeURIComponent(username)}`, { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  if (open === null) return null;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label={t('register.title')}>
      <h2 className="border-b-2 border-primary pb-2 text-center text-base text-primary-strong">{t('register.title')}</h2>
      {!open ? (
        <p className="text-center text-text-muted" data-testid="registration-closed">
          {t('register.closed')}
        </p>
      ) : (
        <>
          <FormAlert message={error} testId="register-error" />
          <PublicField label={t('login.username')} error={errors.username}>
            <Input
              name="username"
              autoComplete="username"
              autoFocus
              className="h-10"
              prefixIcon={<User className="size-4" />}
              placeholder={t('register.usernamePlaceholder')}
              aria-label={t('login.username')}
              value={values.username}
              invalid={Boolean(errors.username)}
              onChange={(event) => set('username')(event.target.value)}
            />
          </PublicField>
          <PublicField label={t('login.password')} error={errors.password}>
            <Input
              name="password"
              type="password"
              autoComplete="new-password"
              className="h-10"
              prefixIcon={<LockKeyhole className="size-4" />}
              placeholder={t('password.policyHint')}
              aria-label={t('login.password')}
              value={values.password}
              invalid={Boolean(errors.password)}
              onChange={(event) => set('password')(event.target.value)}
            />
          </PublicField>
          <PublicField label={t('userForm.confirmPassword')} error={errors.confirm}>
            <Input
              name="confirm"
              type="password"
              autoComplete="new-password"
              className="h-10"
              prefixIcon={<LockKeyhole className="size-4" />}
              placeholder={t('userForm.confirmPassword')}
              aria-label={t('userForm.confirmPassword')}
              value={values.confirm}
              invalid={Boolean(errors.confirm)}
              onChange={(event) => set('confirm')(event.target.value)}
            />
          </PublicField>
          <PhoneCodeFields smsmode="1" mobile={values.mobile} code={values.code} onMobile={set('mobile')} onCode={set('code')} errors={errors} />
          <Button type="submit" variant="primary" size="lg" disabled={busy}>
            {busy ? t('register.submitting') : t('register.submit')}
          </Button>
        </>
      )}
      <Link to={LOGIN_PATH} className="text-center text-sm text-primary-strong hover:text-primary-strong">
        {t('register.haveAccount')}
      </Link>
    </form>
  );
}
