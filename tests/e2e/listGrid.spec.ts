import { expect, openPalette, test, chooseOption } from './support/pages';
import type { Page } from '@playwright/test';

/** Names in row order (AG Grid positions rows absolutely: DOM order is not row order). */
const names = (page: Page) =>
  page.locator('[data-testid="list-grid"] .ag-row').evaluateAll((rows) =>
    rows
      .map((row) => [Number(row.getAttribute('row-index')), row.querySelector('[col-id="name"]')?.textContent ?? ''] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, name]) => name),
  );

test('the list grid pages, sorts, searches and selects, and row commands appear in the palette', async ({ page, signedIn }) => {
  // A grid module used but not registered only shows as an AG Grid console error.
  const gridErrors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && message.text().includes('AG Grid') && gridErrors.push(message.text()));
  await signedIn('admin');
  // 23 rows through the API, as the table-editing screen would save them.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token')!).value as string);
  const rows = Array.from({ length: 23 }, (_, i) => ({ id: `new_${i}`, orderNum: i + 1, name: `列表${String(i + 1).padStart(2, '0')}`, code: `L-${i + 1}`, amount: i, category: i % 2 ? '2' : '1' }));
  const saved = await page.request.post('/ccu-boot/demo/tableEdit/save', { headers: { 'X-Access-Token': token }, data: { rows } });
  expect(saved.ok()).toBe(true);

  await page.goto('/list/query');
  const grid = page.getByTestId('list-grid');
  await expect.poll(async () => (await names(page)).length).toBe(10);
  const total = Number((await grid.getByTestId('pagination').locator('span').first().innerText()).match(/\d+/)![0]);
  expect(total).toBeGreaterThanOrEqual(23);

  // Size changer, then the quick jumper.
  await chooseOption(grid.getByRole('combobox', { name: '每页条数' }), '20 条/页');
  await expect.poll(async () => (await names(page)).length).toBe(20);
  await grid.getByRole('textbox', { name: '跳至页码' }).fill('2');
  await grid.getByRole('textbox', { name: '跳至页码' }).press('Enter');
  await expect(grid.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');

  // Search by keyboard: Enter in a field searches; reset clears.
  await grid.getByPlaceholder('请输入姓名').fill('列表0');
  await grid.getByPlaceholder('请输入姓名').press('Enter');
  await expect.poll(() => names(page)).toEqual(['列表01', '列表02', '列表03', '列表04', '列表05', '列表06', '列表07', '列表08', '列表09']);
  await expect(grid.getByTestId('pagination')).toContainText('共 9 条');
  await expect(grid.getByRole('combobox').filter({ hasText: '请选择' })).toHaveCount(0);
  await grid.getByRole('button', { name: '展开' }).click();
  await chooseOption(grid.getByRole('combobox', { name: '餐次' }), '午餐');
  await grid.getByRole('button', { name: '查询' }).click();
  await expect.poll(() => names(page)).toEqual(['列表02', '列表04', '列表06', '列表08']);

  // Server sort by clicking the header.
  const nameHeader = grid.locator('.ag-header-cell[col-id="name"]');
  await nameHeader.click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => names(page)).toEqual(['列表08', '列表06', '列表04', '列表02']);

  // Selection: the line counts, the palette offers row commands, 清空 clears.
  await grid.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
  await grid.locator('.ag-row[row-index="1"] .ag-selection-checkbox input').check();
  await expect(grid.getByTestId('selection-line')).toContainText('已选择 2 项');
  await page.screenshot({ path: 'test-results/screenshots/list-grid.png' });
  await openPalette(page);
  await page.keyboard.type('daochuxuanzhong');
  await expect(page.getByTestId('palette').locator('[cmdk-item]').first()).toContainText('导出选中行（CSV）');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  const content = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(content).toString('utf8');
  expect(text).toContain('列表08');
  expect(text).toContain('列表06');
  expect(text).not.toContain('列表04');

  await grid.getByRole('button', { name: '清空' }).click();
  await expect(grid.getByTestId('selection-line')).toContainText('已选择 0 项');
  await openPalette(page);
  await page.keyboard.type('daochuxuanzhong');
  await expect(page.getByTestId('palette').locator('[cmdk-item]')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Space on a focused row selects it.
  await grid.locator('.ag-row[row-index="2"] [col-id="name"]').click();
  await page.keyboard.press('Space');
  await expect(grid.getByTestId('selection-line')).toContainText('已选择 1 项');
  await grid.getByRole('button', { name: '清空' }).click();

  // Enter on a row opens it (the row's default action).
  await grid.locator('.ag-row[row-index="1"] [col-id="name"]').click();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('opened-row')).toHaveText('已打开：列表06（L-6）');
  expect(gridErrors).toEqual([]);
});
