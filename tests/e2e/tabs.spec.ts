import { expect, openPalette, test, type ConsolePage } from './support/pages';
import type { Page } from '@playwright/test';

const tabStrip = (page: Page) => page.getByTestId('tab-strip');
const tabTitles = async (page: Page) => (await tabStrip(page).getByRole('tab').allInnerTexts()).map((text) => text.trim());
const tab = (page: Page, title: string) => tabStrip(page).getByRole('tab', { name: title, exact: false });

async function openFourPages(page: Page, console: ConsolePage) {
  for (const path of ['/system/users', '/system/roles', '/meals/canteens', '/test/home']) {
    await page.goto(path);
    await expect(console.sideMenu()).toBeVisible();
  }
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '用户管理', '角色管理', '食堂管理', '测试页']);
}

test('the tab context menu closes left, right and others, and refreshes', async ({ page, console, signedIn }) => {
  await signedIn('admin');
  await openFourPages(page, console);
  await page.screenshot({ path: 'test-results/screenshots/tabs-four-pages.png' });

  await tab(page, '角色管理').click({ button: 'right' });
  await expect(page.getByTestId('tab-context-menu')).toContainText('关闭左侧');
  await page.getByRole('menuitem', { name: '关闭左侧' }).click();
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理', '食堂管理', '测试页']);
  await expect(page).toHaveURL('/system/roles');

  await tab(page, '食堂管理').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭右侧' }).click();
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理', '食堂管理']);
  await expect(page).toHaveURL('/meals/canteens');

  // Refresh remounts only that page: a mark left on it disappears, one on another tab stays. The
  // marks go on the screens themselves, drawn (a tab restored by the reload is first drawn when shown).
  await expect(page.getByTestId('canteen-list').getByRole('row').nth(1)).toBeVisible();
  await page.locator('[data-tab-view="/meals/canteens"]').evaluate((el) => el.firstElementChild?.setAttribute('data-mark', 'x'));
  await tab(page, '角色管理').click();
  await expect(page.locator('[data-tab-view="/system/roles"] [role="row"]').nth(1)).toBeVisible();
  await page.locator('[data-tab-view="/system/roles"]').evaluate((el) => el.firstElementChild?.setAttribute('data-mark', 'y'));
  await tab(page, '食堂管理').click();
  await expect(page.locator('[data-tab-view="/meals/canteens"] > [data-mark="x"]')).toHaveCount(1);
  await tab(page, '食堂管理').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '刷新' }).click();
  await expect(page.locator('[data-tab-view="/meals/canteens"] > [data-mark="x"]')).toHaveCount(0);
  await expect(page.locator('[data-tab-view="/system/roles"] > [data-mark="y"]')).toHaveCount(1);

  await tab(page, '角色管理').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理']);

  // Tabs survive a reload; the one in front is drawn, the others when first shown, and then kept.
  await page.reload();
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理']);
  await expect(page.locator('[data-tab-view="/system/roles"]')).toBeVisible();
  await expect(page.locator('[data-tab-view="/dashboard/analysis"]')).toHaveCount(0);
  await tab(page, '首页').click();
  await expect(page.locator('[data-tab-view="/dashboard/analysis"]')).toBeVisible();
  await expect(page.locator('[data-tab-view="/system/roles"]')).toBeHidden();
  await expect(page.locator('[data-tab-view="/system/roles"]')).toHaveCount(1);
});

test('home and the last tab cannot be closed, with the exact messages', async ({ page, console, signedIn }) => {
  await signedIn('admin');
  await page.goto('/system/users');
  await expect(console.sideMenu()).toBeVisible();
  await tab(page, '首页').click();
  await expect(page).toHaveURL('/dashboard/analysis');
  await page.keyboard.press('Control+Alt+w');
  await expect(page.getByText('首页不能关闭!')).toBeVisible();

  // With multi-page mode off and on again, only the current page is a tab.
  await page.goto('/meals/canteens');
  await expect(console.sideMenu()).toBeVisible();
  await page.getByTestId('settings-button').click();
  const multipage = page.getByTestId('settings-drawer').getByRole('switch', { name: '多页签模式' });
  await multipage.click();
  await expect(tabStrip(page)).toHaveCount(0);
  await multipage.click();
  await page.keyboard.press('Escape');
  await expect.poll(() => tabTitles(page)).toEqual(['食堂管理']);
  await page.keyboard.press('Control+Alt+w');
  await expect(page.getByText('这是最后一页，不能再关闭了啦')).toBeVisible();
});

test('tabs by keyboard: close, jump, next/previous, reopen, and the palette lists open tabs', async ({ page, console, signedIn }) => {
  await signedIn('admin');
  await openFourPages(page, console);
  // Each step waits until the strip shows the new current tab, as a person would see it.
  const current = (title: string) => expect(tab(page, title)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Alt+2');
  await expect(page).toHaveURL('/system/users');
  await current('用户管理');
  await page.keyboard.press('Control+Alt+ArrowRight');
  await expect(page).toHaveURL('/system/roles');
  await current('角色管理');
  await page.keyboard.press('Control+Alt+ArrowLeft');
  await expect(page).toHaveURL('/system/users');
  await current('用户管理');
  await page.keyboard.press('Control+Alt+w');
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理', '食堂管理', '测试页']);
  await expect(page).toHaveURL('/system/roles');
  await page.keyboard.press('Alt+Shift+t');
  await expect(page).toHaveURL('/system/users');
  await expect.poll(() => tabTitles(page)).toEqual(['首页', '角色管理', '食堂管理', '测试页', '用户管理']);

  await openPalette(page);
  await page.keyboard.type('ceshiye');
  const first = page.getByTestId('palette').locator('[cmdk-item]').first();
  await expect(first).toHaveAttribute('data-entry-kind', 'tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/test/home');
});

test('tabs that do not fit scroll with ‹ › and are all listed; the active one stays in view', async ({ page, console, signedIn }) => {
  // Fourteen pages loaded whole (the tabs are kept across loads) take 20–30 s on a busy machine by themselves.
  test.setTimeout(90_000);
  await signedIn('admin');
  const paths = [
    '/system/users',
    '/system/roles',
    '/system/departments',
    '/system/permissions',
    '/system/dictionaries',
    '/meals/canteens',
    '/meals/stores',
    '/meals/tables',
    '/meals/combos',
    '/meals/categories',
    '/meals/buffet-rules',
    '/meals/config',
    '/members/departments',
    '/demo/table-edit',
  ];
  for (const path of paths) {
    await page.goto(path);
    await expect(console.sideMenu()).toBeVisible();
  }
  await expect.poll(() => tabTitles(page)).toHaveLength(paths.length + 1);
  await expect(page.getByTestId('tabs-scroll-left')).toBeVisible();
  // The active tab (the last page opened) is in view.
  await expect(tab(page, '表格编辑')).toBeInViewport();
  await expect(tab(page, '首页')).not.toBeInViewport();
  await page.getByTestId('tabs-scroll-left').click();
  await page.getByTestId('tabs-scroll-left').click();
  await page.getByTestId('tabs-scroll-left').click();
  await expect(tab(page, '首页')).toBeInViewport();
  // The list of all tabs goes to any of them, which comes into view.
  await page.getByTestId('tabs-all').click();
  await expect(page.getByTestId('tabs-all-list').getByRole('menuitem')).toHaveCount(paths.length + 1);
  await console.screenshot('tabs-overflow');
  await page.getByTestId('tabs-all-list').getByRole('menuitem', { name: '餐次配置' }).click();
  await expect(page).toHaveURL('/meals/config');
  await expect(tab(page, '餐次配置')).toBeInViewport();
  await expect(tab(page, '餐次配置')).toHaveAttribute('aria-selected', 'true');
});
