import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, SCREENSHOT_DIR } from './constants';

/** The sign-in page. */
export class LoginPage {
  constructor(readonly page: Page) {}

  readonly username = () => this.page.getByPlaceholder('请输入用户名');
  readonly password = () => this.page.getByPlaceholder('请输入密码');
  readonly error = () => this.page.getByTestId('login-error');

  async goto(): Promise<void> {
    await this.page.goto('/user/login');
    await expect(this.username()).toBeFocused();
  }

  async signIn(username: string, password = E2E_ADMIN_PASSWORD): Promise<void> {
    await this.username().fill(username);
    await this.password().fill(password);
    await this.page.getByRole('button', { name: '登录' }).click();
  }
}

/** Opens the palette by keyboard and waits until its input has the focus. */
export async function openPalette(page: Page): Promise<void> {
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('palette').getByRole('combobox')).toBeFocused();
}

/**
 * Picks an option of a select (the console's Radix select, whose list opens in a portal) by its
 * text, as a keyboard user does: focus it, open it with Enter, Home, then ↓ until the option is
 * highlighted, Enter.
 */
export async function chooseOption(select: Locator, text: string): Promise<void> {
  const page = select.page();
  await select.focus();
  await page.keyboard.press('Enter');
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  const option = list.getByRole('option', { name: text, exact: true });
  await expect(option).toHaveCount(1);
  // The list takes keys once it has placed itself and focused its current option.
  await expect(list.locator('[role="option"]:focus')).toHaveCount(1);
  // Radix moves the focus for Home and the arrows in a timer, and the browser runs keys before
  // timers: each key waits until the focus has moved, or a busy machine overshoots the option.
  const options = list.getByRole('option');
  const focusedIndex = () => options.evaluateAll((all) => all.findIndex((element) => element === document.activeElement));
  await page.keyboard.press('Home');
  await expect.poll(focusedIndex).toBe(0);
  const target = await option.evaluate((element) => [...element.parentElement!.querySelectorAll('[role="option"]')].indexOf(element));
  for (let index = 0; index < target; index += 1) {
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedIndex).toBe(index + 1);
  }
  await expect(option).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(select).toContainText(text);
  // Radix gives the focus back to the select a moment after the list closes: wait for it, or a
  // focus the test moves next (to press Enter in a field) is taken back and the Enter reopens the list.
  await expect.poll(() => select.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))).toBe(true);
}

/** Presses a key until the focused list row holds `text` (at most `limit` presses). */
export async function arrowToRow(page: Page, text: string, key = 'ArrowDown', limit = 50): Promise<void> {
  // A row is drawn in parts (its pinned selection column apart): read every part of the focused one.
  const focusedRow = () =>
    page.evaluate(() => {
      const row = document.activeElement?.closest('.ag-row');
      const grid = row?.closest('.ag-root-wrapper');
      if (!row || !grid) return '';
      return [...grid.querySelectorAll(`.ag-row[row-index="${row.getAttribute('row-index')}"]`)].map((part) => part.textContent).join(' ');
    });
  for (let step = 0; step < limit && !(await focusedRow()).includes(text); step += 1) await page.keyboard.press(key);
  expect(await focusedRow()).toContain(text);
}

/** The signed-in console: side menu, header, breadcrumb. */
export class ConsolePage {
  constructor(readonly page: Page) {}

  readonly sideMenu = () => this.page.getByTestId('side-menu');
  readonly breadcrumb = () => this.page.getByTestId('breadcrumb');
  readonly pageTitle = () => this.page.getByTestId('page-title');

  /** Titles of the top-level entries of the side menu, in order. */
  async topLevelTitles(): Promise<string[]> {
    const entries = this.sideMenu().locator('nav > ul > li > :is(a, button)');
    await expect(entries.first()).toBeVisible();
    return (await entries.allInnerTexts()).map((text) => text.trim());
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: false });
  }
}

/** An API call as the signed-in page (its token), for test setup. */
export async function apiAs(page: Page, method: 'GET' | 'POST', url: string, body?: unknown) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token') ?? 'null')?.value as string);
  const response = await page.request.fetch(`/ccu-boot${url}`, { method, headers: { 'X-Access-Token': token }, ...(body === undefined ? {} : { data: body }) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller reads the fields it asserts
  return (await response.json()) as { success: boolean; message: string; result: any };
}

interface PermissionNode {
  id: string;
  url?: string;
  perms?: string;
  children?: PermissionNode[] | null;
}

/** Every menu and button of the permission tree, flat (to grant a test role its screens and buttons). */
export async function permissionNodes(page: Page): Promise<PermissionNode[]> {
  const flat = (nodes: readonly PermissionNode[]): PermissionNode[] => nodes.flatMap((node) => [node, ...flat(node.children ?? [])]);
  return flat((await apiAs(page, 'GET', '/sys/permission/list')).result as PermissionNode[]);
}

/** Tests get page objects, and `signedIn(user)` to start from the console. */
export const test = base.extend<{ login: LoginPage; console: ConsolePage; signedIn: (username?: string) => Promise<void> }>({
  login: async ({ page }, use) => use(new LoginPage(page)),
  console: async ({ page }, use) => use(new ConsolePage(page)),
  signedIn: async ({ page, login }, use) => {
    await use(async (username = 'admin') => {
      await login.goto();
      await login.signIn(username);
      await expect(page).toHaveURL(/\/dashboard\/analysis$/);
      // The layout (and with it the hotkeys) is up once the header's menu search shows.
      await expect(page.getByTestId('menu-search')).toBeVisible();
    });
  },
});

export { expect };
export type { ConsolePage as ConsolePageType };
