import { useEffect, useState, type FormEvent } from 'react';
import { profileSchema } from '@shared/schemas/account';
import { accountApi, type Account } from '@web/api/account';
import { ApiError } from '@web/api/errors';
import { useRunCommand } from '@web/components/commandPort';
import { Button } from '@web/components/ui/Button';
import { Switch } from '@web/components/ui/Switch';
import { SelectField, TextField } from '@web/dialogs/fields';
import { useFormErrors } from '@web/dialogs/useFormErrors';
import { UploadField } from '@web/engine/fields/UploadField';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { useSession } from '@web/stores/session';
import { codeProblem, MOBILE_PATTERN, PhoneCodeFields } from '@web/components/PhoneFields';

type Tab = 'basic' | 'security' | 'notices';

/** 基本设置: name, nickname, e-mail, sex and avatar; the header shows them at once. */
function BasicSettings({ account, onSaved }: { account: Account; onSaved(): void }) {
  const t = useT();
  const { userInfo } = account;
  const [values, setValues] = useState({
    realname: userInfo.realname,
    nickname: userInfo.nickname ?? '',
    email: userInfo.email ?? '',
    sex: account.sex ? String(account.sex) : '',
    avatar: userInfo.avatar ?? '',
  });
  const { errors, check } = useFormErrors(profileSchema);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!check(values)) return;
    setBusy(true);
    try {
      useSession.getState().setUserInfo(await accountApi.saveProfile(values));
      toast.success(t('account.saved'));
      onSaved();
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate className="max-w-xl" aria-label={t('account.basic')}>
      <TextField label={t('users.realname')} required value={values.realname} onChange={(event) => set('realname')(event.target.value)} error={errors.realname} autoFocus />
      <TextField label={t('account.nickname')} value={values.nickname} onChange={(event) => set('nickname')(event.target.value)} error={errors.nickname} />
      <TextField label={t('users.email')} value={values.email} onChange={(event) => set('email')(event.target.value)} error={errors.email} inputMode="email" />
      <SelectField
        label={t('users.sex')}
        value={values.sex}
        onChange={set('sex')}
        options={[
          { value: '', text: t('query.choose') },
          { value: '1', text: t('userForm.male') },
          { value: '2', text: t('userForm.female') },
        ]}
        testId="account-sex"
      />
      <UploadField label={t('account.avatar')} kind="image" value={values.avatar} onChange={set('avatar')} error={errors.avatar} testId="account-avatar" />
      <div className="pt-3 pl-[132px]">
        <Button type="submit" variant="primary" disabled={busy}>
          {t('account.save')}
        </Button>
      </div>
    </form>
  );
}

/** 安全设置: the password (the change-password dialog) and the bound phone, proven by a texted code. */
function SecuritySettings({ account, onSaved }: { account: Account; onSaved(): void }) {
  const t = useT();
  const run = useRunCommand();
  const [binding, setBinding] = useState(false);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ mobile?: string | undefined; code?: string | undefined }>({});
  const [busy, setBusy] = useState(false);
  async function bind(event: FormEvent) {
    event.preventDefault();
    const found = { mobile: MOBILE_PATTERN.test(mobile.trim()) ? undefined : t('phone.mobileInvalid'), code: codeProblem(code, t) };
    setErrors(found);
    if (found.mobile || found.code) return;
    setBusy(true);
    try {
      await accountApi.bindPhone(mobile.trim(), code.trim());
      toast.success(t('account.phoneSaved'));
      setBinding(false);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError) setErrors({ code: error.message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <ul className="flex max-w-2xl flex-col" aria-label={t('account.security')}>
      <li className="flex items-center justify-between gap-4 border-b border-border py-4">
        <div>
          <p>{t('account.password')}</p>
          <p className="text-sm text-text-muted">{t('account.passwordHint')}</p>
        </div>
        <Button onClick={() => void run('session.changePassword')}>{t('account.change')}</Button>
      </li>
      <li className="flex flex-col gap-3 border-b border-border py-4">
        <div className="flex items-center justify-between gap-4">
          <div>
            <p>{t('account.phone')}</p>
            <p className="text-sm text-text-muted" data-testid="account-phone">
              {account.phoneMasked ? t('account.phoneBound', { phone: account.phoneMasked }) : t('account.phoneNone')}
            </p>
          </div>
          {binding ? null : <Button onClick={() => setBinding(true)}>{account.phoneMasked ? t('account.change') : t('account.bind')}</Button>}
        </div>
        {binding ? (
          <form onSubmit={bind} noValidate className="flex max-w-sm flex-col gap-3" aria-label={t('account.phone')}>
            <PhoneCodeFields smsmode="3" mobile={mobile} code={code} onMobile={setMobile} onCode={setCode} errors={errors} autoFocus />
            <div className="flex gap-2">
              <Button type="submit" variant="primary" disabled={busy}>
                {t('account.bind')}
              </Button>
              <Button onClick={() => setBinding(false)}>{t('common.cancel')}</Button>
            </div>
          </form>
        ) : null}
      </li>
    </ul>
  );
}

/** 消息通知: what the header's bell does for this user. */
function NoticeSettings({ account }: { account: Account }) {
  const t = useT();
  const [prefs, setPrefs] = useState(account.noticePrefs);
  const change = async (next: typeof prefs) => {
    try {
      const saved = await accountApi.saveNoticePrefs(next);
      setPrefs(saved);
      const userInfo = useSession.getState().userInfo;
      if (userInfo) useSession.getState().setUserInfo({ ...userInfo, noticePrefs: saved });
      toast.success(t('account.prefsSaved'));
    } catch {
      // Shown by the API client.
    }
  };
  const rows = [
    ['toast', t('account.toast'), t('account.toastHint')],
    ['systemInBadge', t('account.systemInBadge'), t('account.systemInBadgeHint')],
  ] as const;
  return (
    <ul className="flex max-w-2xl flex-col" aria-label={t('account.notices')}>
      {rows.map(([key, title, hint]) => (
        <li key={key} className="flex items-center justify-between gap-4 border-b border-border py-4">
          <div>
            <p>{title}</p>
            <p className="text-sm text-text-muted">{hint}</p>
          </div>
          <Switch checked={prefs[key]} onChange={(checked) => void change({ ...prefs, [key]: checked })} label={title} testId={`notice-pref-${key}`} />
        </li>
      ))}
    </ul>
  );
}

/** 个人设置: the user's own profile, security and notice settings, one tab each. */
export default function Settings() {
  const t = useT();
  const [tab, setTab] = useState<Tab>('basic');
  const [account, setAccount] = useState<Account | null>(null);
  const load = () => void accountApi.get().then(setAccount, () => undefined);
  useEffect(load, []);
  const tabs: [Tab, string][] = [
    ['basic', t('account.basic')],
    ['security', t('account.security')],
    ['notices', t('account.notices')],
  ];
  return (
    <div className="flex flex-col gap-4 rounded bg-surface p-4 md:flex-row" data-testid="account-settings">
      <div role="tablist" aria-orientation="vertical" aria-label={t('account.settings')} className="flex shrink-0 gap-1 border-border md:w-48 md:flex-col md:border-r">
        {tabs.map(([key, title]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            onClick={() => setTab(key)}
            className={cn('px-4 py-2 text-left text-sm md:-mr-px md:border-r-2', tab === key ? 'border-primary bg-primary-soft text-primary-strong' : 'border-transparent hover:text-primary-strong')}
          >
            {title}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="min-w-0 flex-1 px-2">
        <h2 className="mb-4 text-base font-medium">{tabs.find(([key]) => key === tab)![1]}</h2>
        {!account ? null : tab === 'basic' ? (
          <BasicSettings account={account} onSaved={load} />
        ) : tab === 'security' ? (
          <SecuritySettings account={account} onSaved={load} />
        ) : (
          <NoticeSettings account={account} />
        )}
      </div>
    </div>
  );
}
