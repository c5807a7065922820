import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import { translate } from '@web/i18n';
import { usePermissions } from '@web/stores/permissions';
import { useSession } from '@web/stores/session';
import { FullPageSpinner } from '@web/components/FullPageSpinner';
import { decideNavigation, loginRedirectFor, safeRedirect } from './guardRules';
import { logout } from './sessionActions';
import { loadSignedIn } from './signedInShell';

/**
 * Runs the navigation guard on every location change and renders the routes only when the
 * decision is "render"; otherwise it redirects or loads the user's permissions first.
 */
export function NavigationGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const hasToken = useSession((state) => Boolean(state.token));
  const permissionsLoaded = usePermissions((state) => state.loaded);
  const loading = useRef(false);

  const decision = decideNavigation({ pathname: location.pathname, search: location.search, hasToken, permissionsLoaded });

  const { kind } = decision;
  const redirectTo = decision.kind === 'redirect' ? decision.to : '';

  useEffect(() => {
    if (kind === 'redirect') {
      navigate(redirectTo, { replace: true });
      return;
    }
    if (kind !== 'loadPermissions' || loading.current) return;
    loading.current = true;
    const fullPath = `${location.pathname}${location.search}`;
    const redirect = safeRedirect(new URLSearchParams(location.search).get('redirect'));
    loadSignedIn(redirect ?? location.pathname)
      // Already on the requested path: only a redirect query moves the user. Navigating to the
      // same path again would undo a redirect the new routes just made (unknown path → /404).
      .then(() => redirect && navigate(redirect, { replace: true }))
      .catch(async (error: unknown) => {
        if (error instanceof Error && error.message === translate('guard.permissionsEmpty')) {
          toast.error(translate('common.notice'), { description: error.message });
        }
        await logout();
        navigate(loginRedirectFor(fullPath), { replace: true });
      })
      .finally(() => {
        loading.current = false;
      });
  }, [kind, redirectTo, location.pathname, location.search, navigate]);

  if (decision.kind !== 'render') return <FullPageSpinner />;
  return children;
}
