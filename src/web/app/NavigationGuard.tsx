import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '@web/api/errors';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import { translate } from '@web/i18n';
import { usePermissions } from '@web/stores/permissions';
import { useSession } from '@web/stores/session';
import { FullPageSpinner } from '@web/components/FullPageSpinner';
import { decideNavigation, loginRedirectFor, safeRedirect } from './guardRules';
import { logout } from './sessionActions';
import { loadSignedIn } from './signedInShell';

/** How long after an unreachable server the permissions are asked for again. */
const RETRY_MS = 3000;

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
  // Bumped to load again after the server could not be reached.
  const [attempt, setAttempt] = useState(0);

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
        // Not reached (the network, or the page being left mid-load): the session is still good,
        // so it is not ended — the load is tried again in a moment.
        if (error instanceof ApiError && error.status === 0) {
          toast.error(translate('guard.unreachable'));
          window.setTimeout(() => setAttempt((count) => count + 1), RETRY_MS);
          return;
        }
        if (error instanceof Error && error.message === translate('guard.permissionsEmpty')) {
          toast.error(translate('common.notice'), { description: error.message });
        }
        await logout();
        navigate(loginRedirectFor(fullPath), { replace: true });
      })
      .finally(() => {
        loading.current = false;
      });
  }, [kind, redirectTo, location.pathname, location.search, navigate, attempt]);

  if (decision.kind !== 'render') return <FullPageSpinner />;
  return children;
}
