import type { Page } from '@playwright/test';
import { expect, openPalette } from './pages';

/** Keyboard steps on the console's screens that the business flows share. */

/** The page on view (kept-alive tabs keep other pages in the document, hidden). */
export const onView = (page: Page) => page.locator('[data-tab-view]:not([hidden])');

/** Opens a screen from the palette by its pinyin, as the clerk does, and waits until it is the one on view. */
export async function openScreen(page: Page, typed: string, url: string, list: string) {
  await openPalette(page);
  await page.keyboard.type(typed);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(url);
  await expect(onView(page).getByTestId(list)).toBeVisible();
}

/** Searches the screen's (first) list by its first query field, then selects the one row found, by keyboard. */
export async function findAndSelect(page: Page, value: string) {
  // A screen may show a second list below (账户管理's 调账单): the first one is searched.
  const list = onView(page).locator('section[data-testid$="-list"]').first();
  // An opened screen puts the keyboard in its first query field.
  const field = list.getByTestId('query-area').getByRole('textbox').first();
  await expect(field).toBeFocused();
  // A tab opened before keeps its last search: typed over.
  await page.keyboard.press('Control+a');
  await page.keyboard.type(value);
  await expect(field).toHaveValue(value);
  await page.keyboard.press('Enter');
  await expect(list.getByTestId('pagination')).toContainText('共 1 条');
  // The list has drawn the one row (the grid redraws a frame after the count changes).
  await expect(list.locator('.ag-row[row-index="0"]').filter({ hasText: value }).first()).toBeVisible();
  await expect(list.locator('.ag-row[row-index="1"]')).toHaveCount(0);
  await page.keyboard.press('Alt+Shift+G');
  // Space toggles: a kept tab may still have this row selected from before.
  const row = list.locator('.ag-row[row-index="0"]').first();
  if (!((await row.getAttribute('class')) ?? '').includes('ag-row-selected')) await page.keyboard.press('Space');
  await expect(row).toHaveClass(/ag-row-selected/);
  await expect(list.getByTestId('selection-line')).toContainText('已选择 1 项');
}

/** Runs a command of the screen from the palette by its name. */
export async function run(page: Page, name: string) {
  // A command, not a screen whose title holds the name (补卡 and 补卡管理).
  await choose(page, name, 'command');
}

/** Opens a screen from the palette by its title, once the menu holds it (a screen just published joins the menu when it reloads). */
export async function openByTitle(page: Page, title: string) {
  await choose(page, title, 'menu');
}

async function choose(page: Page, name: string, kind: 'command' | 'menu') {
  await openPalette(page);
  await page.keyboard.type(name);
  // Enter only once the entry leads: an Enter on no result is dropped, as a clerk would see.
  await expect(page.getByTestId('palette').locator(`[cmdk-item][aria-selected="true"][data-entry-kind="${kind}"]`)).toContainText(name);
  await page.keyboard.press('Enter');
}
