import { useEffect, useState } from 'react';
import { MessageSquareText, Smartphone } from 'lucide-react';
import { authApi } from '@web/api/auth';
import { ApiError } from '@web/api/errors';
import { Input } from '@web/components/ui/Input';
import { toast } from '@web/lib/toast';
import { useT } from '@web/i18n';

/** A phone may be sent one code a minute (the server's rule): the button counts down the wait. */
const RESEND_SECONDS = 60;
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** A labelled input of the public forms, with its error line. */
export function PublicField({ label, error, children }: { label: string; error?: string | undefined; children: React.ReactNode }) {
  return (
    <label className="flex flex-col gap-1">
      <span className="sr-only">{label}</span>
      {children}
      {error ? <span className="text-sm text-danger">{error}</span> : null}
    </label>
  );
}

/**
 * The phone number and the texted code, with 获取验证码 (60 s before another): the code for
 * sign-in (0), registration (1) or a password reset (2). The server's refusals show under the phone.
 */
export function PhoneCodeFields({
  smsmode,
  mobile,
  code,
  onMobile,
  onCode,
  errors,
  autoFocus,
}: {
  smsmode: '0' | '1' | '2' | '3';
  mobile: string;
  code: string;
  onMobile(value: string): void;
  onCode(value: string): void;
  errors: { mobile?: string | undefined; code?: string | undefined };
  autoFocus?: boolean;
}) {
  const t = useT();
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(() => {
    if (!wait) return;
    const timer = window.setTimeout(() => setWait(wait - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    setRefused(null);
    if (!MOBILE_PATTERN.test(mobile.trim())) {
      setRefused(t('phone.mobileInvalid'));
      return;
    }
    setSending(true);
    try {
      await authApi.sendSms(mobile.trim(), smsmode);
      setWait(RESEND_SECONDS);
      toast.success(t('phone.codeSent'));
    } catch (error) {
      setRefused(error instanceof ApiError ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <PublicField label={t('phone.mobile')} error={refused ?? errors.mobile}>
        <Input
          name="mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          autoFocus={autoFocus}
          className="h-10"
          prefixIcon={<Smartphone className="size-4" />}
          placeholder={t('phone.mobilePlaceholder')}
          aria-label={t('phone.mobile')}
          value={mobile}
          invalid={Boolean(refused ?? errors.mobile)}
          onChange={(event) => onMobile(event.target.value)}
        />
      </PublicField>
      <div className="flex items-start gap-2">
        <div className="flex-1">
          <PublicField label={t('phone.code')} error={errors.code}>
            <Input
              name="smscode"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              className="h-10"
              prefixIcon={<MessageSquareText className="size-4" />}
              placeholder={t('phone.codePlaceholder')}
              aria-label={t('phone.code')}
              value={code}
              invalid={Boolean(errors.code)}
              onChange={(event) => onCode(event.target.value)}
            />
          </PublicField>
        </div>
        <button
          type="button"
          onClick={() => void send()}
          disabled={wait > 0 || sending}
          className="h-10 w-[128px] shrink-0 rounded border border-border bg-surface text-sm text-primary-strong hover:border-primary disabled:cursor-not-allowed disabled:text-text-muted"
          data-testid="send-code"
        >
          {wait ? t('phone.resendIn', { seconds: wait }) : t('phone.getCode')}
        </button>
      </div>
    </>
  );
}

/** The code's own check before anything is sent. */
export function codeProblem(code: string, t: ReturnType<typeof useT>): string | undefined {
  if (!code.trim()) return t('phone.codeRequired');
  return /^\d{6}$/.test(code.trim()) ? undefined : t('phone.codeInvalid');
}
