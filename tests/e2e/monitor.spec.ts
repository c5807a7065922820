import { expect, openPalette, test } from './support/pages';

test('系统监控: each screen shows this installation’s live numbers with its charts', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  const view = page.locator('[data-tab-view]:not([hidden])');
  // 磁盘 from the palette; the others by their links.
  await openPalette(page);
  await page.keyboard.type('cipanjiankong');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/monitor/disk');
  await expect(view.getByTestId('data-dir-gauge').locator('svg')).toBeVisible();
  await expect(view.getByTestId('mount-table').getByRole('row')).not.toHaveCount(1);
  await console.screenshot('monitor-disk');

  await page.goto('/monitor/http-trace');
  await expect(view.getByTestId('trace-table')).toContainText('/ccu-boot/monitor/disk');
  await expect(view.getByTestId('trace-table')).not.toContainText('token=');

  await page.goto('/monitor/runtime');
  await expect(view.getByTestId('memory-chart').locator('svg')).toBeVisible();
  await expect(view.getByTestId('runtime-info')).toContainText('node');
  // It refreshes: a second reading extends the time line.
  const first = await view.getByTestId('monitor-freshness').textContent();
  await expect(view.getByTestId('monitor-freshness')).not.toHaveText(first ?? '', { timeout: 8000 });
  await console.screenshot('monitor-runtime');

  await page.goto('/monitor/database');
  await expect(view.getByTestId('database-monitor')).toContainText('PGlite');
  await expect(view.getByTestId('database-monitor')).toContainText('fin_txn');
  await console.screenshot('monitor-database');

  await page.goto('/monitor/system');
  await expect(view.getByTestId('load-chart').locator('svg')).toBeVisible();

  await page.goto('/monitor/server');
  await expect(view.getByTestId('instance-table')).toContainText('本实例');
  await expect(view.getByTestId('instance-table')).toContainText('运行中');
  // The outbox beside the instances: what waits after its commit, and what failed.
  await expect(view.getByTestId('outbox-panel')).toContainText('排队中');
  await expect(view.getByTestId('outbox-panel')).toContainText('已失败');
  await console.screenshot('monitor-server');
});
