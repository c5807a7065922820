import { Link } from 'react-router-dom';
import { LOGIN_PATH } from '@shared/constants';
import { useT, type MessageKey } from '@web/i18n';

/** Register, register-result and alteration say plainly that their flows are not open yet. */
export function NotOpenYet({ title, body }: { title: MessageKey; body: MessageKey }) {
  const t = useT();
  return (
    <section className="flex flex-col gap-4 rounded bg-surface p-6 text-center shadow-sm">
      <h2 className="text-base font-medium">{t(title)}</h2>
      <p className="text-text-muted">{t(body)}</p>
      <Link to={LOGIN_PATH} className="text-primary-strong hover:text-primary-strong">
        {t('user.backToLogin')}
      </Link>
    </section>
  );
}

export const Register = () => <NotOpenYet title="register.title" body="register.notYet" />;
export const RegisterResult = () => <NotOpenYet title="registerResult.title" body="registerResult.notYet" />;
export const Alteration = () => <NotOpenYet title="alteration.title" body="alteration.notYet" />;
