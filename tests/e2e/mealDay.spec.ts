import { addDays, dayIn } from '../../src/shared/schoolTime';
import { apiAs, chooseOption, expect, test } from './support/pages';
import { findAndSelect, onView, openScreen, run } from './support/keyboardSteps';

test('a head teacher’s leave that refunds meals, approved by keyboard, reaches the pupil’s balance through 退款合并 audited by another person', async ({ page, signedIn, console }) => {
  test.setTimeout(120_000);
  await signedIn('admin');
  // The last day the seed ordered the first class's lunches for: the day after tomorrow on the day it
  // was made — tomorrow, when the run has crossed the school's midnight since.
  const today = dayIn('Asia/Shanghai');
  const ahead = (await apiAs(page, 'GET', `/meal/order/list?status=1&mealType=2&diningDate_begin=${addDays(today, 1)}&diningDate_end=${addDays(today, 2)}&pageSize=200`)).result.records as {
    memberId: string;
    orderNo: string;
    diningDate: string;
  }[];
  const day = ahead
    .map((order) => order.diningDate)
    .sort()
    .at(-1)!;
  const orders = ahead.filter((order) => order.diningDate === day);
  // A pupil with lunch ordered that day and no leave or stop of their own.
  let pupil: { id: string; memberNo: string } | undefined;
  for (const order of orders) {
    const leaves = (await apiAs(page, 'GET', `/memb/leave/list?memberId=${order.memberId}`)).result.total as number;
    const stops = (await apiAs(page, 'GET', `/meal/stop/list?memberId=${order.memberId}`)).result.total as number;
    if (leaves || stops) continue;
    pupil = (await apiAs(page, 'GET', `/memb/member/queryById?id=${order.memberId}`)).result;
    break;
  }
  expect(pupil, 'a pupil with lunch ordered').toBeTruthy();
  const cashOf = async () =>
    Number(((await apiAs(page, 'GET', `/memb/account/list?accountNo=A${pupil!.memberNo}`)).result.records as { memberId: string; cash: number }[]).find((row) => row.memberId === pupil!.id)!.cash);
  const before = await cashOf();

  // The head teacher types the leave in: the whole day, lunch refunded.
  await openScreen(page, 'qingjiaguanli', '/members/leave', 'leave-list');
  await run(page, '新增请假单');
  const form = page.getByTestId('entity-form');
  await form.getByTestId('field-memberId').focus();
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('ref-picker');
  await expect(picker.getByRole('combobox')).toBeFocused();
  await page.keyboard.type(pupil!.memberNo);
  await expect(picker.getByRole('option').first()).toContainText(pupil!.memberNo);
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await chooseOption(form.getByRole('combobox', { name: '请假类型' }), '病假');
  await form.getByLabel('开始时间').fill(`${day} 07:00:00`);
  await form.getByLabel('结束时间').fill(`${day} 18:00:00`);
  await form.getByRole('checkbox', { name: '退餐', exact: true }).focus();
  await page.keyboard.press('Space');
  await form.getByRole('checkbox', { name: '午餐', exact: true }).focus();
  await page.keyboard.press('Space');
  await form.getByLabel('事由').fill('住院检查');
  await form.getByLabel('事由').press('Enter');
  await expect(form).toHaveCount(0);
  const leaves = onView(page).getByTestId('leave-list');
  const row = leaves.getByRole('row', { name: /住院检查/ });
  await expect(row).toContainText('待审批');
  const billNo = (await row.locator('[col-id="billNo"]').textContent())!.trim();

  await leaves.getByTestId('query-area').getByRole('textbox').first().focus();
  await findAndSelect(page, billNo);
  await run(page, '审批通过');
  await expect(page.getByTestId('flow-action-form')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('已审批通过')).toBeVisible();

  // The leave stopped the pupil's lunch that day: the order cancelled into a 请假退餐 line.
  await openScreen(page, 'tuikuanhebing', '/meals/refund-merge', 'refundBatch-list');
  const lines = onView(page).getByTestId('refundItem-list');
  await expect(lines.locator('.ag-row', { hasText: '请假退餐' }).first()).toContainText('12.00');

  // The canteen's clerk merges the day's leave refunds into a batch.
  await run(page, '新增合并退款单');
  const batchForm = page.getByTestId('entity-form');
  await batchForm.getByLabel('开始日期').fill(day);
  await batchForm.getByLabel('结束日期').fill(day);
  await chooseOption(batchForm.getByRole('combobox', { name: '来源' }), '请假退餐');
  await batchForm.getByLabel('备注').fill('请假退餐费');
  await batchForm.getByLabel('备注').press('Enter');
  await expect(batchForm).toHaveCount(0);
  const batches = onView(page).getByTestId('refundBatch-list');
  const batchRow = batches.getByRole('row', { name: /请假退餐费/ });
  await expect(batchRow).toContainText('待审核');
  await expect(batchRow).toContainText('12.00');
  const batchNo = (await batchRow.locator('[col-id="billNo"]').textContent())!.trim();
  expect(batchNo).toMatch(/^TK\d{12}$/);

  // Another person audits it and pays it: the total typed again.
  await page.getByTestId('logout-button').click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL('/user/login');
  await signedIn('canteen');
  await openScreen(page, 'tuikuanhebing', '/meals/refund-merge', 'refundBatch-list');
  await findAndSelect(page, batchNo);
  await run(page, '审核');
  await expect(page.getByTestId('flow-action-form')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-sonner-toast]', { hasText: '已审核' })).toBeVisible();
  await run(page, '执行退款');
  const pay = page.getByTestId('flow-action-form');
  await expect(pay.getByTestId('flow-action-show-total')).toHaveText('¥12.00');
  await expect(pay.getByLabel('再次输入总额')).toBeFocused();
  await page.keyboard.type('12.00');
  await page.keyboard.press('Enter');
  await expect(page.getByText('已退款 1 人，共 12.00 元')).toBeVisible();
  await expect(onView(page).getByTestId('refundBatch-list').locator('.ag-row', { hasText: batchNo })).toContainText('已退款');
  await console.screenshot('refund-merge-paid');
  // The card office sees the ¥12.00 back in the pupil's cash.
  await page.getByTestId('logout-button').click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL('/user/login');
  await signedIn('admin');
  expect(await cashOf()).toBeCloseTo(before + 12, 2);
});
