import type { Page } from '@playwright/test';
import { expect, openPalette, test } from './support/pages';

/** The page on view (kept-alive tabs keep other pages in the document, hidden). */
const onView = (page: Page) => page.locator('[data-tab-view]:not([hidden])');

async function openByPalette(page: Page, typed: string, url: string) {
  await openPalette(page);
  await page.keyboard.type(typed);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(url);
}

test('a screen opened from the palette or the menu takes the keyboard: its first query field, then Alt+Shift+G reaches the list', async ({ page, signedIn }) => {
  await signedIn('admin');
  await openByPalette(page, '用户管理', '/system/users');
  // Zero keys from opening the screen to typing a query.
  await expect(onView(page).getByLabel('用户账号')).toBeFocused();
  await page.keyboard.type('admin');
  // The list before the search shows admin too: wait for the searched one, or the grid redraws
  // under the focus Alt+Shift+G gives it.
  const searched = page.waitForResponse((response) => response.url().includes('/sys/user/list') && response.url().includes('admin'));
  await page.keyboard.press('Enter');
  await searched;
  const accounts = onView(page).locator('.ag-row [col-id="username"]');
  await expect(accounts.first()).toBeVisible();
  await expect(accounts.filter({ hasNotText: 'admin' })).toHaveCount(0);
  await page.keyboard.press('Alt+Shift+G');
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.ag-root-wrapper')))).toBe(true);
  await page.keyboard.press('Alt+Shift+Q');
  await expect(onView(page).getByLabel('用户账号')).toBeFocused();

  // The side menu's link too.
  await page.getByTestId('side-menu').getByRole('menuitem', { name: '角色管理' }).click();
  await expect(page).toHaveURL('/system/roles');
  await expect(onView(page).getByLabel('角色名称')).toBeFocused();

  // The first Tab of a fresh page is the skip link, and it leads into the page.
  await page.goto('/system/dictionaries');
  await expect(onView(page).getByLabel('字典名称')).toBeFocused();
  // From the top of the document, as after a page load.
  await page.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-link')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(onView(page).getByLabel('字典名称')).toBeFocused();
});

test('a confirmation opens on 确定 and Enter confirms; focus returns to the list, and a dialog gives it back to its row', async ({ page, signedIn }) => {
  await signedIn('canteen');
  await openByPalette(page, '食堂管理', '/meals/canteens');
  const list = onView(page).getByTestId('canteen-list');
  const name = `键盘食堂${Date.now().toString(36).slice(-4)}`;
  await openPalette(page);
  await page.keyboard.type('新增食堂');
  await page.keyboard.press('Enter');
  const form = page.getByTestId('entity-form');
  await expect(form.getByLabel('食堂名称')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`K${Date.now().toString(36).slice(-5)}`);
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  // The form gave the keyboard back to the page, not to <body>.
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[data-tab-view]')))).toBe(true);

  // Enter on a row's cell opens it; Esc closes the form and the keyboard is on that row again.
  const cell = list.getByRole('gridcell', { name, exact: true });
  await cell.click();
  const rowIndex = await cell.evaluate((element) => element.closest('[row-index]')?.getAttribute('row-index'));
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('食堂名称')).toHaveValue(name);
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[row-index]')?.getAttribute('row-index'))).toBe(rowIndex);

  // 删除 under the row's 更多: the confirmation opens on 确定, Enter deletes.
  const row = list.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  const confirm = page.getByTestId('confirm');
  await expect(confirm.getByRole('button', { name: '确定' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(list.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.activeElement !== document.body && Boolean(document.activeElement?.closest('[data-tab-view]')))).toBe(true);
});

test("another screen's record command is found from any page, named with its screen, and opens that screen first", async ({ page, signedIn }) => {
  await signedIn('admin');
  await expect(page).toHaveURL('/dashboard/analysis');
  await openPalette(page);
  await page.keyboard.type('新增用户');
  const item = page.getByTestId('palette').locator('[cmdk-item]', { hasText: '新增用户' }).first();
  await expect(item).toContainText('用户管理');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/system/users');
  await expect(page.getByTestId('user-form')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-form')).toHaveCount(0);
});

test('keystroke budget: a new user with a role in at most 25 keys besides what is typed into the fields', async ({ page, signedIn }) => {
  await signedIn('admin');
  let keys = 0;
  /** A key the user presses to move or act (counted); the text of a field is typed, not counted. */
  const press = async (key: string) => {
    keys += 1;
    await page.keyboard.press(key);
  };
  const name = `kb${Date.now().toString(36).slice(-6)}`;
  await press('Control+k');
  await expect(page.getByTestId('palette').getByRole('combobox')).toBeFocused();
  for (const letter of 'xzyh') await press(letter);
  await expect(page.getByTestId('palette').locator('[cmdk-item][aria-selected="true"]')).toContainText('新增用户');
  await press('Enter');
  const form = page.getByTestId('user-form');
  await expect(form.getByLabel('用户账号')).toBeFocused();
  await page.keyboard.type(name);
  await press('Tab');
  await page.keyboard.type('Clerk-Pass-61');
  await press('Tab');
  await page.keyboard.type('Clerk-Pass-61');
  await press('Tab');
  await page.keyboard.type('键盘用户');
  // Past 工号, 手机号码, 邮箱 and 性别 to the role 食堂管理员 (the roles' order is the list's).
  const role = form.getByRole('checkbox', { name: '食堂管理员' });
  const focused = (locator: typeof role) => locator.evaluate((element) => element === document.activeElement);
  for (let i = 0; i < 8 && !(await focused(role)); i += 1) await press('Tab');
  await expect(role).toBeFocused();
  await press('Space');
  await expect(role).toBeChecked();
  // Back to a text field, where Enter saves.
  const email = form.getByLabel('邮箱');
  for (let i = 0; i < 5 && !(await focused(email)); i += 1) await press('Shift+Tab');
  await expect(email).toBeFocused();
  await press('Enter');
  await expect(form).toHaveCount(0);
  expect(keys).toBeLessThanOrEqual(25);
  // Saved with that role.
  const saved = await page.evaluate(async (username) => {
    const token = JSON.parse(localStorage.getItem('Access-Token') ?? 'null')?.value as string;
    const read = async (url: string) => (await (await fetch(`/ccu-boot${url}`, { headers: { 'X-Access-Token': token } })).json()).result;
    const users = (await read(`/sys/user/list?username=${username}`)).records as { username: string; selectedroles: string }[];
    const roles = (await read('/sys/role/queryall')) as { id: string; roleName: string }[];
    return { users: users.map((user) => user.username), roles: users[0]?.selectedroles, canteen: roles.find((role) => role.roleName === '食堂管理员')?.id };
  }, name);
  expect(saved.users).toEqual([name]);
  expect(saved.roles).toBe(saved.canteen);
});

test('the user list speaks English too, and each row has its own 编辑 and 更多', async ({ page, signedIn }) => {
  await signedIn('admin');
  await page.goto('/system/users');
  const list = page.getByTestId('user-list');
  const adminRow = list.getByRole('row', { name: /admin/ }).first();
  await adminRow.getByRole('button', { name: '更多' }).click();
  await expect(page.getByRole('menuitem', { name: '冻结' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/do/appearance.language?locale=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/system/users');
  await expect(list.getByRole('columnheader', { name: 'Account' })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Reset password' })).toBeVisible();
  await expect(list.getByLabel('Account')).toHaveAttribute('placeholder', 'Enter Account');
  await page.goto('/do/appearance.language?locale=zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

test("重置密码 from a row's 更多 resets that row's account, whatever else is selected", async ({ page, signedIn }) => {
  await signedIn('admin');
  await page.goto('/system/users');
  const list = page.getByTestId('user-list');
  // admin is selected; the row action is on canteen.
  const adminRow = list.getByRole('row', { name: /^.*admin/ }).first();
  await adminRow.getByRole('checkbox').first().check();
  const canteenRow = list.getByRole('row', { name: /canteen/ }).first();
  await canteenRow.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '重置密码' }).click();
  const dialog = page.getByTestId('reset-password');
  await expect(dialog).toContainText('canteen');
  await expect(dialog).not.toContainText('admin');
  await page.keyboard.press('Escape');
});

test('selects work by keyboard: the page size, a query select and a form select open, move and pick without the mouse', async ({ page, signedIn, console }) => {
  await signedIn('canteen');
  await page.goto('/meals/stores');
  const list = page.getByTestId('store-list');
  await expect(list.getByRole('row').nth(1)).toBeVisible();

  // Page size: Enter opens the list on the current size, ↓ moves, Enter picks.
  const size = list.getByRole('combobox', { name: '每页条数' });
  await size.focus();
  await page.keyboard.press('Enter');
  const options = page.getByRole('listbox');
  await expect(options.getByRole('option', { name: '10 条/页' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  // Radix moves the focus for an arrow key in a timer, and the browser runs input before timers:
  // an Enter sent before the highlight moved would pick 10 again, so wait for what a user sees.
  await expect(options.getByRole('option', { name: '20 条/页' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(options).toBeHidden();
  await expect(size).toHaveText('20 条/页');
  await expect(size).toBeFocused();

  // A form's select: ↓ opens it, Esc closes only the list, not the dialog.
  await page.goto('/do/store.add');
  const form = page.getByTestId('entity-form');
  const canteen = form.getByTestId('field-canteenId');
  await canteen.focus();
  await page.keyboard.press('ArrowDown');
  await expect(options).toBeVisible();
  await console.screenshot('select-open-in-form');
  await page.keyboard.press('Escape');
  await expect(options).toBeHidden();
  await expect(form).toBeVisible();
  await expect(canteen).toBeFocused();
  await page.keyboard.press('Space');
  await page.getByRole('option', { name: '第一食堂', exact: true }).press('Enter');
  await expect(canteen).toHaveText('第一食堂');
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
});
