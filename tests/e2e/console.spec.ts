import { ALL_AREAS } from '../support/menuAreas';
import { expect, openPalette, test } from './support/pages';

test('the admin sees every business area in the side menu', async ({ page, console, signedIn }) => {
  await signedIn('admin');
  await expect(page.getByTestId('greeting')).toContainText('管理员');
  expect(await console.topLevelTitles()).toEqual([...ALL_AREAS]);
  await expect(page.getByTestId('header-title')).toHaveText('示例学校');
  await console.screenshot('console-admin-home');
});

test('the canteen administrator sees only home and the ordering area', async ({ page, console, signedIn }) => {
  await signedIn('canteen');
  expect(await console.topLevelTitles()).toEqual(['首页', '食材供应', '订餐管理']);
  await page.getByRole('menuitem', { name: '订餐管理' }).click();
  // Its eight set-up screens and 退款合并.
  await expect(page.getByRole('menu', { name: '订餐管理' }).getByRole('menuitem')).toHaveCount(9);
  await console.screenshot('console-canteen');
  // A screen outside the grant is refused with 403 and the way back; an unknown path is a 404.
  await page.goto('/system/users');
  await expect(page.getByTestId('forbidden')).toContainText('无权访问');
  await expect(page).toHaveURL('/system/users');
  await expect(page.getByRole('link', { name: '返回首页' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/404');
});

test('the side menu keeps one top-level submenu open and its collapse state survives a reload', async ({ page, console, signedIn }) => {
  await signedIn('admin');
  await page.getByRole('menuitem', { name: '系统管理' }).click();
  await expect(page.getByRole('menu', { name: '系统管理' })).toBeVisible();
  await page.getByRole('menuitem', { name: '订餐管理' }).click();
  await expect(page.getByRole('menu', { name: '订餐管理' })).toBeVisible();
  await expect(page.getByRole('menu', { name: '系统管理' })).toHaveCount(0);

  await page.getByRole('menu', { name: '订餐管理' }).getByRole('menuitem', { name: '食堂管理' }).click();
  await expect(page).toHaveURL('/meals/canteens');

  await page.getByRole('button', { name: '展开/收起菜单' }).click();
  await expect(console.sideMenu()).toHaveAttribute('data-collapsed', 'true');
  await expect.poll(async () => (await console.sideMenu().boundingBox())?.width).toBe(80);
  await page.reload();
  await expect(console.sideMenu()).toHaveAttribute('data-collapsed', 'true');
  await console.screenshot('console-collapsed');
  await page.getByRole('button', { name: '展开/收起菜单' }).click();
  await expect.poll(async () => (await console.sideMenu().boundingBox())?.width).toBe(200);
});

test('the side menu scrolls on its own and keeps the current item in view; the page does not grow with it', async ({ page, console, signedIn }) => {
  // A window lower than the menu with its last group open.
  await page.setViewportSize({ width: 1280, height: 480 });
  await signedIn('admin');
  // The last screen of the last group, opened from the palette: its item is scrolled into the menu's view.
  await openPalette(page);
  await page.keyboard.type('表格编辑');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/demo/table-edit');
  const current = console.sideMenu().locator('a[aria-current="page"]');
  await expect(current).toHaveText('表格编辑');
  // Whole inside the menu's own scrolled box (the page around it may scroll to the screen's focused cell).
  await expect
    .poll(() =>
      current.evaluate((item) => {
        const [shown, box] = [item.getBoundingClientRect(), item.closest('nav')!.getBoundingClientRect()];
        return shown.top >= box.top - 0.5 && shown.bottom <= box.bottom + 0.5;
      }),
    )
    .toBe(true);
  // The menu is never taller than the window: the page is only as long as the content beside it
  // (the screen's own length, or the window) — read once the screen has laid itself out.
  const nav = console.sideMenu().locator('nav');
  await expect.poll(() => nav.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const content = document.querySelector('[data-testid="side-menu"]')!.nextElementSibling as HTMLElement;
        return document.documentElement.scrollHeight <= Math.max(window.innerHeight, content.scrollHeight) + 1;
      }),
    )
    .toBe(true);
  await console.screenshot('console-side-menu-scrolled');
  // Back to a screen near the top: the menu scrolls back to it.
  await openPalette(page);
  await page.keyboard.type('食堂管理');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/meals/canteens');
  await expect(current).toHaveText('食堂管理');
  await expect(current).toBeInViewport({ ratio: 1 });
});

test('breadcrumb and document title follow the rules', async ({ page, console, signedIn }) => {
  await signedIn('admin');
  await expect(page).toHaveTitle('校园一卡通管理平台');
  await expect(console.breadcrumb()).toHaveText('首页');
  // Said once: no page title repeating it under the breadcrumb.
  await expect(console.pageTitle()).toHaveCount(0);

  await page.getByRole('menuitem', { name: '系统管理' }).click();
  await page.getByRole('menuitem', { name: '角色管理' }).click();
  await expect(page).toHaveURL('/system/roles');
  await expect(page).toHaveTitle('角色管理 - 校园一卡通管理平台');
  await expect(console.pageTitle()).toHaveText('角色管理');
  const crumbs = console.breadcrumb().getByRole('listitem').filter({ hasNotText: '/' });
  await expect(crumbs).toHaveText(['首页', '系统管理', '角色管理']);
  // Home is a link, the current page is plain text.
  await expect(console.breadcrumb().getByRole('link', { name: '首页' })).toHaveAttribute('href', '/dashboard/analysis');
  await expect(console.breadcrumb().locator('[aria-current="page"]')).toHaveText('角色管理');

  await page.goto('/test/home');
  await expect(page).toHaveTitle('测试页 - 校园一卡通管理平台');
  await expect(page.getByTestId('test-home')).toBeVisible();
  await console.breadcrumb().getByRole('link', { name: '首页' }).click();
  await expect(page).toHaveURL('/dashboard/analysis');
});

test('logout asks first, then returns to sign-in and the session is gone', async ({ page, signedIn }) => {
  await signedIn('admin');
  await page.getByTestId('logout-button').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('真的要注销登录吗 ?');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL('/dashboard/analysis');

  await page.getByTestId('logout-button').click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL('/user/login');
  expect(await page.evaluate(() => localStorage.getItem('Access-Token'))).toBeNull();
  await page.goto('/dashboard/analysis');
  await expect(page).toHaveURL('/user/login?redirect=%2Fdashboard%2Fanalysis');
});

test('an unknown path shows the 404 page', async ({ page, signedIn }) => {
  await signedIn('admin');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/404');
  await expect(page.getByTestId('not-found')).toContainText('抱歉，您访问的页面不存在。');
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL('/dashboard/analysis');
});

test('a revoked session sends the user back to sign-in with the page as redirect', async ({ page, signedIn }) => {
  await signedIn('admin');
  // Another tab logged out: the stored token is no longer valid on the server.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token')!).value as string);
  await page.request.post('/ccu-boot/sys/logout', { headers: { 'X-Access-Token': token } });
  await page.goto('/meals/canteens');
  await expect(page).toHaveURL('/user/login?redirect=%2Fmeals%2Fcanteens');
});

test('on a phone the header shows the short title and the menu is a drawer', async ({ page, console, signedIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn('admin');
  await expect(page.getByTestId('header-title')).toHaveText('一卡通');
  await expect(console.sideMenu()).toHaveCount(0);
  await page.getByRole('button', { name: '展开/收起菜单' }).click();
  await expect(console.sideMenu()).toBeVisible();
  await console.screenshot('console-mobile-drawer');
  await page.getByRole('menuitem', { name: '终端设备' }).click();
  await expect(page).toHaveURL('/devices');
  await expect(console.sideMenu()).toHaveCount(0);
});

test('the user menu clears the cache and switches the language through the same commands', async ({ page, signedIn }) => {
  await signedIn('admin');
  await page.evaluate(() => localStorage.removeItem('UI_CACHE_DB_DICT_DATA'));
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: '清理缓存' }).click();
  await expect(page.getByText('刷新缓存完成！')).toBeVisible();
  const cached = await page.evaluate(() => JSON.parse(localStorage.getItem('UI_CACHE_DB_DICT_DATA') ?? 'null'));
  expect(cached.value.sex).toEqual([
    { value: '1', text: '男', title: '男' },
    { value: '2', text: '女', title: '女' },
  ]);

  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByTestId('logout-button')).toHaveText('Log out');
  await expect(page.getByTestId('breadcrumb')).toHaveText('Home');
});

test("the home page charts the last seven days of sign-ins, today's included and quiet days as zeros", async ({ page, console, signedIn }) => {
  await signedIn('admin');
  const chart = page.getByTestId('visit-chart');
  await expect(chart.locator('svg')).toBeVisible();
  const label = (await chart.getAttribute('aria-label')) ?? '';
  // Seven days, each with its count.
  expect(label.split('，')).toHaveLength(7);
  expect(label).toMatch(/登录次数 [1-9]\d*$/);
  await console.screenshot('home-chart');
});
