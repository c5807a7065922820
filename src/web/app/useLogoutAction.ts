import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '@shared/constants';
import { openConfirm } from '@web/components/dialogs';
import { useT } from '@web/i18n';
import { logout } from './sessionActions';

/** Asks first ('really log out?'), then ends the session and returns to sign-in. */
export function useLogoutAction(): () => Promise<void> {
  const t = useT();
  const navigate = useNavigate();
  return async () => {
    const confirmed = await openConfirm({ title: t('header.logoutTitle'), description: t('header.logoutConfirm') });
    if (!confirmed) return;
    await logout();
    navigate(LOGIN_PATH, { replace: true });
  };
}
