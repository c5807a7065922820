import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import dayjs from 'dayjs';
import { findCommand, isAvailable, isPermitted, type CommandContext } from '@commands/index';
import type { CommandServices } from '@commands/services';
import { systemApi } from '@web/api/system';
import { useLocale, translate } from '@web/i18n';
import { copyToClipboard, downloadFile } from '@web/lib/browser';
import { usePalette } from '@web/stores/palette';
import { useSettings } from '@web/settings/store';
import { useTabs } from '@web/tabs/store';
import { registerCurrentPage } from '@web/tabs/registerCurrentPage';
import { currentPage, nextGridOf, queryFieldOf } from '@web/lib/focus';
import { holdForCommand } from '@web/lib/typeAhead';
import type { TabAction } from '@shared/tabs';
import { useLogoutAction } from './useLogoutAction';
import { useDicts } from '@web/stores/dicts';
import { useLayout } from '@web/stores/layout';
import { usePermissions } from '@web/stores/permissions';
import { selectionOf, useSelection } from '@web/stores/selection';
import { useSession } from '@web/stores/session';
import { recordActions } from '@web/dialogs/recordActions';
import { useDialogs } from '@web/stores/dialogs';
import { useNotices } from '@web/notices/store';
import { fileUrl } from '@web/api/files';
import { reportActions } from '@web/screens/reports/reportActions';
import type { CommandPort, RunCommand } from '@web/components/commandPort';

type TargetedTabAction = Extract<TabAction, { fullPath?: string | undefined }>;
const isTabTargeted = (action: TabAction): action is TargetedTabAction => 'fullPath' in action || ['close', 'closeLeft', 'closeRight', 'closeOthers', 'refresh'].includes(action.type);

/** The inputs of command availability: route, the user's codes, locale, selection. */
function useCommandContext(): CommandContext {
  const { pathname, search } = useLocation();
  const codes = usePermissions((state) => state.codes);
  const auth = usePermissions((state) => state.auth);
  const allAuth = usePermissions((state) => state.allAuth);
  const locale = useLocale((state) => state.locale);
  const settings = useSettings((state) => state.settings);
  const tabs = useTabs((state) => state.tabs);
  const activeTab = useTabs((state) => state.active);
  const titles = useTabs((state) => state.titles);
  // Only the rows of the screen on view: another tab's selection is not this page's.
  const selection = useSelection((state) => selectionOf(state, pathname));
  const username = useSession((state) => state.username);
  return useMemo(() => {
    const openTabs = settings.multipage ? tabs.map((tab) => ({ fullPath: tab.fullPath, title: titles[tab.fullPath] ?? (locale === 'en' && tab.titleEn ? tab.titleEn : tab.title) })) : [];
    return { pathname, fullPath: `${pathname}${search}`, codes, auth, allAuth, locale, selection, settings, openTabs, activeTab, ...(username ? { username } : {}) };
  }, [pathname, search, codes, auth, allAuth, locale, settings, tabs, activeTab, titles, selection, username]);
}

/** What commands may do in this app. */
function useCommandServices(): CommandServices {
  const navigate = useNavigate();
  const logout = useLogoutAction();
  return useMemo(
    () => ({
      navigate: (to) => navigate(to),
      back: () => navigate(-1),
      forward: () => navigate(1),
      logout,
      async clearCache() {
        try {
          await systemApi.refreshDictCache();
          useDicts.getState().setAll(await systemApi.allDictItems());
          toast.success(translate('cache.refreshed'));
        } catch {
          toast.error(translate('cache.refreshFailed'));
        }
      },
      toggleSider: () => useLayout.getState().toggleCollapsed(),
      setLocale: (locale) => useLocale.getState().setLocale(locale),
      openPalette: () => usePalette.getState().openPalette(),
      focusPage(part) {
        const page = currentPage();
        const target = page ? (part === 'query' ? queryFieldOf(page) : nextGridOf(page)) : null;
        if (target) target.focus();
        else toast.info(translate(part === 'query' ? 'page.noQuery' : 'page.noGrid'));
      },
      openHelp: () => usePalette.getState().setHelpOpen(true),
      async copyText(text) {
        try {
          await copyToClipboard(text);
          toast.success(translate('palette.linkCopied'), { description: text });
        } catch {
          toast.error(translate('palette.copyFailed'));
        }
      },
      async exportPermissions() {
        const tree = await systemApi.permissionTree();
        downloadFile(`menus-permissions-${dayjs().format('YYYYMMDD-HHmmss')}.json`, JSON.stringify(tree, null, 2));
      },
      tabs(action) {
        // The address bar is the truth about the current page; the store may lag a render behind.
        const current = `${window.location.pathname}${window.location.search}`;
        if (useSettings.getState().settings.multipage) registerCurrentPage(current);
        let resolved = action;
        if (action.type === 'step') resolved = { ...action, from: action.from ?? current };
        else if (isTabTargeted(action)) resolved = { ...action, fullPath: action.fullPath ?? current };
        const to = useTabs.getState().dispatch(resolved);
        if (to) navigate(to);
      },
      exportCsv(rows) {
        const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
        const cell = (value: unknown) => {
          const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
          return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
        };
        const csv = [keys.join(','), ...rows.map((row) => keys.map((key) => cell(row[key])).join(','))].join('\r\n');
        downloadFile(`rows-${dayjs().format('YYYYMMDD-HHmmss')}.csv`, `\uFEFF${csv}`, 'text/csv;charset=utf-8');
      },
      clearSelection: () => useSelection.getState().clear(window.location.pathname),
      setSetting: (key, value) => useSettings.getState().change(key, value),
      openSettings: () => useSettings.getState().setDrawerOpen(true),
      origin: window.location.origin,
      openDialog: (kind, props) => useDialogs.getState().open(kind, props),
      // After the palette has closed and given focus back, or the popover would close at once.
      downloadStored: (path) => window.open(fileUrl(path), '_blank', 'noopener'),
      openNotices: () => window.setTimeout(() => useNotices.getState().setPopoverOpen(true), 0),
      warn: (message) => toast.warning(message[useLocale.getState().locale]),
      records: recordActions,
      reports: reportActions,
    }),
    [navigate, logout],
  );
}

/**
 * Runs a command when it is available; a command whose arguments are missing opens the palette
 * on its argument page instead.
 */
function useRunCommand(): RunCommand {
  const ctx = useCommandContext();
  const app = useCommandServices();
  return useCallback<RunCommand>(
    async (target, args = {}, options = {}) => {
      const command = typeof target === 'string' ? findCommand(target) : target;
      // A link has left its own page already: only the permission decides.
      if (!command || !(options.fromLink ? isPermitted(command, ctx) : isAvailable(command, ctx))) return 'unavailable';
      const missing = command.args?.find((arg) => !args[arg.name]);
      if (missing) {
        usePalette.getState().openPalette('all', { commandId: command.id, argName: missing.name, args: { ...args } });
        return 'needsArgs';
      }
      // Keys pressed while it starts are for what it opens (a dialog takes them over).
      const release = holdForCommand();
      try {
        await command.run({ ...ctx, app }, args);
      } finally {
        release();
      }
      return 'ran';
    },
    [ctx, app],
  );
}

/**
 * The port (components/commandPort) as the runtime fills it where it is called: its route and
 * selection are those of the location in scope (a tab view's own, in a kept-alive tab).
 */
export function useCommandPortValue(): CommandPort {
  const context = useCommandContext();
  const services = useCommandServices();
  const run = useRunCommand();
  return useMemo(() => ({ context, run, services }), [context, run, services]);
}
