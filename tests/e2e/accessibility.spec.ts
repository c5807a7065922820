import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openPalette, test } from './support/pages';

/** Serious and critical WCAG 2.1 A/AA violations on the page as it is now, one line each. */
async function violations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} — ${(node.failureSummary ?? '').split('\n')[1]?.trim() ?? ''}`));
}

const SCREENS = [
  '/dashboard/analysis',
  '/system/users',
  '/system/roles',
  '/system/departments',
  '/system/permissions',
  '/system/dictionaries',
  '/members/departments',
  '/members/people',
  '/members/types',
  '/members/accounts',
  '/members/cards',
  '/payments/charges',
  '/payments/consumption',
  '/devices',
  '/meals/canteens',
  '/meals/stores',
  '/meals/tables',
  '/meals/combos',
  '/meals/categories',
  '/meals/buffet-rules',
  '/meals/config',
  '/meals/white-list',
  '/demo/table-edit',
  '/list/query',
];

test('every working screen passes axe (no serious or critical WCAG 2.1 AA violation)', async ({ page, signedIn }) => {
  test.setTimeout(240_000);
  await signedIn('admin');
  const found: string[] = [];
  for (const path of SCREENS) {
    await page.goto(path);
    // The screen drawn with its data: its list has rows, or it has none to show.
    await expect(page.locator('[data-tab-view]:not([hidden])')).toBeVisible();
    await page.waitForLoadState('networkidle');
    found.push(...(await violations(page)).map((line) => `${path} ${line}`));
  }
  expect(found).toEqual([]);
});

test('the palette, a form, a confirmation and the download centre pass axe', async ({ page, signedIn }) => {
  await signedIn('admin');
  const found: string[] = [];
  await page.goto('/meals/canteens');
  await expect(page.getByTestId('canteen-list').getByRole('row').nth(1)).toBeVisible();

  await openPalette(page);
  await page.keyboard.type('shitang');
  await expect(page.getByTestId('palette').locator('[cmdk-item][aria-selected="true"]')).toContainText('食堂管理');
  found.push(...(await violations(page, '[data-testid="palette"]')).map((line) => `palette ${line}`));
  await page.keyboard.press('Escape');

  await page.goto('/do/canteen.add');
  const form = page.getByTestId('entity-form');
  await expect(form.getByLabel('食堂名称')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByText('请填写食堂名称')).toBeVisible();
  found.push(...(await violations(page, '[data-testid="entity-form"]')).map((line) => `form ${line}`));
  await page.keyboard.press('Escape');

  await page.getByTestId('canteen-list').getByRole('row').nth(1).getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  await expect(page.getByTestId('confirm')).toBeVisible();
  found.push(...(await violations(page, '[data-testid="confirm"]')).map((line) => `confirm ${line}`));
  await page.keyboard.press('Escape');

  await page.goto('/do/downloads.open');
  await expect(page.getByTestId('download-centre')).toBeVisible();
  found.push(...(await violations(page, '[data-testid="download-centre"]')).map((line) => `downloads ${line}`));
  expect(found).toEqual([]);
});
