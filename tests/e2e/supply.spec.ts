import type { Locator, Page } from '@playwright/test';
import { chooseOption, ConsolePage, expect, LoginPage, openPalette, test } from './support/pages';

const onView = (page: Page) => page.locator('[data-tab-view]:not([hidden])');

/** Opens a screen from the palette by what is typed, and waits for its list. */
async function openScreen(page: Page, typed: string, url: string, list: string) {
  await openPalette(page);
  await page.keyboard.type(typed);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(url);
  await expect(onView(page).getByTestId(list)).toBeVisible();
}

/** Runs a command by its name from the palette. */
async function run(page: Page, name: string) {
  await openPalette(page);
  await page.keyboard.type(name);
  await expect(page.getByTestId('palette').locator('[cmdk-item][aria-selected="true"]')).toContainText(name);
  await page.keyboard.press('Enter');
}

/** Finds a bill by its number in the list's first query field and selects its row by keyboard. */
async function selectBill(page: Page, list: Locator, billNo: string) {
  const field = list.getByTestId('query-area').getByRole('textbox').first();
  await field.focus();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(billNo);
  await page.keyboard.press('Enter');
  await expect(list.getByTestId('pagination')).toContainText('共 1 条');
  // The found row alone, drawn (the newest bill is also the unfiltered list's first row: not that one).
  await expect(list.getByTestId('list-grid')).toHaveAttribute('aria-busy', 'false');
  await expect(list.locator('.ag-row:not(.ag-row-pinned)')).toHaveCount(1);
  await expect(list.locator('.ag-row[row-index="0"]').filter({ hasText: billNo })).toBeVisible();
  await page.keyboard.press('Alt+Shift+G');
  // Space chooses the focused row: the grid takes the focus first (on a busy machine, a frame later).
  await expect(list.locator('.ag-row [role="gridcell"]:focus')).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(list.getByTestId('selection-line')).toContainText('1');
}

/** Types a line into a bill's sub-table: the ingredient picked from its list, then the typed cells. */
async function typeLine(page: Page, lines: Locator, row: number, ingredient: string, typed: readonly (readonly [string, string])[]) {
  const cell = (column: string) => lines.locator(`.ag-row[row-index="${row}"] [col-id="${column}"]`);
  await lines.getByRole('button', { name: '新增行' }).click();
  await cell('ingredientId').click();
  await page.keyboard.press('Enter');
  await page.getByTestId('select-editor').getByRole('option', { name: ingredient, exact: true }).click();
  await expect(cell('ingredientId')).toHaveText(ingredient);
  for (const [column, value] of typed) {
    await cell(column).click();
    await page.keyboard.type(value);
    await page.keyboard.press('Enter');
    await expect(cell(column)).toContainText(value);
  }
}

test('the storeroom by keyboard: a purchase of three lines made and submitted, audited by another user from the palette, received in two parts, an issue taking the oldest batch, and every step in the purchase’s history', async ({
  page,
  browser,
  signedIn,
  console,
}) => {
  test.setTimeout(150_000);
  // The canteen's storekeeper makes the purchase.
  await signedIn('canteen');
  await openScreen(page, 'caigouguanli', '/supply/procurement', 'purchase-list');
  await run(page, '新增采购单');
  const form = page.getByTestId('entity-form');
  await expect(form).toBeVisible();
  await form.getByTestId('field-supplierId').focus();
  await page.keyboard.press('Enter');
  // The supplier from the 选择供应商 report: its name searched, the row chosen by ↓ and Space, Enter confirms.
  const picker = page.getByTestId('report-picker');
  await expect(picker.getByRole('textbox', { name: '供应商编码' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(picker.getByRole('textbox', { name: '供应商名称' })).toBeFocused();
  await page.keyboard.type('绿源');
  await page.keyboard.press('Enter');
  await expect(picker.getByTestId('pagination')).toContainText('共 1 条');
  await expect(picker.locator('.ag-row[row-index="0"]')).toContainText('绿源蔬菜');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(form.getByTestId('field-supplierId')).toContainText('绿源蔬菜');
  await chooseOption(form.getByTestId('field-canteenId'), '第一食堂');
  await form.getByLabel('采购日期').fill('2026-11-26');
  const lines = form.getByTestId('detail-items');
  await typeLine(page, lines, 0, '洋葱', [
    ['qty', '30'],
    ['unitPrice', '2.40'],
  ]);
  await typeLine(page, lines, 1, '土豆', [
    ['qty', '20'],
    ['unitPrice', '2.80'],
  ]);
  await typeLine(page, lines, 2, '西红柿', [
    ['qty', '10'],
    ['unitPrice', '4.50'],
  ]);
  await console.screenshot('supply-purchase-form');
  await form.getByTestId('entity-form-ok').click();
  await expect(form).toHaveCount(0);

  // Its number is the school's day's next CG number; the storekeeper submits it.
  const purchases = onView(page).getByTestId('purchase-list');
  const newest = purchases.locator('.ag-row', { hasText: '绿源蔬菜' }).filter({ hasText: '草稿' }).first();
  await expect(newest).toContainText('173.00');
  const billNo = (await newest.locator('[col-id="billNo"]').textContent())!.trim();
  expect(billNo).toMatch(/^CG\d{12}$/);
  await selectBill(page, purchases, billNo);
  await run(page, '提交');
  await expect(page.getByTestId('confirm')).toContainText(billNo);
  await page.keyboard.press('Enter');
  await expect(page.getByText('已提交审核')).toBeVisible();
  await expect(purchases.locator('.ag-row', { hasText: billNo })).toContainText('待审核');
  // The maker is not offered the audit: the palette says why under `!`.
  await openPalette(page);
  await page.keyboard.type('!审核');
  await expect(page.getByTestId('palette').locator('[cmdk-item][data-entry-kind="locked"]', { hasText: '审核' }).first()).toContainText('不能审核自己制单或提交的记录');
  await page.keyboard.press('Escape');

  // The storekeeper also asks for 5 kg of onions for the kitchen (issued once audited).
  await openScreen(page, 'chukuguanli', '/supply/shipments', 'shipment-list');
  await run(page, '新增出库单');
  const issue = page.getByTestId('entity-form');
  await issue.getByLabel('领用人').fill('王师傅');
  await chooseOption(issue.getByTestId('field-canteenId'), '第一食堂');
  await issue.getByLabel('出库日期').fill('2026-11-26');
  await typeLine(page, issue.getByTestId('detail-items'), 0, '洋葱', [['qty', '5']]);
  await issue.getByTestId('entity-form-ok').click();
  await expect(issue).toHaveCount(0);
  const shipments = onView(page).getByTestId('shipment-list');
  const shipmentNo = (await shipments.locator('.ag-row', { hasText: '王师傅' }).filter({ hasText: '草稿' }).first().locator('[col-id="billNo"]').textContent())!.trim();
  await selectBill(page, shipments, shipmentNo);
  await run(page, '提交');
  // This screen's 提交 (the shipment's), not 采购管理's of the same name.
  await expect(page.getByTestId('confirm')).toContainText(shipmentNo);
  // The list reloads after the action (its answer held here a moment): the keys stay with the row
  // meanwhile — a Space pressed during the reload deselects it instead of being lost to a loading overlay.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let reloading = () => {};
  const reloadStarted = new Promise<void>((resolve) => (reloading = resolve));
  await page.route(
    '**/ccu-boot/supply/shipment/list?**',
    async (route) => {
      reloading();
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await page.keyboard.press('Enter');
  await reloadStarted;
  await expect(shipments.locator('.ag-row [role="gridcell"]:focus')).toHaveCount(1);
  await expect(shipments.getByTestId('list-grid')).toHaveAttribute('aria-busy', 'true');
  await expect(shipments.getByTestId('selection-line')).toContainText('已选择 1 项');
  await page.keyboard.press('Space');
  await expect(shipments.getByTestId('selection-line')).toContainText('已选择 0 项');
  release();
  await expect(shipments.locator('.ag-row', { hasText: shipmentNo })).toContainText('待审核');

  // The administrator, in another browser, finds the purchase from the palette and audits it.
  const auditorContext = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const auditor = await auditorContext.newPage();
  const auditorLogin = new LoginPage(auditor);
  await auditorLogin.goto();
  await auditorLogin.signIn('admin');
  await expect(auditor.getByTestId('menu-search')).toBeVisible();
  await openScreen(auditor, 'caigouguanli', '/supply/procurement', 'purchase-list');
  const list = onView(auditor).getByTestId('purchase-list');
  await selectBill(auditor, list, billNo);
  await run(auditor, '审核');
  const audit = auditor.getByTestId('flow-action-form');
  await expect(audit.getByTestId('flow-action-records')).toContainText(billNo);
  await auditor.keyboard.type('价格合理');
  await auditor.keyboard.press('Enter');
  await expect(auditor.getByText('审核通过')).toBeVisible();
  await expect(list.locator('.ag-row', { hasText: billNo })).toContainText('已审核');

  // 验收入库 in two parts: 20 of the 30 kg of onions first, then the rest of everything.
  await run(auditor, '验收入库');
  const receive = auditor.getByTestId('flow-action-form');
  await expect(receive.getByTestId('flow-action-lines')).toContainText('洋葱');
  await expect(receive.getByLabel('洋葱 本次验收数量')).toBeFocused();
  await auditor.keyboard.press('Control+a');
  await auditor.keyboard.type('20');
  await new ConsolePage(auditor).screenshot('supply-receive');
  await auditor.keyboard.press('Enter');
  await expect(auditor.getByText('验收入库成功')).toBeVisible();
  await expect(list.locator('.ag-row', { hasText: billNo })).toContainText('部分入库');
  await run(auditor, '验收入库');
  await expect(receive.getByLabel('洋葱 本次验收数量')).toBeFocused();
  for (const [name, qty] of [
    ['洋葱', '10'],
    ['土豆', '20'],
    ['西红柿', '10'],
  ] as const) {
    await receive.getByLabel(`${name} 本次验收数量`).fill(qty);
  }
  await receive.getByLabel('土豆 本次验收数量').press('Enter');
  await expect(list.locator('.ag-row', { hasText: billNo })).toContainText('已入库');

  // The purchase's history: every step, newest first, with who did it.
  await auditor.keyboard.press('Alt+Shift+J');
  const history = auditor.getByTestId('record-history').getByTestId('history-entry');
  await expect(history).toHaveCount(5);
  await expect(history.nth(0)).toContainText('验收入库');
  await expect(history.nth(0)).toContainText('部分入库 → 已入库');
  await expect(history.nth(1)).toContainText('洋葱 20');
  await expect(history.nth(2)).toContainText('审核意见: 价格合理');
  await expect(history.nth(3)).toContainText('canteen');
  await expect(history.nth(4)).toContainText('新增');
  await new ConsolePage(auditor).screenshot('supply-history');
  await auditor.keyboard.press('Escape');
  await expect(auditor.getByTestId('record-history')).toHaveCount(0);

  // Printed on A4 for the supplier and the file: its lines, the total in figures and in words, the boxes signed.
  await run(auditor, '打印采购单');
  const printed = auditor.getByTestId('print-page');
  await expect(printed.getByTestId('print-billNo')).toHaveText(billNo);
  await expect(printed.getByTestId('print-lines').locator('tbody tr')).toHaveCount(5);
  await expect(printed.getByTestId('print-total-amount')).toHaveText('173.00');
  await expect(printed.getByTestId('print-in-words')).toContainText('壹佰柒拾叁元整');
  await expect(printed.getByTestId('print-signatures')).toContainText('canteen');
  await new ConsolePage(auditor).screenshot('supply-purchase-print');
  await auditor.keyboard.press('Escape');
  await expect(printed).toHaveCount(0);

  // The issue is audited: its 5 kg come from the first onion batch (received first), not the second.
  await openScreen(auditor, 'chukuguanli', '/supply/shipments', 'shipment-list');
  const issues = onView(auditor).getByTestId('shipment-list');
  await selectBill(auditor, issues, shipmentNo);
  await run(auditor, '审核出库');
  await expect(auditor.getByTestId('flow-action-records')).toContainText(shipmentNo);
  await auditor.keyboard.press('Enter');
  await expect(auditor.getByText('审核通过，已出库')).toBeVisible();
  await expect(issues.locator('.ag-row', { hasText: shipmentNo })).toContainText('已出库');
  await openScreen(auditor, 'shicaikucun', '/supply/inventory', 'stock-list');
  const batches = onView(auditor).getByTestId('stockBatch-list');
  await batches.getByTestId('query-area').getByRole('textbox').first().fill(billNo);
  await batches.getByTestId('query-area').getByRole('textbox').first().press('Enter');
  await expect(batches.getByTestId('pagination')).toContainText('共 4 条');
  const onions = batches.locator('.ag-row', { hasText: '洋葱' });
  await expect(onions).toHaveCount(2);
  // The first receipt (20 kg) gave the 5 kg, the second (10 kg) is whole: 15 and 10 left, not 20 and 5.
  // (Both came in within a second or so: their times cannot tell them apart, their sizes can.)
  const left = await Promise.all([0, 1].map(async (index) => (await onions.nth(index).locator('[col-id="remaining"]').textContent())?.trim()));
  expect(left.sort()).toEqual(['10', '15']);
  await new ConsolePage(auditor).screenshot('supply-inventory');
  await auditorContext.close();
});
