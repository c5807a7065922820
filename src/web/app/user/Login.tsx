import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LockKeyhole, ShieldCheck, User } from 'lucide-react';
import { toast } from '@web/lib/toast';
import { HOME_PATH } from '@shared/constants';
import { authApi } from '@web/api/auth';
import { ApiError } from '@web/api/errors';
import { safeRedirect } from '@web/app/guardRules';
import { completeSignIn } from '@web/app/sessionActions';
import { preloadConsole } from '@web/app/signedInShell';
import { whenIdle } from '@web/lib/browser';
import { Button } from '@web/components/ui/Button';
import { Input } from '@web/components/ui/Input';
import { useT } from '@web/i18n';
import { FormAlert } from '../../components/FormAlert';
import { cn } from '@web/lib/cn';
import type { LoginResult } from '@shared/types';
import { codeProblem, MOBILE_PATTERN, PhoneCodeFields } from '../../components/PhoneFields';

/** What every way of signing in does once the server let the user in: the console, at the redirect or home. */
function useFinishSignIn(): (result: LoginResult) => void {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (result) => {
    completeSignIn(result);
    if (result.multi_depart === 0) toast.warning(t('common.notice'), { description: t('login.noDepart') });
    navigate(safeRedirect(params.get('redirect')) ?? HOME_PATH, { replace: true });
  };
}

/** Sign-in by username and password, or by a code texted to the phone; lands on the redirect query or home. */
export default function Login() {
  const t = useT();
  const [mode, setMode] = useState<'password' | 'phone'>('password');
  // The console's layout arrives while the user types, so signing in waits only for the server.
  useEffect(() => whenIdle(() => void preloadConsole().catch(() => undefined)), []);
  const tabs = [
    ['password', t('login.title')],
    ['phone', t('login.phoneTitle')],
  ] as const;
  return (
    <div className="flex flex-col gap-5">
      <div role="tablist" aria-label={t('login.welcome')} className="flex border-b border-border">
        {tabs.map(([key, title]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={mode === key}
            className={cn('-mb-px flex-1 border-b-2 pb-2 text-center text-base', mode === key ? 'border-primary text-primary-strong' : 'border-transparent text-text-muted hover:text-primary-strong')}
            onClick={() => setMode(key)}
          >
            {title}
          </button>
        ))}
      </div>
      {mode === 'password' ? <PasswordLogin /> : <PhoneLogin />}
      <div className="flex justify-between text-sm">
        <Link to="/user/alteration" className="text-primary-strong hover:text-primary-strong">
          {t('login.forgot')}
        </Link>
        <Link to="/user/register" className="text-primary-strong hover:text-primary-strong">
          {t('login.register')}
        </Link>
      </div>
    </div>
  );
}

/** 手机号登录: the phone, its texted code, 登录. */
function PhoneLogin() {
  const t = useT();
  const finish = useFinishSignIn();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ mobile?: string | undefined; code?: string | undefined }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = { mobile: MOBILE_PATTERN.test(mobile.trim()) ? undefined : t('phone.mobileInvalid'), code: codeProblem(code, t) };
    setErrors(found);
    if (found.mobile || found.code) return;
    setBusy(true);
    setError(null);
    void preloadConsole().catch(() => undefined);
    try {
      finish(await authApi.phoneLogin(mobile.trim(), code.trim()));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
      setCode('');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label={t('login.phoneTitle')}>
      <FormAlert message={error} testId="login-error" />
      <PhoneCodeFields smsmode="0" mobile={mobile} code={code} onMobile={setMobile} onCode={setCode} errors={errors} autoFocus />
      <Button type="submit" variant="primary" size="lg" disabled={busy}>
        {busy ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}

/** 账号密码登录, with the captcha the server asks for after repeated failures. */
function PasswordLogin() {
  const t = useT();
  const finish = useFinishSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string; captcha?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The server asks for a captcha after repeated failures; each one answers once.
  const [captcha, setCaptcha] = useState<{ key: string; image: string | null; failed: boolean } | null>(null);
  const [answer, setAnswer] = useState('');
  const answerRef = useRef<HTMLInputElement>(null);

  const loadCaptcha = useCallback(async () => {
    const key = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    setCaptcha({ key, image: null, failed: false });
    setAnswer('');
    try {
      const image = await authApi.captcha(key);
      setCaptcha((current) => (current?.key === key ? { key, image, failed: false } : current));
    } catch {
      setCaptcha((current) => (current?.key === key ? { key, image: null, failed: true } : current));
    }
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = {
      ...(username.trim() ? {} : { username: t('login.usernameRequired') }),
      ...(password ? {} : { password: t('login.passwordRequired') }),
      ...(captcha && !answer.trim() ? { captcha: t('login.captchaRequired') } : {}),
    };
    setFieldErrors(errors);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setError(null);
    void preloadConsole().catch(() => undefined);
    try {
      const result = await authApi.login({ username: username.trim(), password, ...(captcha ? { captcha: answer.trim(), checkKey: captcha.key } : {}) });
      finish(result);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
      setPassword('');
      const asked = failure instanceof ApiError && (failure.result as { needCaptcha?: boolean } | null)?.needCaptcha;
      if (asked || captcha) {
        await loadCaptcha();
        answerRef.current?.focus();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label={t('login.title')}>
      <FormAlert message={error} testId="login-error" />
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
      {captcha ? (
        <div className="flex flex-col gap-1">
          <div className="flex items-center gap-2">
            <label className="flex-1">
              <span className="sr-only">{t('login.captcha')}</span>
              <Input
                ref={answerRef}
                name="captcha"
                autoComplete="off"
                maxLength={8}
                className="h-10"
                prefixIcon={<ShieldCheck className="size-4" />}
                placeholder={t('login.captchaPlaceholder')}
                value={answer}
                invalid={Boolean(fieldErrors.captcha)}
                onChange={(event) => setAnswer(event.target.value)}
              />
            </label>
            <button
              type="button"
              onClick={() => void loadCaptcha()}
              title={t('login.captchaRefresh')}
              aria-label={t('login.captchaRefresh')}
              className="flex h-10 w-[105px] shrink-0 items-center justify-center overflow-hidden rounded border border-border bg-[#f0f5ff] text-xs text-muted"
              data-testid="login-captcha"
            >
              {captcha.image ? <img src={captcha.image} alt={t('login.captcha')} width={105} height={35} /> : captcha.failed ? t('login.captchaFailed') : null}
            </button>
          </div>
          {fieldErrors.captcha ? <span className="text-sm text-danger">{fieldErrors.captcha}</span> : null}
        </div>
      ) : null}
      <Button type="submit" variant="primary" size="lg" disabled={busy}>
        {busy ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
