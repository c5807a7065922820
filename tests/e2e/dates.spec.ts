import { expect, test } from './support/pages';

/** The school's today (Asia/Shanghai, the seed's zone) moved by `days`, as YYYY-MM-DD. */
function schoolDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test('dates and times in the spec’s formats whatever the browser’s locale: typed, picked from a calendar by keyboard, and quick ranges', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  const view = page.locator('[data-tab-view]:not([hidden])');

  // Times: 1130 is 11:30 as it is typed; 930 is 09:30 once the field is left.
  await page.goto('/meals/config');
  await view.getByRole('button', { name: '新增' }).click();
  const mealForm = page.getByTestId('entity-form');
  const starts = mealForm.getByLabel('就餐开始');
  await starts.click();
  await page.keyboard.type('1130');
  await expect(starts).toHaveValue('11:30');
  const ends = mealForm.getByLabel('就餐结束');
  await ends.click();
  await page.keyboard.type('930');
  await page.keyboard.press('Tab');
  await expect(ends).toHaveValue('09:30');
  await page.keyboard.press('Escape');
  await expect(mealForm).toHaveCount(0);

  // Dates: digits get their dashes; Alt+↓ opens the calendar on the day, → moves a day, Enter picks it.
  await page.goto('/meals/buffet-rules');
  await view.getByRole('button', { name: '新增' }).click();
  const form = page.getByTestId('entity-form');
  const from = form.getByLabel('生效日期');
  await from.click();
  await page.keyboard.type('20261130');
  await expect(from).toHaveValue('2026-11-30');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Alt+ArrowDown');
  const calendar = page.getByTestId('date-calendar');
  await expect(calendar.locator(`[data-day="${schoolDay()}"]`)).toBeFocused();
  await console.screenshot('date-calendar');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(calendar).toHaveCount(0);
  await expect(from).toHaveValue(schoolDay(1));
  await expect(from).toBeFocused();
  // A month on with PgDn, back with PgUp: the same day.
  await page.keyboard.press('Alt+ArrowDown');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageUp');
  await page.keyboard.press('Enter');
  await expect(from).toHaveValue(schoolDay(1));
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  // Quick ranges fill both ends of a range in the query area.
  const query = view.getByTestId('query-area');
  await query.getByRole('button', { name: '展开' }).click();
  await query.getByRole('button', { name: '生效日期：快捷选择' }).focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('quick-ranges').getByRole('menuitem', { name: '今天' }).click();
  await expect(query.getByLabel('生效日期起')).toHaveValue(schoolDay());
  await expect(query.getByLabel('生效日期止')).toHaveValue(schoolDay());
});
