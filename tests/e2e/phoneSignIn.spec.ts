import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openPalette, test } from './support/pages';

/** The SMS log driver's outbox of the server under test: what a phone would have received. */
const OUTBOX = path.join(process.env.CCU_E2E_DATA_DIR ?? '', 'sms-outbox.log');

/** The newest code texted to the phone for the purpose (登录, 注册…), once it has arrived. */
async function codeTexted(mobile: string, kind: '登录' | '注册'): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const lines = fs.existsSync(OUTBOX) ? fs.readFileSync(OUTBOX, 'utf8').trim().split('\n') : [];
      const line = lines.filter((entry) => entry.split('\t')[1] === mobile && entry.includes(`${kind}验证码`)).at(-1);
      code = /码为 (\d{6})/.exec(line ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** The side menu's top-level entries (首页, 订餐管理…). */
async function menuTitles(page: Page): Promise<string[]> {
  const texts = await page.getByTestId('side-menu').locator('[role="menubar"] > li > [role="menuitem"]').allInnerTexts();
  return texts.map((text) => text.trim());
}

test('register by phone, then sign in with a texted code: no screens until an administrator grants a role', async ({ page, browser, signedIn, console }) => {
  // Registration is closed until the platform opens it, into a school it chooses (学校管理).
  await signedIn('admin');
  await openPalette(page);
  await page.keyboard.type('xuexiaoguanli');
  await page.keyboard.press('Enter');
  const switchOf = page.getByTestId('registration-switch');
  await expect(switchOf).toBeDisabled();
  await page.getByTestId('registration-school').click();
  await page.getByRole('option', { name: '示例学校（0）' }).click();
  await expect(switchOf).toBeEnabled();
  await switchOf.click();
  await expect(switchOf).toBeChecked();
  await expect(page.getByText('已开放自助注册')).toBeVisible();
  await console.screenshot('registration-opened');

  const suffix = Date.now().toString(36);
  const username = `reg${suffix}`;
  const mobile = `186${String(Date.now()).slice(-8)}`;
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  const visitor = await context.newPage();

  // 注册账户, by keyboard: account, password twice, phone, 获取验证码, the code, Enter.
  await visitor.goto('/user/login');
  await visitor.getByRole('link', { name: '注册账户' }).click();
  await expect(visitor).toHaveURL('/user/register');
  await expect(visitor.getByLabel('用户名')).toBeFocused();
  await visitor.keyboard.type(username);
  await visitor.keyboard.press('Tab');
  await visitor.keyboard.type('Reg-Pass-2026');
  await visitor.keyboard.press('Tab');
  await visitor.keyboard.type('Reg-Pass-2026');
  await visitor.keyboard.press('Tab');
  await visitor.keyboard.type(mobile);
  await visitor.keyboard.press('Tab');
  await visitor.keyboard.press('Tab');
  await expect(visitor.getByTestId('send-code')).toBeFocused();
  await visitor.keyboard.press('Enter');
  await expect(visitor.getByTestId('send-code')).toHaveText(/秒后重新获取/);
  await visitor.getByLabel('短信验证码').fill(await codeTexted(mobile, '注册'));
  await visitor.screenshot({ path: 'test-results/screenshots/register.png' });
  await visitor.keyboard.press('Enter');
  await expect(visitor).toHaveURL(`/user/register-result?user=${username}`);
  await expect(visitor.getByTestId('register-result-account')).toHaveText(`你的账户：${username} 注册成功`);

  // 手机号登录 with a code from the log driver's outbox.
  await visitor.getByRole('link', { name: '使用账户登录' }).click();
  await visitor.getByRole('tab', { name: '手机号登录' }).click();
  await expect(visitor.getByLabel('手机号码')).toBeFocused();
  await visitor.keyboard.type(mobile);
  await visitor.getByTestId('send-code').click();
  await visitor.getByLabel('短信验证码').fill(await codeTexted(mobile, '登录'));
  await visitor.screenshot({ path: 'test-results/screenshots/phone-login.png' });
  await visitor.getByLabel('短信验证码').press('Enter');
  await expect(visitor).toHaveURL('/dashboard/analysis');
  await expect(visitor.getByTestId('menu-search')).toBeVisible();
  expect(await menuTitles(visitor)).toEqual(['首页']);
  // Nothing of the school yet: the home page's counts stay empty, without an error shown.
  await expect(visitor.getByTestId('stat-total')).toBeVisible();
  await expect(visitor.getByText('没有权限')).toHaveCount(0);
  await visitor.screenshot({ path: 'test-results/screenshots/registered-home.png' });

  // The administrator gives the account the canteen role; after a reload its screens are there.
  await openPalette(page);
  await page.keyboard.type('yonghuguanli');
  await page.keyboard.press('Enter');
  const users = page.locator('[data-tab-view]:not([hidden])').getByTestId('user-list');
  await users.getByPlaceholder('请输入用户账号').fill(username);
  await users.getByRole('button', { name: '查询' }).click();
  const row = users.getByRole('row', { name: new RegExp(username) });
  await expect(row).toContainText(mobile);
  await row.getByRole('button', { name: '编辑' }).click();
  const form = page.getByTestId('user-form');
  await form.getByTestId('user-form-roles').getByRole('checkbox', { name: '食堂管理员' }).check();
  await form.getByTestId('user-form-ok').click();
  await expect(form).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByTestId('menu-search')).toBeVisible();
  await expect.poll(() => menuTitles(visitor)).toEqual(['首页', '食材供应', '订餐管理']);
  await console.screenshot('registered-user-granted');
  await context.close();
});
