import { expect, openPalette, test, chooseOption } from './support/pages';

test('人员管理: the tree narrows the list to a grade and its classes, ID numbers are masked, and a member is added by keyboard', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  await openPalette(page);
  await page.keyboard.type('renyuanguanli');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/members/people');
  const list = page.getByTestId('member-list');
  await expect(list.getByTestId('pagination')).toContainText(/共 4\d\d 条/);
  // Lists show ID numbers masked.
  await expect(list.locator('[col-id="idNo"]').nth(1)).toHaveText(/^\d{4}\*{10}\d{3}[\dX]$/);

  // A grade: its three classes' pupils, 120.
  await page.getByTestId('member-depart-picker').getByText('高二年级', { exact: true }).click();
  await expect(list.getByTestId('pagination')).toContainText('共 120 条');
  await expect(list.locator('[col-id="deptId_dictText"]').nth(1)).toContainText('高二');
  await console.screenshot('members-by-grade');
  // One class, then the whole school again.
  await page.getByTestId('member-depart-picker').getByText('高二（2）班', { exact: true }).click();
  await expect(list.getByTestId('pagination')).toContainText('共 40 条');
  await page.getByTestId('member-tree').getByRole('button', { name: '全部人员' }).click();
  await expect(list.getByTestId('pagination')).toContainText(/共 4\d\d 条/);

  // Add a pupil by keyboard from the palette; the form checks the number is free.
  await openPalette(page);
  await page.keyboard.type('新增人员');
  await page.keyboard.press('Enter');
  const form = page.getByTestId('entity-form');
  await expect(form.getByLabel('学/工号')).toBeFocused();
  await page.keyboard.type('20240101');
  await page.keyboard.press('Tab');
  await expect(form.getByText('学/工号已存在', { exact: false })).toBeVisible();
  await form.getByLabel('学/工号').fill('20249901');
  await form.getByLabel('姓名').fill('测试新生');
  await chooseOption(form.getByTestId('field-memberTypeId'), '学生');
  await chooseOption(form.getByTestId('field-deptId'), '高一（3）班');
  await form.getByLabel('证件号').fill('320102200901011234');
  await console.screenshot('members-form');
  await form.getByLabel('姓名').press('Enter');
  await expect(form).toHaveCount(0);
  await list.getByLabel('学/工号').fill('20249901');
  await list.getByLabel('学/工号').press('Enter');
  const row = list.getByRole('row', { name: /测试新生/ });
  await expect(row).toContainText('高一（3）班');
  await expect(row).toContainText('3201**********1234');
});

test('白名单: the canteen administrator puts a pupil on the allow-list for free lunches', async ({ page, signedIn, console }) => {
  await signedIn('canteen');
  await page.goto('/meals/white-list');
  const list = page.getByTestId('whiteList-list');
  await expect(list.getByRole('row', { name: /家庭经济困难/ })).toBeVisible();
  await openPalette(page);
  await page.keyboard.type('新增白名单');
  await page.keyboard.press('Enter');
  const form = page.getByTestId('entity-form');
  await expect(form).toBeVisible();
  const member = form.getByTestId('field-memberId');
  await member.click();
  // The pupil list is long: typing the name jumps to it.
  await page.keyboard.type('周');
  await page.getByRole('listbox').getByRole('option').filter({ hasText: '周' }).first().press('Enter');
  await expect(member).toContainText('周');
  await chooseOption(form.getByTestId('field-whiteType'), '免费就餐');
  await form.getByLabel('生效日期').fill('2026-12-01');
  await form.getByLabel('失效日期').fill('2026-11-01');
  await form.getByLabel('原因').fill('困难补助');
  await form.getByLabel('原因').press('Enter');
  await expect(form.getByText('失效日期不能早于生效日期', { exact: false })).toBeVisible();
  await form.getByLabel('失效日期').fill('2027-01-31');
  await form.getByLabel('原因').press('Enter');
  await expect(form).toHaveCount(0);
  await expect(list.getByRole('row', { name: /困难补助/ })).toContainText('免费就餐');
  await console.screenshot('meals-white-list');
});

test('a member’s photo is uploaded in the form and remarks take several lines; 卡余额 lists wallets with a 合计 line for the whole query', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  await page.goto('/do/member.add');
  const form = page.getByTestId('entity-form');
  await form.getByLabel('学/工号').fill('20249902');
  await form.getByLabel('姓名').fill('照片新生');
  await chooseOption(form.getByTestId('field-memberTypeId'), '学生');
  await chooseOption(form.getByTestId('field-deptId'), '高一（2）班');
  // A 1×1 PNG: uploaded as soon as it is chosen, then shown as a thumbnail with its name.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  await form.getByLabel('照片').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png });
  await expect(form.getByTestId('field-photo').getByRole('img', { name: 'face.png' })).toBeVisible();
  // Enter in the remarks is a new line, not a save.
  await form.getByLabel('备注').fill('午餐过敏：花生');
  await form.getByLabel('备注').press('End');
  await form.getByLabel('备注').press('Enter');
  await page.keyboard.type('家长电话已登记');
  await expect(form).toBeVisible();
  await expect(form.getByLabel('备注')).toHaveValue('午餐过敏：花生\n家长电话已登记');
  await console.screenshot('members-form-photo');
  await form.getByLabel('备注').press('Control+Enter');
  await expect(form).toHaveCount(0);
  // The list reloaded by itself; the form reads the photo and both lines back.
  const list = page.getByTestId('member-list');
  await list.getByLabel('学/工号').fill('20249902');
  await list.getByLabel('学/工号').press('Enter');
  await expect(list.getByRole('row', { name: /照片新生/ })).toBeVisible();
  await list
    .getByRole('row', { name: /照片新生/ })
    .getByRole('button', { name: '编辑' })
    .click();
  await expect(form.getByTestId('field-photo').getByRole('img', { name: 'face.png' })).toBeVisible();
  await expect(form.getByLabel('备注')).toHaveValue('午餐过敏：花生\n家长电话已登记');
  await page.keyboard.press('Escape');

  await page.goto('/members/balances');
  const balances = page.getByTestId('balance-list');
  await expect(balances.getByTestId('pagination')).toContainText(/共 \d+ 条/);
  const footer = balances.locator('.ag-row-pinned').first();
  await expect(footer).toContainText('合计');
  const whole = Number(await footer.locator('[col-id="cash_text"]').innerText());
  expect(whole).toBeGreaterThan(0);
  // A class narrows the list and its 合计.
  await page.getByTestId('member-depart-picker').getByText('高一（1）班', { exact: true }).click();
  await expect(balances.locator('[col-id="deptId_dictText"]').nth(1)).toContainText('高一（1）班');
  await expect.poll(async () => Number(await footer.locator('[col-id="cash_text"]').innerText())).toBeLessThan(whole);
  await console.screenshot('card-balances');
});
