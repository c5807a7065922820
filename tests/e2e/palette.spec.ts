import { E2E_ADMIN_PASSWORD } from './support/constants';
import { expect, openPalette, test } from './support/pages';
import { findAndSelect, onView, openScreen, run } from './support/keyboardSteps';
import { newCard } from './support/lostCard';

test('keyboard only: sign in, Ctrl+K, yhgl, Enter opens 用户管理', async ({ page }) => {
  await page.goto('/user/login');
  await expect(page.getByPlaceholder('请输入用户名')).toBeFocused();
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await page.keyboard.type(E2E_ADMIN_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/dashboard/analysis');
  await expect(page.getByTestId('menu-search')).toBeVisible();

  await openPalette(page);
  const palette = page.getByTestId('palette');
  await page.keyboard.type('yhgl');
  const first = palette.locator('[cmdk-item]').first();
  await expect(first).toContainText('用户管理');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: 'test-results/screenshots/palette-yhgl.png' });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/system/users');
  await expect(palette).toHaveCount(0);

  // With an empty query the palette now offers it again, first, as a recent item.
  await openPalette(page);
  await expect(palette.locator('[cmdk-group-heading]').first()).toHaveText('最近使用');
  await expect(palette.locator('[cmdk-item]').first()).toContainText('用户管理');
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
});

test('keys typed before the palette is ready are kept: Ctrl+K as the console appears, then a name or a card reader at full speed', async ({ page, login }) => {
  // The palette's code arrives late (a slow network): everything typed meanwhile must still count.
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/Palette-*.js', async (route) => {
    await arrived;
    await route.continue();
  });
  await login.goto();
  await login.signIn('admin');
  // The moment the console is there: Ctrl+K, a screen's initials and Enter, all before the palette can show.
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('jsgl\n');
  await expect(page.getByTestId('palette')).toHaveCount(0);
  release();
  await expect(page).toHaveURL('/system/roles');
  await expect(page.getByTestId('palette')).toHaveCount(0);

  // A card reader after Ctrl+K: the number and its Enter in one burst open that person's account.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('20260001\n');
  await expect(page).toHaveURL(/\/members\/accounts\?id=/);
  await expect(page.getByTestId('account-panel').getByTestId('account-panel-cards')).toContainText('20260001');
});

test('the Enter that confirms a Chinese candidate does not run the highlighted item', async ({ page, signedIn }) => {
  await signedIn('admin');
  await openPalette(page);
  const input = page.getByTestId('palette').getByRole('combobox');

  // Type 角色 through the IME: composition, then the Enter that picks the candidate.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'jiaose', selectionStart: 6, selectionEnd: 6 });
  await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 229, nativeVirtualKeyCode: 229 });
  await cdp.send('Input.insertText', { text: '角色' });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 });
  // And a keydown the browser marks as composing, as Chrome sends it mid-composition.
  await input.evaluate((element) => element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 229, isComposing: true, bubbles: true, cancelable: true })));

  await expect(input).toHaveValue('角色');
  await expect(page).toHaveURL('/dashboard/analysis');
  await expect(page.getByTestId('palette').locator('[cmdk-item]').first()).toContainText('角色管理');

  // A real Enter afterwards runs it.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/system/roles');
});

test('? shows every command with its keys; hotkeys and sequences work', async ({ page, console, signedIn }) => {
  await signedIn('admin');
  await page.keyboard.press('Shift+Slash');
  const sheet = page.getByTestId('help-sheet');
  await expect(sheet.getByRole('heading', { name: '键盘快捷键' })).toBeVisible();
  await expect(sheet.getByRole('region', { name: '导航' })).toContainText('回到首页');
  await expect(sheet.getByRole('region', { name: '帮助' })).toContainText('Ctrl+K');
  await expect(sheet.getByRole('region', { name: '系统管理' })).toContainText('导出菜单与权限配置');
  await page.screenshot({ path: 'test-results/screenshots/help-sheet.png' });
  // Searchable, the keyboard in its search box: by a keyword, by the keys.
  await expect(sheet.getByTestId('help-search')).toBeFocused();
  await page.keyboard.type('huidao');
  await expect(sheet.getByRole('region', { name: '导航' })).toContainText('回到首页');
  await expect(sheet.getByRole('region', { name: '系统管理' })).toHaveCount(0);
  await sheet.getByTestId('help-search').fill('ctrl+k');
  await expect(sheet.getByRole('region', { name: '帮助' })).toContainText('命令面板');
  await sheet.getByTestId('help-search').fill('没有这个命令');
  await expect(sheet).toContainText('没有匹配的命令');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  await page.keyboard.press('Control+Backslash');
  await expect(console.sideMenu()).toHaveAttribute('data-collapsed', 'true');
  await page.keyboard.press('Control+Backslash');
  await expect(console.sideMenu()).not.toHaveAttribute('data-collapsed', 'true');

  await page.goto('/test/home');
  await expect(page.getByTestId('menu-search')).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await expect(page).toHaveURL('/dashboard/analysis');
  await page.goto('/test/home');
  await expect(page.getByTestId('menu-search')).toBeVisible();
  await page.keyboard.press('Alt+Shift+H');
  await expect(page).toHaveURL('/dashboard/analysis');
});

test('nested pages: an argument page, Backspace and Esc go back, then Esc closes', async ({ page, signedIn }) => {
  await signedIn('admin');
  await openPalette(page);
  const palette = page.getByTestId('palette');
  await page.keyboard.type('qiehuanyuyan');
  await expect(palette.locator('[cmdk-item]').first()).toContainText('切换语言');
  await page.keyboard.press('Enter');
  await expect(palette.getByRole('button', { name: '返回' })).toContainText('切换语言');
  await expect(palette.locator('[cmdk-item]')).toHaveText(['简体中文', 'English']);
  await page.keyboard.press('Backspace');
  await expect(palette.getByRole('button', { name: '返回' })).toHaveCount(0);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('切换语言');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(palette).toBeVisible();
  await expect(palette.getByRole('button', { name: '返回' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);

  await openPalette(page);
  await page.keyboard.type('yuyan');
  await page.keyboard.press('Enter');
  await page.keyboard.type('english');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('logout-button')).toHaveText('Log out');
});

test('Ctrl+C on a result copies its link', async ({ page, context, signedIn }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedIn('admin');
  await openPalette(page);
  await page.keyboard.type('juese');
  await expect(page.getByTestId('palette').locator('[cmdk-item]').first()).toContainText('角色管理');
  await page.keyboard.press('Control+c');
  await expect(page.getByText('链接已复制')).toBeVisible();
  const origin = await page.evaluate(() => window.location.origin);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/system/roles`);
});

test('a deep link while signed out signs in, then runs the command', async ({ page, login }) => {
  await page.goto('/do/appearance.language?locale=en');
  await expect(page).toHaveURL('/user/login?redirect=%2Fdo%2Fappearance.language%3Flocale%3Den');
  await login.signIn('admin');
  await expect(page).toHaveURL('/dashboard/analysis');
  await expect(page.getByTestId('logout-button')).toHaveText('Log out');
  await expect(page.getByTestId('side-menu')).toContainText('System administration');
});

test('an unknown command in a link says so', async ({ page, signedIn }) => {
  await signedIn('admin');
  await page.goto('/do/no.such.command');
  await expect(page.getByTestId('deep-link')).toHaveText(/未知的命令：no\.such\.command/);
});

test('a restricted user neither sees nor can deep-link an admin command; the refused link names the action and its permission', async ({ page, signedIn }) => {
  await signedIn('canteen');
  await openPalette(page);
  const palette = page.getByTestId('palette');
  await page.keyboard.type('daochu');
  // The ordering screens' exports are there (named with their screen); the admin's is not.
  await expect(palette.locator('[cmdk-item]', { hasText: '导出食堂' })).toContainText('食堂管理');
  await expect(palette.locator('[cmdk-item]', { hasText: '导出菜单与权限配置' })).toHaveCount(0);
  // Typing ! reveals it greyed, with the permission that would unlock it.
  await page.keyboard.press('Control+a');
  await page.keyboard.type('!daochu');
  const locked = palette.locator('[cmdk-item][data-entry-kind="locked"]');
  await expect(locked).toContainText('导出菜单与权限配置');
  await expect(locked).toContainText('system:permissions');
  await expect(locked).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');

  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await page.goto('/do/system.exportPermissions');
  // The link names the action and the permission it needs, as the palette's `!` does.
  await expect(page.getByTestId('deep-link')).toContainText('无权限执行「导出菜单与权限配置」');
  await expect(page.getByTestId('deep-link-permission')).toHaveText('需要权限：system:permissions');
  await page.screenshot({ path: 'test-results/screenshots/deep-link-forbidden.png' });
  await page.waitForTimeout(500);
  expect(downloaded).toBe(false);
});

test('the admin can run the export from a link', async ({ page, signedIn }) => {
  await signedIn('admin');
  const download = page.waitForEvent('download');
  await page.goto('/do/system.exportPermissions');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^menus-permissions-\d{8}-\d{6}\.json$/);
});

test('the header menu search lists menus only and opens them', async ({ page, signedIn }) => {
  await signedIn('admin');
  await page.getByTestId('menu-search').click();
  const palette = page.getByTestId('palette');
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('st');
  await expect(palette.locator('[cmdk-item][data-entry-kind="command"]')).toHaveCount(0);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('shitang');
  await expect(palette.locator('[cmdk-item]').first()).toContainText('食堂管理');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/meals/canteens');
});

test('closing the palette returns the focus to where it was', async ({ page, signedIn }) => {
  await signedIn('admin');
  await page.getByTestId('settings-button').focus();
  await openPalette(page);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('palette')).toHaveCount(0);
  await expect(page.getByTestId('settings-button')).toBeFocused();
});

test('what a user runs from the palette ranks first on another computer: the uses are kept on the server', async ({ page, signedIn, browser }) => {
  await signedIn('canteen');
  for (let time = 0; time < 2; time += 1) {
    await openPalette(page);
    await page.keyboard.type('dkgl');
    await expect(page.getByTestId('palette').locator('[cmdk-item][aria-selected="true"]')).toContainText('档口管理');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/meals/stores');
    await page.goto('/dashboard/analysis');
  }

  // Another browser, nothing in its storage: the palette opens with 档口管理 among the recent.
  const elsewhere = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const other = await elsewhere.newPage();
  await other.goto('/user/login');
  await other.getByPlaceholder('请输入用户名').fill('canteen');
  await other.getByPlaceholder('请输入密码').fill(E2E_ADMIN_PASSWORD);
  await other.keyboard.press('Enter');
  await expect(other.getByTestId('menu-search')).toBeVisible();
  await openPalette(other);
  const recent = other.getByTestId('palette').getByRole('group', { name: '最近使用' });
  await expect(recent.locator('[cmdk-item]', { hasText: '档口管理' })).toBeVisible();
  await elsewhere.close();
});

test('a card reader’s first digits, kept while the palette draws, are not typed over by the rest when its input takes the keys', async ({ page, signedIn }) => {
  // The palette's code arrives after the first digits: they are kept; the rest reach its input.
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/Palette-*.js', async (route) => {
    await arrived;
    await route.continue();
  });
  await signedIn('admin');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('2026');
  release();
  const input = page.getByTestId('palette').getByRole('combobox');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('2026');
  // The caret is after what was kept, nothing selected: the next digit is added, not typed over.
  expect(await input.evaluate((element: HTMLInputElement) => [element.selectionStart, element.selectionEnd])).toEqual([4, 4]);
  await page.keyboard.type('0001\n');
  await expect(page).toHaveURL(/\/members\/accounts\?id=/);
  await expect(page.getByTestId('account-panel').getByTestId('account-panel-cards')).toContainText('20260001');
});

test('a command the reloaded rows allow takes the highlight: 补卡 typed while the list still shows the card before its loss report', async ({ page, signedIn }) => {
  await signedIn('admin');
  const { cardNo } = await newCard(page, '2023062', '86');
  await openScreen(page, 'kapianguanli', '/members/cards', 'card-list');
  await findAndSelect(page, cardNo);
  // The list's reload after 挂失 is slow to come back (a slow network, a busy server).
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/memb/card/list?*', async (route) => {
    await arrived;
    await route.continue();
  });
  await run(page, '挂失');
  await expect(page.getByTestId('confirm')).toContainText('挂失后该卡不能消费');
  await page.keyboard.press('Enter');
  await expect(page.getByText('挂失成功！')).toBeVisible();
  // The row on view is still 正常: 补卡 is not offered yet and the screen 补卡管理 leads.
  await openPalette(page);
  await page.keyboard.type('补卡');
  const highlighted = page.getByTestId('palette').locator('[cmdk-item][aria-selected="true"]');
  await expect(highlighted).toHaveAttribute('data-entry-kind', 'menu');
  release();
  // (The open palette hides the page from the accessibility tree: the row is found by its grid class.)
  await expect(onView(page).locator('.ag-row').filter({ hasText: cardNo })).toContainText('挂失');
  // The reloaded row allows 补卡: it leads and takes the Enter, as if it had been there when typed.
  await expect(highlighted).toHaveAttribute('data-entry-kind', 'command');
  await expect(highlighted).toContainText('补卡');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('replace-card-form').getByTestId('replace-card-show-cardStatus')).toContainText('挂失');
});
