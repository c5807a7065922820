import { expect, openPalette, test } from './support/pages';

test('个人设置 and 个人中心 from the palette: the name changed shows in the header, notice preferences stick', async ({ page, signedIn, console }) => {
  await signedIn('canteen');
  await openPalette(page);
  await page.keyboard.type('个人设置');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/account/settings');
  const settings = page.locator('[data-tab-view]:not([hidden])').getByTestId('account-settings');
  const nickname = settings.getByLabel('昵称');
  await expect(settings.getByLabel('用户姓名')).toBeFocused();
  await nickname.fill('食堂老王');
  await nickname.press('Enter');
  await expect(page.getByText('个人信息已保存')).toBeVisible();
  await expect(page.getByTestId('user-menu-trigger')).toContainText('食堂老王');
  await console.screenshot('account-settings');

  // 消息通知: a switch saved at once, still off after a reload.
  await settings.getByRole('tab', { name: '消息通知' }).click();
  const toastSwitch = settings.getByTestId('notice-pref-toast');
  await expect(toastSwitch).toHaveAttribute('aria-checked', 'true');
  await toastSwitch.click();
  await expect(page.getByText('消息通知设置已保存')).toBeVisible();
  await page.reload();
  await settings.getByRole('tab', { name: '消息通知' }).click();
  await expect(settings.getByTestId('notice-pref-toast')).toHaveAttribute('aria-checked', 'false');
  await settings.getByTestId('notice-pref-toast').click();
  await expect(settings.getByTestId('notice-pref-toast')).toHaveAttribute('aria-checked', 'true');

  // 个人中心 from the user menu.
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('user-menu-session.accountCenter').click();
  await expect(page).toHaveURL('/account/center');
  const center = page.locator('[data-tab-view]:not([hidden])').getByTestId('account-center');
  await expect(center).toContainText('食堂老王');
  await expect(center).toContainText('学生食堂');
  await expect(center).toContainText('食堂管理员');
  await expect(center).toContainText('登录成功');
  await console.screenshot('account-center');
});
