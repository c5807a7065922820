import type { Locator, Page } from '@playwright/test';
import { expect } from './pages';

/** The screen in its tab, settled: its lists drawn (rows or their empty note), nothing loading. */
export async function settled(page: Page, view: Locator): Promise<void> {
  // A screen's chunk and its first requests (a screen polling every few seconds still has quiet moments).
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await expect(view.locator('.ag-overlay-loading-wrapper').filter({ visible: true })).toHaveCount(0, { timeout: 20_000 });
  await expect(view.locator('[data-testid="list-grid"][aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  const lists = view.locator('[data-testid="list-grid"]');
  for (let index = 0; index < (await lists.count()); index += 1) {
    const list = lists.nth(index);
    if (!(await list.isVisible())) continue;
    await expect(list.locator('.ag-row, [role="status"]').first()).toBeVisible({ timeout: 20_000 });
  }
  // The columns are laid out after the rows are drawn: two frames.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
