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
 * text, as a user does with the keyboard: focus, open with Enter, type ahead is not needed.
 */
export async function chooseOption(select: Locator, text: string): Promise<void> {
  await select.click();
  const list = select.page().getByRole('listbox');
  await expect(list).toBeVisible();
  await list.getByRole('option', { name: text, exact: true }).click();
  await expect(list).toBeHidden();
  await expect(select).toContainText(text);
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
