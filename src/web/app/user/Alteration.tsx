import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CircleCheck, LockKeyhole } from 'lucide-react';
import { LOGIN_PATH } from '@shared/constants';
import { passwordProblem } from '@shared/schemas/system';
import { authApi } from '@web/api/auth';
import { ApiError } from '@web/api/errors';
import { Button } from '@web/components/ui/Button';
import { Input } from '@web/components/ui/Input';
import { useT } from '@web/i18n';
import { FormAlert } from '../../components/FormAlert';
import { cn } from '@web/lib/cn';
import { codeProblem, MOBILE_PATTERN, PhoneCodeFields, PublicField } from '../../components/PhoneFields';

type Step = 0 | 1 | 2;

/**
 * 找回密码 (/user/alteration) in three steps: prove the phone with a texted code; choose a new
 * password for the account it is bound to (the same code authorises it once); done.
 */
export default function Alteration() {
  const t = useT();
  const [step, setStep] = useState<Step>(0);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'mobile' | 'code' | 'password' | 'confirm', string | undefined>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (act: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await act();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  async function verify(event: FormEvent) {
    event.preventDefault();
    const found = { mobile: MOBILE_PATTERN.test(mobile.trim()) ? undefined : t('phone.mobileInvalid'), code: codeProblem(code, t) };
    setErrors(found);
    if (found.mobile || found.code) return;
    await run(async () => {
      const answer = await authApi.phoneVerification(mobile.trim(), code.trim());
      setUsername(answer.username);
      setStep(1);
    });
  }

  async function change(event: FormEvent) {
    event.preventDefault();
    const found = { password: passwordProblem(password, username) ?? undefined, confirm: password === confirm ? undefined : t('userForm.passwordMismatch') };
    setErrors(found);
    if (found.password || found.confirm) return;
    await run(async () => {
      await authApi.passwordChange({ username, password, phone: mobile.trim(), smscode: code.trim() });
      setStep(2);
    });
  }

  const steps = [t('alteration.stepVerify'), t('alteration.stepPassword'), t('alteration.stepDone')];
  return (
    <section className="flex flex-col gap-5" aria-label={t('alteration.title')}>
      <h2 className="border-b-2 border-primary pb-2 text-center text-base text-primary-strong">{t('alteration.title')}</h2>
      <ol className="flex justify-between text-sm" aria-label={t('alteration.steps')}>
        {steps.map((title, index) => (
          <li key={title} aria-current={step === index ? 'step' : undefined} className={cn('flex items-center gap-1.5', step >= index ? 'text-primary-strong' : 'text-text-muted')}>
            <span className={cn('flex size-5 items-center justify-center rounded-full border text-xs', step >= index ? 'border-primary bg-primary text-white' : 'border-border')}>{index + 1}</span>
            {title}
          </li>
        ))}
      </ol>
      <FormAlert message={error} testId="alteration-error" />
      {step === 0 ? (
        <form onSubmit={verify} noValidate className="flex flex-col gap-5">
          <PhoneCodeFields smsmode="2" mobile={mobile} code={code} onMobile={setMobile} onCode={setCode} errors={errors} autoFocus />
          <Button type="submit" variant="primary" size="lg" disabled={busy}>
            {t('alteration.next')}
          </Button>
        </form>
      ) : step === 1 ? (
        <form onSubmit={change} noValidate className="flex flex-col gap-5">
          <p className="text-sm text-text-muted">{t('alteration.account', { username })}</p>
          <PublicField label={t('alteration.newPassword')} error={errors.password}>
            <Input
              type="password"
              autoComplete="new-password"
              autoFocus
              className="h-10"
              prefixIcon={<LockKeyhole className="size-4" />}
              placeholder={t('password.policyHint')}
              aria-label={t('alteration.newPassword')}
              value={password}
              invalid={Boolean(errors.password)}
              onChange={(event) => setPassword(event.target.value)}
            />
          </PublicField>
          <PublicField label={t('userForm.confirmPassword')} error={errors.confirm}>
            <Input
              type="password"
              autoComplete="new-password"
              className="h-10"
              prefixIcon={<LockKeyhole className="size-4" />}
              placeholder={t('userForm.confirmPassword')}
              aria-label={t('userForm.confirmPassword')}
              value={confirm}
              invalid={Boolean(errors.confirm)}
              onChange={(event) => setConfirm(event.target.value)}
            />
          </PublicField>
          <Button type="submit" variant="primary" size="lg" disabled={busy}>
            {t('alteration.submit')}
          </Button>
        </form>
      ) : (
        <div className="flex flex-col items-center gap-3 text-center" data-testid="alteration-done">
          <CircleCheck className="size-12 text-success" aria-hidden />
          <p>{t('alteration.done', { username })}</p>
        </div>
      )}
      <Link to={LOGIN_PATH} className="text-center text-sm text-primary-strong hover:text-primary-strong">
        {t('user.backToLogin')}
      </Link>
    </section>
  );
}
