import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { MY_ANNOUNCEMENTS_SCREEN } from '@shared/entities/system/announcement';
import { accountApi, type Account } from '@web/api/account';
import { useT } from '@web/i18n';
import { useNotices } from '@web/notices/store';
import { Avatar } from './Avatar';

/** 个人中心: who the user is here — school, departments, roles — their unread messages and recent sign-ins. */
export default function Center() {
  const t = useT();
  const [account, setAccount] = useState<Account | null>(null);
  const feed = useNotices((state) => state.feed);
  useEffect(() => {
    void accountApi.get().then(setAccount, () => undefined);
  }, []);
  if (!account) return null;
  const { userInfo } = account;
  const rows: [string, string][] = [
    [t('account.school'), userInfo.companyName],
    [t('account.departs'), account.departs.join('、') || t('account.none')],
    [t('account.roles'), account.roles.join('、') || t('account.none')],
    [t('users.phone'), account.phoneMasked ?? t('account.none')],
    [t('account.joined'), account.createTime],
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-[320px_1fr]" data-testid="account-center">
      <section className="flex flex-col items-center gap-3 rounded bg-surface p-6 text-center">
        <Avatar avatar={userInfo.avatar} name={userInfo.realname || userInfo.username} size={96} />
        <h2 className="text-lg font-medium">{userInfo.nickname || userInfo.realname}</h2>
        <p className="text-sm text-text-muted">{userInfo.username}</p>
        <dl className="mt-2 grid w-full grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-left text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-text-muted">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <Link to={MY_ANNOUNCEMENTS_SCREEN} className="mt-2 text-sm text-primary-strong hover:underline" data-testid="account-unread">
          {t('account.unread')}：{feed.anntMsgTotal + feed.sysMsgTotal}
        </Link>
      </section>
      <section className="rounded bg-surface p-6">
        <h2 className="mb-3 text-base font-medium">{t('account.recentSignIns')}</h2>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-border text-left text-text-muted">
              <th className="py-2 font-normal">{t('account.signInTime')}</th>
              <th className="py-2 font-normal">{t('account.signInIp')}</th>
              <th className="py-2 font-normal">{t('account.signInResult')}</th>
            </tr>
          </thead>
          <tbody>
            {account.signIns.map((entry) => (
              <tr key={`${entry.time}-${entry.ip}`} className="border-b border-border">
                <td className="py-2">{entry.time}</td>
                <td className="py-2">{entry.ip}</td>
                <td className={entry.success ? 'py-2' : 'py-2 text-danger'}>{entry.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
