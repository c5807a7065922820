import { useEffect } from 'react';
import { useDataVersion } from '@web/stores/dataVersion';
import { useSession } from '@web/stores/session';
import { loadPermissions } from './sessionActions';

/** How often a signed-in console asks again what its user may do. */
const REFRESH_MS = 60_000;
/** Focus events come in bursts (alt-tab, dialogs): one fetch per burst. */
const MIN_GAP_MS = 2_000;

let last = 0;

/** Fetches the menu and buttons again; the palette, menu and buttons follow the store. */
export function refreshPermissions(force = false): void {
  if (!useSession.getState().token) return;
  const now = Date.now();
  if (!force && now - last < MIN_GAP_MS) return;
  last = now;
  // A failed refresh keeps what the user had; the server still refuses what they lost.
  loadPermissions().catch(() => undefined);
}

/**
 * Permission changes reach a signed-in user without a new sign-in: when the window comes back
 * to the front, every minute, and at once after this console changed menus or role grants.
 */
export function usePermissionRefresh(): void {
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && refreshPermissions();
    const onFocus = () => refreshPermissions();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(() => refreshPermissions(true), REFRESH_MS);
    const unsubscribe = useDataVersion.subscribe((state, previous) => {
      // Department grants limit department roles: they change what users hold too.
      if ((['permissions', 'roles', 'departments'] as const).some((kind) => state.versions[kind] !== previous.versions[kind])) refreshPermissions(true);
    });
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
      unsubscribe();
    };
  }, []);
}
