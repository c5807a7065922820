import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { addDays, dayIn } from '../../src/shared/schoolTime';
import { apiAs, expect, test } from './support/pages';
import { onView, openScreen, run } from './support/keyboardSteps';

test('the finance officer opens yesterday’s 日报 from the palette, exports it, and the file’s totals are the screen’s', async ({ page, signedIn }) => {
  // (and up to two minutes more, waiting out the school's midnight)
  test.setTimeout(220_000);
  await signedIn('admin');
  // Not across the school's midnight: the day closed, the day the screen opens on and "yesterday"
  // here must be one day (a run started at 23:59 would close one and show the next).
  const toMidnight = 86_400_000 - ((Date.now() + 8 * 3_600_000) % 86_400_000);
  if (toMidnight < 120_000) await page.waitForTimeout(toMidnight + 5_000);
  const yesterday = addDays(dayIn('Asia/Shanghai'), -1);
  // The days that are over closed first (as the nightly job does): yesterday is fixed from here on.
  const closed = await apiAs(page, 'POST', '/report/close');
  expect(closed.success, closed.message).toBe(true);

  await openScreen(page, 'ribaobiao', '/reports/daily', 'report-daily');
  const screen = onView(page).getByTestId('report-daily');
  await expect(screen.getByTestId('report-heading')).toHaveText(`日报表 · ${yesterday}`);
  await expect(screen.getByTestId('report-state')).toContainText('已日结');
  await expect(screen.getByTestId('report-check')).toHaveText('校验差额 0.00，账表相符');
  const total = screen.getByTestId('report-table').locator('tr[data-row="total"]');
  await expect(total.locator('td').first()).toHaveText('合计');
  const shown = async (column: string) => Number((await total.locator(`td[data-column="${column}"]`).innerText()).replaceAll(',', ''));
  const consume = await shown('consume');
  const closing = await shown('closing');
  expect(closing).toBeGreaterThan(0);

  // 导出报表 from the palette: the workbook of what the screen shows.
  const download = page.waitForEvent('download');
  await run(page, '导出报表');
  const file = await download;
  expect(file.suggestedFilename()).toBe(`日报表_${yesterday}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('资金收支')!;
  expect(String(sheet.getRow(2).getCell(1).value)).toBe(`日期范围 ${yesterday} ~ ${yesterday} (单位:元)`);
  const header = (sheet.getRow(3).values as unknown[]).slice(1);
  const rows = (sheet.getSheetValues() as unknown[]).filter((row): row is unknown[] => Array.isArray(row));
  const totalRow = rows.find((row) => row[1] === '合计')!;
  expect(totalRow[header.indexOf('消费') + 1]).toBe(consume);
  expect(totalRow[header.indexOf('期末余额') + 1]).toBe(closing);
  expect(totalRow[header.indexOf('校验差额') + 1]).toBe(0);
  expect(rows.some((row) => String(row[1]).startsWith('制表:'))).toBe(true);

  // Another tab by keyboard-reachable tabs: the canteens' takings of the same day.
  await screen.getByRole('tab', { name: '营业汇总' }).click();
  await expect(screen.getByTestId('report-table').locator('th').first()).toHaveText('食堂');
});

test('首页 lists the approvals waiting for the administrator; the digit 1 opens the first, and only while the home page is in front', async ({ page, signedIn }) => {
  await signedIn('admin');
  const pending = page.getByTestId('home-pending');
  const first = pending.getByRole('button').first();
  await expect(first).toBeVisible();
  await expect(first).toHaveAttribute('aria-keyshortcuts', '1');
  await expect(page.getByTestId('home-consume')).toContainText('¥');
  await page.keyboard.press('1');
  await expect(page).not.toHaveURL('/dashboard/analysis');
  const opened = new URL(page.url()).pathname;
  // Back on another page, the home page behind (kept alive) no longer answers digits.
  await page.keyboard.press('2');
  await expect(page).toHaveURL(opened);
});
