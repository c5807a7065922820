import { dateTimeIn } from '../../src/shared/schoolTime';
import { apiAs, expect, test } from './support/pages';
import { onView, openScreen, run } from './support/keyboardSteps';

test('物业费缴纳: the property office bills every house for half a year by keyboard, and a second run bills no house twice', async ({ page, signedIn }) => {
  await signedIn('admin');
  await openScreen(page, 'wuyefeijiaona', '/payments/property', 'propertyBill-list');
  await run(page, '批量生成');
  const dialog = page.getByTestId('property-generate');
  await expect(dialog).toBeVisible();
  // The months typed over the suggested half year (楼栋: all of them).
  await expect(dialog.getByLabel('计费起（月）')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('2030-01');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('2030-06');
  await page.keyboard.press('Enter');
  // The houses with an owner and a price are billed; the others are named with why, the dialog open.
  const skipped = dialog.getByTestId('property-generate-skipped');
  await expect(skipped).toContainText('已生成 4 张账单');
  await expect(skipped).toContainText('3栋1单元1202');
  await expect(skipped).toContainText('未绑定业主');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const bills = await apiAs(page, 'GET', '/pay/property/list?periodFrom=2030-01&pageSize=50');
  expect(bills.result.records.map((bill: { houseId_dictText: string }) => bill.houseId_dictText).sort()).toEqual(['3栋1单元1201', '5栋1单元0301', '5栋2单元0602', '6栋1单元0101']);
  // Half a year at 1.20 a ㎡: 112.56 ㎡ → 810.43.
  expect(bills.result.records.find((bill: { houseId_dictText: string }) => bill.houseId_dictText === '3栋1单元1201')).toMatchObject({ months: 6, amount: 810.43, owed: 810.43 });
  await expect(onView(page).getByTestId('propertyBill-list').locator('.ag-row').filter({ hasText: '2030-01' }).first()).toBeVisible();

  // The same months again: every house named, none billed twice.
  await run(page, '批量生成');
  await expect(dialog.getByLabel('计费起（月）')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('2030-03');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('2030-04');
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('property-generate-skipped')).toContainText('已生成 0 张账单');
  await expect(dialog.getByTestId('property-generate-skipped')).toContainText('该期间已有账单');
  expect((await apiAs(page, 'GET', '/pay/property/list?periodFrom=2030-03')).result.records).toEqual([]);
});

test('水费 生成账单 with no reading selected asks for the month (the school’s, to start) and bills all of it, not a selected bill', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  await openScreen(page, 'shuifei', '/payments/water', 'waterBill-list');
  await run(page, '生成账单');
  const form = page.getByTestId('flow-action-form');
  await expect(form.getByLabel('账期')).toHaveValue(dateTimeIn('Asia/Shanghai').slice(0, 7));
  await expect(form).toContainText('未选择时为该账期全部未出账的抄表');
  // The month is required when it names the readings.
  await form.getByLabel('账期').fill('');
  await form.getByLabel('单价（元/吨）').fill('3.5');
  await form.getByRole('button', { name: '确定' }).click();
  await expect(form).toContainText('请填写账期');
  await console.screenshot('water-generate-month');
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
});
