import { dayIn } from '../../src/shared/schoolTime';
import { apiAs, expect, test } from './support/pages';
import { findAndSelect, onView, openScreen, run } from './support/keyboardSteps';

test('选择补助人员 in the report popup picker: 请选择一条记录 with none, a pupil searched and chosen by keyboard, the batch takes them', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  const suffix = Date.now().toString(36).slice(-5);
  const made = await apiAs(page, 'POST', '/memb/subsidy/add', { name: `选人补助${suffix}`, subsidyType: '2', fundSource: '2', startDate: dayIn('Asia/Shanghai'), clearMode: '0' });
  const billNo = (await apiAs(page, 'GET', `/memb/subsidy/queryById?id=${made.result.id}`)).result.billNo as string;
  // A member with money on an open account (the picker's own report, richest first).
  const [pupil] = (await apiAs(page, 'GET', '/online/cgreport/api/getData/shipped_member_pick?column=balance&order=desc&pageSize=1')).result.records as { memberNo: string; realName: string }[];

  await openScreen(page, 'buzhuguanli', '/members/subsidies', 'subsidy-list');
  await findAndSelect(page, billNo);
  await run(page, '选择补助人员');
  const form = page.getByTestId('flow-action-form');
  const people = form.getByTestId('field-members');
  await expect(people).toBeFocused();
  await expect(people).toHaveText('请选择');
  // Enter opens the picker on its report, the keyboard in its first query field.
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('report-picker');
  await expect(picker.getByRole('heading', { name: '选择人员' })).toBeVisible();
  const number = picker.getByTestId('query-area').getByRole('textbox', { name: '学/工号' });
  await expect(number).toBeFocused();
  // The hidden query fields come with 展开.
  await expect(picker.getByRole('textbox', { name: '手机号' })).toHaveCount(0);
  await picker.getByRole('button', { name: /展开/ }).click();
  await expect(picker.getByRole('textbox', { name: '手机号' })).toBeVisible();
  // Nothing chosen: 请选择一条记录, and the picker stays.
  await picker.getByTestId('report-picker-ok').click();
  await expect(page.locator('[data-sonner-toast]', { hasText: '请选择一条记录' })).toBeVisible();
  await number.focus();
  await page.keyboard.type(pupil!.memberNo);
  await page.keyboard.press('Enter');
  await expect(picker.getByTestId('pagination')).toContainText('共 1 条');
  await expect(picker.locator('.ag-row[row-index="0"]')).toContainText(pupil!.realName);
  // ↓ to the row, Space chooses it, Enter confirms.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(picker.getByTestId('selection-line')).toContainText('已选择 1 项');
  await console.screenshot('report-picker-chosen');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(people).toHaveText(pupil!.realName);
  await form.getByLabel('每人金额').fill('20');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('[data-sonner-toast]', { hasText: '已添加 1 人' })).toBeVisible();
  await expect(onView(page).getByTestId('subsidyItem-list').getByTestId('pagination')).toContainText('共 1 条');
  await expect(onView(page).getByTestId('subsidyItem-list')).toContainText(pupil!.realName);
});
