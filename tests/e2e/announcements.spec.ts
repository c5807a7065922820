import { E2E_ADMIN_PASSWORD } from './support/constants';
import { chooseOption, expect, LoginPage, openPalette, test } from './support/pages';

test('系统通告 by keyboard: released by the administrator, it arrives in another user’s popover at once, opens, and is read', async ({ page, browser, signedIn, console }) => {
  const title = `食堂消毒通知${Date.now().toString(36)}`;
  // The reader first: a canteen administrator in a browser of their own.
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  const reader = await context.newPage();
  const login = new LoginPage(reader);
  await login.goto();
  await login.signIn('canteen', E2E_ADMIN_PASSWORD);
  await expect(reader.getByTestId('menu-search')).toBeVisible();
  const bell = reader.getByTestId('notice-bell');
  await expect(bell).toBeVisible();
  const unreadBefore = Number(
    (await reader
      .getByTestId('notice-count')
      .textContent({ timeout: 1000 })
      .catch(() => '0')) || 0,
  );

  // The administrator writes a draft: title, priority 紧急, a body with a script that never runs.
  await signedIn('admin');
  await openPalette(page);
  await page.keyboard.type('xitongtonggao');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/system/announcements');
  await openPalette(page);
  await page.keyboard.type('新增通告');
  await page.keyboard.press('Enter');
  const form = page.getByTestId('announcement-form');
  await expect(form.getByRole('textbox', { name: '标题' })).toBeFocused();
  await page.keyboard.type(title);
  await chooseOption(form.getByTestId('field-priority'), '紧急');
  // The body in the rich-text editor: Ctrl+B for bold, as in any editor; Ctrl+Enter saves.
  await form.getByRole('textbox', { name: '内容' }).click();
  await page.keyboard.type('周六上午九点对');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('学生食堂');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('进行消毒，请提前做好准备。');
  await expect(form.getByRole('button', { name: /加粗/ })).toHaveAttribute('aria-pressed', 'false');
  await console.screenshot('announcement-form');
  await page.keyboard.press('Control+Enter');
  await expect(form).toHaveCount(0);
  const view = page.locator('[data-tab-view]:not([hidden])');
  const row = view.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('未发布');

  // 发布 from the row's menu (编辑 is its first action), confirmed with Enter.
  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '发布通告' }).click();
  await expect(page.getByTestId('confirm')).toContainText('发布后通告立即送达接收对象');
  await page.keyboard.press('Enter');
  const released = Date.now();
  await expect(row).toContainText('已发布');
  await console.screenshot('announcement-list');

  // The reader's bell counts it through the notice socket (polling would take six seconds).
  await expect(reader.getByTestId('notice-count')).toHaveText(String(unreadBefore + 1), { timeout: 3000 });
  process.stdout.write(`notice in the other browser ${Date.now() - released} ms after the release was answered\n`);
  // Opened from the palette, read from the popover by keyboard.
  await reader.keyboard.press('Control+k');
  await reader.keyboard.type('查看消息通知');
  await reader.keyboard.press('Enter');
  const popover = reader.getByTestId('notice-popover');
  await expect(popover).toBeVisible();
  await expect(popover.getByRole('tab', { name: /通知/ }).first()).toHaveAttribute('aria-selected', 'true');
  const item = popover.getByRole('button', { name: new RegExp(title) });
  await expect(item).toContainText('紧急');
  await reader.screenshot({ path: 'test-results/screenshots/notice-popover.png' });
  await item.focus();
  await reader.keyboard.press('Enter');
  const detail = reader.getByTestId('notice-detail');
  await expect(detail).toContainText(title);
  await expect(detail).toContainText('发布人：admin');
  await expect(detail.getByTestId('notice-content')).toContainText('周六上午九点对学生食堂进行消毒');
  await expect(detail.getByTestId('notice-content').locator('strong')).toHaveText('学生食堂');
  await reader.screenshot({ path: 'test-results/screenshots/notice-detail.png' });
  await reader.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  // Read: the count goes back, and 我的消息 shows it read.
  if (unreadBefore) await expect(reader.getByTestId('notice-count')).toHaveText(String(unreadBefore));
  else await expect(reader.getByTestId('notice-count')).toHaveCount(0);
  await reader.goto('/isps/userAnnouncement');
  const mine = reader.locator('[data-tab-view]:not([hidden])').getByTestId('my-announcements');
  await expect(mine.getByRole('row', { name: new RegExp(title) })).toContainText('已读');
  await reader.screenshot({ path: 'test-results/screenshots/my-announcements.png' });
  await context.close();
});
