import { expect, openPalette, test, chooseOption } from './support/pages';
import { onView } from './support/keyboardSteps';

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

  // The query area's 部门/班级 takes several classes at once (typing jumps, Enter ticks, Esc closes).
  await list.getByRole('button', { name: '展开' }).focus();
  await page.keyboard.press('Enter');
  const classes = list.getByTestId('query-deptId');
  await classes.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  for (const name of ['高二（1）班', '高二（2）班']) {
    await page.keyboard.type(name.slice(0, 4));
    const item = menu.getByRole('menuitemcheckbox', { name, exact: true });
    for (let step = 0; step < 60 && !(await item.evaluate((element) => element === document.activeElement)); step += 1) await page.keyboard.press('ArrowDown');
    // Enter ticks (Space would join the type-ahead just typed) and keeps the menu open.
    await page.keyboard.press('Enter');
    await expect(item).toHaveAttribute('aria-checked', 'true');
  }
  await page.keyboard.press('Escape');
  await expect(menu.getByRole('menuitemcheckbox').first()).toBeHidden();
  await expect(classes).toBeFocused();
  await expect(classes).toHaveText('高二（1）班、高二（2）班');
  await console.screenshot('members-query-classes');
  await list.getByLabel('姓名').press('Enter');
  await expect(list.getByTestId('pagination')).toContainText('共 80 条');
  await list.getByRole('button', { name: '重置' }).focus();
  await page.keyboard.press('Enter');
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
  // The member is picked in a search dialog (a school has too many for a select): the form opens on
  // it, Enter opens the picker, typing searches names and numbers, ↓ and Enter choose.
  const member = form.getByTestId('field-memberId');
  await expect(member).toBeFocused();
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('ref-picker');
  await expect(picker.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('周');
  await expect(picker.getByRole('option').first()).toContainText('周');
  await expect(picker).toContainText(/共 \d+ 条/);
  await console.screenshot('meals-white-list-picker');
  await page.keyboard.press('ArrowDown');
  const chosen = (await picker.getByRole('option', { selected: true }).locator('span').first().textContent())!;
  const chosenNo = (await picker.getByRole('option', { selected: true }).locator('span').nth(1).textContent())!;
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  // Focus is back on the field, which names the pupil.
  await expect(member).toBeFocused();
  await expect(member).toHaveText(chosen);
  await chooseOption(form.getByTestId('field-whiteType'), '免费就餐');
  await form.getByLabel('生效日期').fill('2026-12-01');
  await form.getByLabel('失效日期').fill('2026-11-01');
  await form.getByLabel('原因').fill('困难补助');
  await form.getByLabel('原因').press('Enter');
  await expect(form.getByText('失效日期不能早于生效日期', { exact: false })).toBeVisible();
  await form.getByLabel('失效日期').fill('2027-01-31');
  await form.getByLabel('原因').press('Enter');
  await expect(form).toHaveCount(0);
  const entry = list.getByRole('row', { name: /困难补助/ });
  await expect(entry).toContainText('免费就餐');
  await expect(entry).toContainText(chosen);
  await console.screenshot('meals-white-list');
  // The query area picks the member the same way and finds the entry.
  await list.getByTestId('query-memberId').focus();
  await page.keyboard.press('Enter');
  await expect(picker.getByRole('combobox')).toBeFocused();
  await page.keyboard.type(chosenNo);
  await expect(picker.getByRole('option')).toHaveCount(1);
  await expect(picker.getByRole('option', { selected: true })).toContainText(chosen);
  await page.keyboard.press('Enter');
  await expect(list.getByTestId('query-memberId')).toHaveText(chosen);
  await list.getByRole('button', { name: '查询' }).focus();
  await page.keyboard.press('Enter');
  await expect(list.getByTestId('pagination')).toContainText(/共 [1-9]\d* 条/);
  await expect(list.locator('[col-id="memberId_dictText"]').nth(1)).toHaveText(chosen);
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
  // The tab on view's tree: the 人员管理 tab kept alive behind it has a tree of its own.
  await onView(page).getByTestId('member-depart-picker').getByText('高一（1）班', { exact: true }).click();
  await expect(balances.locator('[col-id="deptId_dictText"]').nth(1)).toContainText('高一（1）班');
  await expect.poll(async () => Number(await footer.locator('[col-id="cash_text"]').innerText())).toBeLessThan(whole);
  await console.screenshot('card-balances');
});
