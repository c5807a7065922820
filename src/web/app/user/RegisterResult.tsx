import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { LOGIN_PATH } from '@shared/constants';
import { useT } from '@web/i18n';

/** 注册结果 (/user/register-result): the account made, and that an administrator grants its screens. */
export default function RegisterResult() {
  const t = useT();
  const [params] = useSearchParams();
  const username = params.get('user') ?? '';
  return (
    <section className="flex flex-col items-center gap-4 rounded bg-surface p-6 text-center" data-testid="register-result">
      <CircleCheck className="size-12 text-success" aria-hidden />
      <h2 className="text-base font-medium">{t('registerResult.title')}</h2>
      {username ? <p data-testid="register-result-account">{t('registerResult.done', { username })}</p> : null}
      <p className="text-sm text-text-muted">{t('registerResult.next')}</p>
      <Link to={`${LOGIN_PATH}`} className="rounded bg-primary px-4 py-2 text-sm text-white hover:bg-primary-strong">
        {t('registerResult.signIn')}
      </Link>
    </section>
  );
}
