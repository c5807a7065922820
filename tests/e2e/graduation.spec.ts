import { dayIn } from '../../src/shared/schoolTime';
import { apiAs, expect, test } from './support/pages';
import { findAndSelect, onView, openScreen, run } from './support/keyboardSteps';

test('a graduating class checked and run by keyboard: each pupil settled with the progress shown, their accounts emptied and closed', async ({ page, signedIn, console }) => {
  test.setTimeout(120_000);
  await signedIn('admin');
  const suffix = Date.now().toString(36).slice(-5);
  const stamp = String(Date.now()).slice(-8);
  // A class of its own under 高三年级, two pupils with cards and money: nobody else's pupils leave.
  const grade = (await apiAs(page, 'GET', '/memb/deptinfo/list?name=高三年级')).result.records[0] as { id: string };
  const klass = await apiAs(page, 'POST', '/memb/deptinfo/add', { parentId: grade.id, name: `毕业班${suffix}` });
  expect(klass.success, klass.message).toBe(true);
  const type = (await apiAs(page, 'GET', '/memb/memberType/list?pageSize=1')).result.records[0] as { id: string };
  for (const [index, name] of ['林毕业', '周离校'].entries()) {
    const no = `G${suffix}${index}`;
    const added = await apiAs(page, 'POST', '/memb/member/add', { memberNo: no, realName: name, sex: '1', memberTypeId: type.id, deptId: klass.result.id, memberStatus: '1' });
    expect(added.success, added.message).toBe(true);
    const opened = await apiAs(page, 'POST', '/memb/account/open', {
      idempotencyKey: `gradopen${suffix}${index}`,
      memberId: added.result.id,
      cardNo: `7${stamp}${index}`,
      physNo: `EE${stamp}${index}`,
    });
    expect(opened.success, opened.message).toBe(true);
    const paid = await apiAs(page, 'POST', '/memb/account/recharge', { idempotencyKey: `gradcash${suffix}${index}`, accountId: opened.result.accountId, amount: '25', channel: 'cash' });
    expect(paid.success, paid.message).toBe(true);
  }
  const made = await apiAs(page, 'POST', '/memb/graduation/add', {
    name: `毕业离校${suffix}`,
    gradYear: 2026,
    deptId: klass.result.id,
    leaveDate: dayIn('Asia/Shanghai'),
    cashRule: '2',
    depositRule: '1',
  });
  expect(made.success, made.message).toBe(true);
  const billNo = ((await apiAs(page, 'GET', `/memb/graduation/queryById?id=${made.result.id}`)).result as { billNo: string }).billNo;

  await openScreen(page, 'biyeguanli', '/members/graduation', 'graduation-list');
  await findAndSelect(page, billNo);
  await run(page, '预检');
  await expect(page.getByTestId('confirm').or(page.getByTestId('flow-action-form'))).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-sonner-toast]', { hasText: '预检完成：共 2 人' })).toBeVisible();
  const people = onView(page).getByTestId('graduationItem-list');
  await expect(people.getByTestId('pagination')).toContainText('共 2 条');
  await expect(people.locator('.ag-row', { hasText: '现金 25.00 元现金退还' })).toHaveCount(2);

  // 执行: the number of people typed again; the progress ends with both settled.
  await run(page, '执行');
  const form = page.getByTestId('flow-action-form');
  // The batch as it is now, read before the count can be checked.
  await expect(form.getByTestId('flow-action-show-persons')).toHaveText('2');
  await expect(form.getByLabel('再次输入人数')).toBeFocused();
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-sonner-toast]', { hasText: '已开始处理：共 2 人' })).toBeVisible();
  await expect(onView(page).getByTestId('batch-progress')).toContainText('已处理 2 / 2 人');
  await expect(
    onView(page)
      .getByTestId('graduation-list')
      .getByRole('row', { name: new RegExp(billNo) }),
  ).toContainText('已完成');
  await expect(people.locator('.ag-row', { hasText: '成功' })).toHaveCount(2);
  const accounts = (await apiAs(page, 'GET', `/memb/account/list?pageSize=50&accountNo=G${suffix}`)).result.records as { cash: number; accountStatus: string }[];
  expect(accounts.map((row) => [row.cash, row.accountStatus])).toEqual([
    [0, '3'],
    [0, '3'],
  ]);
  await console.screenshot('graduation-done');
});
