import { dayIn } from '../../src/shared/schoolTime';
import { apiAs, expect, permissionNodes, test } from './support/pages';
import { findAndSelect, onView, openScreen, run } from './support/keyboardSteps';

test('a subsidy batch made by a clerk from a workbook, audited by the administrator and issued with its progress shown', async ({ page, signedIn, login, console }, testInfo) => {
  test.setTimeout(120_000);
  await signedIn('admin');
  const suffix = Date.now().toString(36).slice(-5);
  // The clerk: 补助管理 to make, fill and submit batches — not to audit or issue them.
  const tree = await permissionNodes(page);
  const area = tree.find((node) => node.url === '/members')!;
  const screen = tree.find((node) => node.url === '/members/subsidies')!;
  const buttons = tree.filter((node) => ['subsidy:add', 'subsidy:submit', 'subsidy:importItems'].includes(node.perms ?? ''));
  const role = await apiAs(page, 'POST', '/sys/role/add', { roleName: `补助专员${suffix}`, roleCode: `subsidy_${suffix}` });
  await apiAs(page, 'POST', '/sys/permission/saveRolePermission', { roleId: role.result.id, permissionIds: [area, screen, ...buttons].map((node) => node.id).join(','), lastpermissionIds: '' });
  expect((await apiAs(page, 'POST', '/sys/user/add', { username: `subsidy_${suffix}`, realname: '补助专员', password: 'Subsidy-Pass-61', selectedroles: role.result.id })).success).toBe(true);
  // Three pupils with open accounts, by number, for the workbook.
  const accounts = (await apiAs(page, 'GET', '/memb/account/list?accountStatus=1&pageSize=50')).result.records as { accountNo: string; memberId_dictText: string }[];
  const numbers = accounts
    .filter((row) => /^A2024/.test(row.accountNo))
    .slice(-3)
    .map((row) => row.accountNo.slice(1));
  expect(numbers).toHaveLength(3);
  const { default: ExcelJS } = await import('exceljs');
  const book = async (name: string, rows: (string | number)[][]) => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('补助名单');
    sheet.addRow(['学/工号', '金额']);
    for (const row of rows) sheet.addRow(row);
    const file = testInfo.outputPath(name);
    await workbook.xlsx.writeFile(file);
    return file;
  };
  const bad = await book('bad.xlsx', [
    [numbers[0]!, 20],
    ['NOSUCH99', 20],
  ]);
  const good = await book(
    'good.xlsx',
    numbers.map((no) => [no, 20]),
  );

  await page.getByTestId('logout-button').click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL('/user/login');
  await login.signIn(`subsidy_${suffix}`, 'Subsidy-Pass-61');
  await expect(page).toHaveURL(/\/dashboard\/analysis$/);

  // The basics, typed in.
  await openScreen(page, 'buzhuguanli', '/members/subsidies', 'subsidy-list');
  await run(page, '新增补助批次');
  const form = page.getByTestId('entity-form');
  await form.getByLabel('补助名称').fill(`冬季伙食补助${suffix}`);
  await form.getByLabel('启用日期').fill(dayIn('Asia/Shanghai'));
  await form.getByLabel('补助名称').press('Enter');
  await expect(form).toHaveCount(0);
  const batches = onView(page).getByTestId('subsidy-list');
  const row = batches.getByRole('row', { name: new RegExp(`冬季伙食补助${suffix}`) });
  await expect(row).toContainText('草稿');
  const billNo = (await row.locator('[col-id="billNo"]').textContent())!.trim();
  expect(billNo).toMatch(/^BZ\d{12}$/);
  await batches.getByTestId('query-area').getByRole('textbox').first().focus();
  await findAndSelect(page, billNo);

  // The people from a workbook: a bad row names itself and nothing is imported; then the good one.
  const importFrom = async (file: string) => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), run(page, '导入补助名单')]);
    await chooser.setFiles(file);
  };
  await importFrom(bad);
  await expect(page.locator('[data-sonner-toast]', { hasText: '第 3 行 学/工号 NOSUCH99 不存在' })).toBeVisible();
  await importFrom(good);
  await expect(page.locator('[data-sonner-toast]', { hasText: '导入成功，共 3 行' })).toBeVisible();
  const people = onView(page).getByTestId('subsidyItem-list');
  await expect(people.getByTestId('pagination')).toContainText('共 3 条');
  await expect(row).toContainText('60.00');
  // The step a selected draft allows next is on the toolbar, not only in its row's 更多.
  await expect(batches.getByRole('toolbar').getByRole('button', { name: '提交', exact: true })).toBeVisible();
  await console.screenshot('subsidy-next-step');
  await run(page, '提交');
  await expect(page.getByTestId('confirm')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-sonner-toast]', { hasText: '已提交审核' })).toBeVisible();
  await expect(row).toContainText('待审核');

  // The administrator audits it and issues it, the total typed again; the progress shows every person paid.
  await page.getByTestId('logout-button').click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL('/user/login');
  await signedIn('admin');
  await openScreen(page, 'buzhuguanli', '/members/subsidies', 'subsidy-list');
  await findAndSelect(page, billNo);
  await run(page, '审核');
  await expect(page.getByTestId('flow-action-form')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-sonner-toast]', { hasText: '已审核' })).toBeVisible();
  await run(page, '发放');
  const issue = page.getByTestId('flow-action-form');
  await expect(issue.getByTestId('flow-action-show-total')).toHaveText('¥60.00');
  await expect(issue.getByLabel('再次输入总金额')).toBeFocused();
  await page.keyboard.type('60');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-sonner-toast]', { hasText: '已开始发放：共 3 人' })).toBeVisible();
  const progress = onView(page).getByTestId('batch-progress');
  await expect(progress).toContainText('已发放 3 / 3 人');
  await expect(
    onView(page)
      .getByTestId('subsidy-list')
      .getByRole('row', { name: new RegExp(billNo) }),
  ).toContainText('已发放');
  await expect(onView(page).getByTestId('subsidyItem-list').locator('.ag-row', { hasText: '已发放' })).toHaveCount(3);
  await console.screenshot('subsidy-issued');
});
