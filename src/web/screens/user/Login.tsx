import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LockKeyhole, User } from 'lucide-react';
import { toast } from 'sonner';
import { HOME_PATH } from '@shared/constants';
import { authApi } from '@web/api/auth';
import { ApiError } from '@web/api/errors';
import { safeRedirect } from '@web/app/guardRules';
import { completeSignIn } from '@web/app/sessionActions';
import { Button } from '@web/components/ui/Button';
import { Input } from '@web/components/ui/Input';
import { useT } from '@web/i18n';

/** Sign-in with username and password; lands on the redirect query or home. */
export default function Login() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = {
      ...(username.trim() ? {} : { username: t('login.usernameRequired') }),
      ...(password ? {} : { password: t('login.passwordRequired') }),
    };
    setFieldErrors(errors);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setError(null);
    try {
      const result = await authApi.login({ username: username.trim(), password });
      completeSignIn(result);
      if (result.multi_depart === 0) toast.warning(t('common.notice'), { description: t('login.noDepart') });
      navigate(safeRedirect(params.get('redirect')) ?? HOME_PATH, { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
      setPassword('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label={t('login.title')}>
      <h2 className="border-b-2 border-primary pb-2 text-center text-base text-primary">{t('login.title')}</h2>
      {error ? (
        <div role="alert" className="rounded border border-[#ffa39e] bg-[#fff1f0] px-3 py-2 text-sm text-danger" data-testid="login-error">
          {error}
        </div>
      ) : null}
      <label className="flex flex-col gap-1">
        <span className="sr-only">{t('login.username')}</span>
        <Input
          name="username"
          autoComplete="username"
          autoFocus
          className="h-10"
          prefixIcon={<User className="size-4" />}
          placeholder={t('login.usernamePlaceholder')}
          value={username}
          invalid={Boolean(fieldErrors.username)}
          onChange={(event) => setUsername(event.target.value)}
        />
        {fieldErrors.username ? <span className="text-sm text-danger">{fieldErrors.username}</span> : null}
      </label>
      <label className="flex flex-col gap-1">
        <span className="sr-only">{t('login.password')}</span>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          className="h-10"
          prefixIcon={<LockKeyhole className="size-4" />}
          placeholder={t('login.passwordPlaceholder')}
          value={password}
          invalid={Boolean(fieldErrors.password)}
          onChange={(event) => setPassword(event.target.value)}
        />
        {fieldErrors.password ? <span className="text-sm text-danger">{fieldErrors.password}</span> : null}
      </label>
      <Button type="submit" variant="primary" size="lg" disabled={busy}>
        {busy ? t('login.submitting') : t('login.submit')}
      </Button>
      <div className="flex justify-between text-sm">
        <Link to="/user/alteration" className="text-primary hover:text-primary-hover">
          {t('login.forgot')}
        </Link>
        <Link to="/user/register" className="text-primary hover:text-primary-hover">
          {t('login.register')}
        </Link>
      </div>
    </form>
  );
}
