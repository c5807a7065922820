import { expect, LoginPage, openPalette, test } from './support/pages';

test('学校管理 by keyboard: the platform adds a school with its administrator, who signs in to their own school; freezing it signs them out', async ({ page, browser, signedIn, console }) => {
  const suffix = Date.now().toString(36);
  const name = `实验小学${suffix}`;
  const username = `xiaozhang${suffix}`;
  const password = 'School-Pass-1';
  await signedIn('admin');
  await openPalette(page);
  await page.keyboard.type('xuexiaoguanli');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/system/schools');
  const view = page.locator('[data-tab-view]:not([hidden])');
  const list = view.getByTestId('school-list');
  await expect(list.getByRole('row', { name: /示例学校/ })).toContainText('正常');

  // 新增学校 from the palette; the form is filled with Tab and saved with Enter.
  await openPalette(page);
  await page.keyboard.type('新增学校');
  await page.keyboard.press('Enter');
  const form = page.getByTestId('school-form');
  await expect(form.getByLabel('学校名称')).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`Copyright © 2026 ${name} 版权所有`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('苏ICP备20260001号-1');
  await page.keyboard.press('Tab');
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type('张校长');
  await page.keyboard.press('Tab');
  await page.keyboard.type('weak');
  await page.keyboard.press('Tab');
  await page.keyboard.type('weak');
  await page.keyboard.press('Enter');
  // The password policy, before anything is sent.
  await expect(form.getByRole('alert')).toContainText('密码须为8到64位');
  await form.getByLabel('登录密码').fill(password);
  await form.getByLabel('确认密码').fill(password);
  await console.screenshot('school-form');
  await form.getByLabel('确认密码').press('Enter');
  await expect(form).toHaveCount(0);
  const row = list.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('正常');
  await expect(row).toContainText('苏ICP备20260001号-1');
  // Self-registration is the platform's switch, beside its schools.
  await expect(list.getByTestId('registration-switch')).toBeVisible();
  await console.screenshot('school-list');

  // The school's administrator works in their own school: its footer, none of the platform's screens.
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  const other = await context.newPage();
  const login = new LoginPage(other);
  await login.goto();
  await login.signIn(username, password);
  await expect(other.getByTestId('menu-search')).toBeVisible();
  await expect(other.getByTestId('page-footer')).toContainText(`Copyright © 2026 ${name} 版权所有`);
  await expect(other.getByTestId('page-footer')).toContainText('苏ICP备20260001号-1');
  await other.goto('/system/users');
  await expect(
    other
      .locator('[data-tab-view]:not([hidden])')
      .getByTestId('user-list')
      .getByRole('row', { name: new RegExp(username) }),
  ).toBeVisible();
  await openPalette(other);
  await other.keyboard.type('xuexiaoguanli');
  await expect(other.getByTestId('palette').getByRole('option', { name: /学校管理/ })).toHaveCount(0);
  await other.keyboard.press('Escape');

  // 冻结 from the row, confirmed with Enter: the school's administrator is signed out.
  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '冻结' }).click();
  await expect(page.getByTestId('confirm')).toContainText('冻结后该校所有用户立即退出');
  await page.keyboard.press('Enter');
  await expect(row).toContainText('冻结');
  await other.reload();
  await expect(other).toHaveURL(/\/user\/login/);
  await context.close();
});
