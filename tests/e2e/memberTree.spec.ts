import type { Page } from '@playwright/test';
import { expect, openPalette, test } from './support/pages';

/** Runs a command of the screen from the palette by its name. */
async function run(page: Page, name: string) {
  await openPalette(page);
  await page.keyboard.type(name);
  await expect(page.getByTestId('palette').locator('[cmdk-item][aria-selected="true"]')).toContainText(name);
  await page.keyboard.press('Enter');
}

test('人员部门 kept up from the palette: a class added under a grade, renamed, retired; 升级 asks before it moves the school a year', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  await openPalette(page);
  await page.keyboard.type('renyuanbumen');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/members/departments');
  const tree = page.getByTestId('member-depart-tree');
  const row = (name: string) => tree.getByRole('row', { name: new RegExp(`^${name}`) });
  await row('高一年级').click();
  await expect(row('高一年级')).toHaveAttribute('aria-selected', 'true');

  await run(page, '新增年级/班级');
  const form = page.getByTestId('member-dept-form');
  await expect(form.getByTestId('member-dept-node')).toContainText('高一年级');
  await expect(form.getByLabel('名称')).toBeFocused();
  await page.keyboard.type('高一（9）班');
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(row('高一（9）班')).toBeVisible();

  await row('高一（9）班').click();
  await run(page, '重命名年级/班级');
  await expect(form.getByLabel('名称')).toHaveValue('高一（9）班');
  await form.getByLabel('名称').fill('高一（8）班');
  await page.keyboard.press('Enter');
  await expect(row('高一（8）班')).toBeVisible();
  await expect(row('高一（9）班')).toHaveCount(0);

  await row('高一（8）班').click();
  await run(page, '停用年级/班级');
  await expect(page.getByTestId('confirm')).toContainText('停用后不能再选择该年级或班级');
  await page.keyboard.press('Enter');
  await expect(page.getByText('已停用', { exact: true }).first()).toBeVisible();
  await expect(row('高一（8）班')).toContainText('已停用');
  await console.screenshot('member-departments');

  // 升级 names what it will do; Esc leaves the school as it is.
  await row('示例学校').click();
  await run(page, '升级');
  await expect(page.getByTestId('confirm')).toContainText('高一→高二');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('confirm')).toHaveCount(0);
  await expect(row('高一年级')).toBeVisible();
});
