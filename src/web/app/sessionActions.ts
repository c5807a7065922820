import type { LoginResult, PermissionResult } from '@shared/types';
import { authApi } from '@web/api/auth';
import { primeAnswers } from '@web/api/client';
import { homeApi } from '@web/api/home';
import { translate, useLocale } from '@web/i18n';
import { useDicts } from '@web/stores/dicts';
import { usePermissions } from '@web/stores/permissions';
import { loadOnlineForms } from '@web/online/onlineForms';
import { addPublishedReportCommands } from '@web/online/publishedReports';
import { loadPaletteUses } from '@web/palette/recent';
import { clearLocalSession, useSession } from '@web/stores/session';
import { useTabs } from '@web/tabs/store';

/** Keeps what sign-in returned: token and user (7 days), all dictionary items. */
export function completeSignIn(result: LoginResult): void {
  // The menu, forms, ranking and file cookie came with the sign-in: the console's first asks take them.
  primeAnswers(result.consoleStart);
  useSession.getState().signIn(result.token, result.userInfo);
  useDicts.getState().setAll(result.sysAllDictItems);
  // Tabs are kept per user: bring back this user's.
  useTabs.getState().restore();
}

/** Fetches the user's menu and buttons; an empty menu is an error, as the spec says. */
export async function fetchPermissions(): Promise<PermissionResult> {
  // The published online forms' declarations arrive with the menu that names their screens (and the published reports' commands with it).
  const [result] = await Promise.all([authApi.permissions(), loadOnlineForms(), loadPaletteUses()]);
  if (!Array.isArray(result?.menu) || result.menu.length === 0) throw new Error(translate('guard.permissionsEmpty'));
  addPublishedReportCommands(result.menu);
  return result;
}

/** Fetches the user's menu and buttons and shows them. */
export async function loadPermissions(): Promise<void> {
  usePermissions.getState().setPermissions(await fetchPermissions());
  void loadServerLabels();
}

/** The school's own labels for the zh-CN catalogue; the built-in text stays on failure. */
export async function loadServerLabels(): Promise<void> {
  try {
    useLocale.getState().setOverrides(await homeApi.i18n());
  } catch {
    // Keep the built-in catalogue.
  }
}

/** Ends the session on the server (whatever it answers) and forgets it here. */
export async function logout(): Promise<void> {
  try {
    await authApi.logout();
  } catch {
    // Logging out must work even when the server no longer knows the token.
  } finally {
    clearLocalSession();
    // Nothing the last sign-in carried is given to the next one.
    primeAnswers(undefined);
  }
}
