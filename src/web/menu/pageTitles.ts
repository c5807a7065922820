import type { MessageKey } from '@web/i18n';

/** Titles of the routes that do not come from the menu. */
export const STATIC_PAGE_TITLES: Readonly<Record<string, MessageKey>> = {
  '/test/home': 'test.title',
  '/isps/userAnnouncement': 'page.userAnnouncement',
  '/account/center': 'account.center',
  '/account/settings': 'account.settings',
  '/do': 'deeplink.title',
};
