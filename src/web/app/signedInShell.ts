import { HOME_SCREEN } from '@shared/constants';
import { usePermissions } from '@web/stores/permissions';
import { requestFileAccess } from '@web/api/files';
import { preloadable } from '@web/lib/preloadable';
import { fetchPermissions, loadServerLabels } from './sessionActions';

/** The signed-in layout (menus, tabs, palette host, the commands' runtime): its own chunk, not needed to sign in. */
export const SignedInLayout = preloadable(() => import('./SignedInRoot').then((module) => ({ default: module.SignedInRoot })));

/**
 * The layout's code and the home screen's, fetched on the sign-in page while the user types, and
 * the command list worked out (the hotkeys and the palette read it as the console first draws).
 */
export function preloadConsole(): Promise<unknown> {
  return Promise.all([
    SignedInLayout.preload(),
    import('@web/screens/ScreenHost').then((module) => module.preloadScreen(HOME_SCREEN)),
    import('@commands/index').then((module) => module.findCommand('')),
  ]);
}

/**
 * Loads what the first signed-in screen needs before showing it: the permissions, the layout's
 * chunk and the chunk of the page at `pathname`, the chunks fetched while the permissions are
 * on their way. Nothing then suspends, so the menu is drawn in the frame the data arrives.
 */
export async function loadSignedIn(pathname: string): Promise<void> {
  const layout = SignedInLayout.preload();
  const pages = import('./screenRoutes');
  // The file cookie once per signed-in load (not with every permission refresh), before the
  // layout shows a stored picture (the avatar).
  const [permissions] = await Promise.all([fetchPermissions(), requestFileAccess().catch(() => undefined)]);
  // A chunk that fails here fails again when rendered, where the error is shown.
  await Promise.all([layout, pages.then((module) => module.preloadPage(permissions.menu, pathname))]).catch(() => undefined);
  usePermissions.getState().setPermissions(permissions);
  void loadServerLabels();
}
