import type { Locator } from '@playwright/test';
import { arrowToRow, expect, openPalette, test, chooseOption } from './support/pages';

/** The list row whose `column` cell reads exactly `text`. */
const rowWith = (list: Locator, column: string, text: string) => list.getByRole('row').filter({ has: list.page().locator(`[col-id="${column}"]`, { hasText: new RegExp(`^${text}$`) }) });

test("an administrator changes a dictionary item's text and colour, and the tag changes in a list", async ({ page, signedIn, console }) => {
  await signedIn('admin');
  await openPalette(page);
  await page.keyboard.type('数据字典');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/system/dictionaries');
  const dictionaries = page.getByTestId('dict-list');
  const items = page.getByTestId('dict-items');
  await expect(items).toContainText('请在左侧选择一个字典');

  // Find the store status dictionary and choose it: its platform items show on the right.
  await dictionaries.getByLabel('字典名称').fill('档口状态');
  await page.keyboard.press('Enter');
  const row = dictionaries.getByRole('row', { name: /store_status/ });
  await expect(row).toHaveCount(1);
  // 转到列表 (Alt+Shift+G), Space chooses the row.
  await page.keyboard.press('Alt+Shift+G');
  await arrowToRow(page, 'store_status');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('dict-chosen')).toHaveText('档口状态（store_status）');
  const itemRow = rowWith(items, 'itemText', '启用');
  await expect(itemRow).toBeVisible();
  await expect(itemRow.locator('[col-id="color_dictText"] [data-tag-color="#52c41a"]')).toHaveText('绿色');
  await console.screenshot('dictionaries');

  // 转到列表 again moves to the items; Enter on a row opens it for editing, on its first field.
  await page.keyboard.press('Alt+Shift+G');
  await expect(items.locator('.ag-row [role="gridcell"]:focus')).toHaveCount(1);
  await arrowToRow(page, '启用');
  await page.keyboard.press('Enter');
  const form = page.getByTestId('entity-form');
  await expect(form.getByLabel('名称', { exact: true })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('营业中');
  await chooseOption(form.getByTestId('field-color'), '紫色');
  await console.screenshot('dictionaries-item-form');
  await form.getByLabel('名称', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(rowWith(items, 'itemText', '营业中').locator('[col-id="color_dictText"] [data-tag-color="#722ed1"]')).toHaveText('紫色');

  // The store list shows the new text in the new colour, without signing in again.
  await openPalette(page);
  await page.keyboard.type('档口管理');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/meals/stores');
  const tag = page.getByTestId('store-list').locator('[data-tag-color="#722ed1"]', { hasText: '营业中' }).first();
  await expect(tag).toBeVisible();
  await console.screenshot('dictionaries-store-tags');

  // Put it back for the other tests.
  await page.goto('/system/dictionaries');
  await dictionaries.getByLabel('字典名称').fill('档口状态');
  await page.keyboard.press('Enter');
  await expect(dictionaries.getByRole('row', { name: /store_status/ })).toHaveCount(1);
  await page.keyboard.press('Alt+Shift+G');
  await arrowToRow(page, 'store_status');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('dict-chosen')).toHaveText('档口状态（store_status）');
  await expect(rowWith(items, 'itemText', '营业中')).toBeVisible();
  await page.keyboard.press('Alt+Shift+G');
  await arrowToRow(page, '营业中');
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('名称', { exact: true })).toBeFocused();
  await form.getByLabel('名称', { exact: true }).fill('启用');
  await chooseOption(form.getByTestId('field-color'), '绿色');
  await form.getByLabel('名称', { exact: true }).press('Enter');
  await expect(form).toHaveCount(0);
  await expect(rowWith(items, 'itemText', '启用').locator('[col-id="color_dictText"] [data-tag-color="#52c41a"]')).toBeVisible();
});
