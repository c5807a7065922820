import { dayIn } from '../../src/shared/schoolTime';
import { apiAs, expect, openPalette, test } from './support/pages';
import { findAndSelect, onView, openByTitle, openScreen, run } from './support/keyboardSteps';

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

test('Online 表单 by keyboard: 校服征订 designed with four fields, published, found in the palette, two records added — the member picker filling three fields — and exported', async ({
  page,
  signedIn,
  console,
}) => {
  test.setTimeout(150_000);
  await signedIn('admin');
  const suffix = Date.now().toString(36).slice(-5);
  const code = `uniform_${suffix}`;
  const title = `校服征订${suffix}`;
  const [pupil] = (await apiAs(page, 'GET', '/online/cgreport/api/getData/shipped_member_pick?column=memberNo&order=desc&pageSize=1')).result.records as {
    memberNo: string;
    realName: string;
    deptName: string;
  }[];

  // ① The design: the table name and title typed, the four fields pasted as copied from a spreadsheet.
  await openScreen(page, 'Online 表单', '/online/forms', 'onlform-list');
  await run(page, '新增在线表单');
  const design = page.getByTestId('entity-form');
  await expect(design.getByLabel('表名', { exact: true })).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press('Tab');
  await page.keyboard.type(title);
  const fields = design.getByTestId('detail-fields');
  await fields.getByRole('button', { name: '新增行' }).focus();
  await page.keyboard.press('Enter');
  await fields.locator('.ag-row[row-index="0"] [col-id="key"]').click();
  const sheet = [
    // 字段名, 标题, 英文标题, 类型, 字典编码, 引用对象, 必填, 唯一, 列表显示, 表单显示, 查询方式, 数据列权限, 列宽, 长度/最大值, 弹窗报表, 报表字段, 填入字段, 多选
    ['studentNo', '学号', 'Number', '弹窗选择', '', '', '是', '是', '是', '是', '模糊', '否', '', '', 'member_pick', 'memberNo,realName,deptName', 'studentNo,studentName,className', '否'],
    ['studentName', '姓名', 'Name', '单行文本', '', '', '是', '否', '是', '是', '模糊', '否'],
    ['className', '班级', 'Class', '单行文本', '', '', '否', '否', '是', '是', '', '否'],
    ['amount', '金额', 'Amount', '金额', '', '', '否', '否', '是', '是', '', '否'],
  ];
  await fields.getByTestId('editable-grid').evaluate(
    (grid, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      grid.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    sheet.map((row) => row.join('\t')).join('\r\n'),
  );
  await expect(fields.locator('.ag-row[row-index="3"] [col-id="key"]')).toHaveText('amount');
  await expect(fields.locator('.ag-row[row-index="0"] [col-id="fieldType"]')).toHaveText('弹窗选择');
  await page.keyboard.press('Control+Enter');
  await expect(design).toHaveCount(0);

  // ② 发布, from the palette on the form's row.
  const designs = onView(page).getByTestId('onlform-list');
  await designs.getByTestId('query-area').getByRole('textbox').first().focus();
  await findAndSelect(page, code);
  await run(page, '发布');
  await expect(page.getByTestId('confirm')).toContainText('发布后表单出现在所选菜单下');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-sonner-toast]', { hasText: '已发布' })).toBeVisible();
  await expect(designs.getByRole('row', { name: new RegExp(code) })).toContainText('已发布');

  // ③ Found in the palette by its title: its screen, on the menu under 在线开发.
  await openPalette(page);
  await page.keyboard.type(title);
  await expect(page.getByTestId('palette').locator('[cmdk-item][aria-selected="true"]')).toContainText(title);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/online\/cgformList\/[0-9a-f]+$/);
  const records = onView(page).getByTestId(`onl_${code}-list`);
  await expect(records).toBeVisible();

  // ④ The first record: 学号 from the member picker fills 学号, 姓名 and 班级 from one row.
  await run(page, `新增${title}`);
  const form = page.getByTestId('entity-form');
  await expect(form.getByTestId('field-studentNo')).toBeFocused();
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('report-picker');
  await expect(picker.getByRole('textbox', { name: '学/工号' })).toBeFocused();
  await page.keyboard.type(pupil!.memberNo);
  await page.keyboard.press('Enter');
  await expect(picker.getByTestId('pagination')).toContainText('共 1 条');
  // The count comes with the answer; the grid draws its row a moment later, and ↓ needs it.
  await expect(picker.locator('.ag-row[row-index="0"]')).toContainText(pupil!.memberNo);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(form.getByTestId('field-studentNo')).toHaveText(pupil!.memberNo);
  await expect(form.getByLabel('姓名')).toHaveValue(pupil!.realName);
  await expect(form.getByLabel('班级')).toHaveValue(pupil!.deptName);
  await form.getByLabel('金额').fill('120');
  await console.screenshot('online-form-filled-by-popup');
  await page.keyboard.press('Control+Enter');
  await expect(form).toHaveCount(0);
  // ⑤ The second: the picker's first row, then typed over.
  await run(page, `新增${title}`);
  await expect(form.getByTestId('field-studentNo')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker.getByTestId('pagination')).toContainText('共');
  await expect(picker.locator('.ag-row[row-index="0"]')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await form.getByLabel('金额').fill('95.5');
  await page.keyboard.press('Control+Enter');
  await expect(form).toHaveCount(0);
  await expect(records.getByTestId('pagination')).toContainText('共 2 条');
  await expect(records.getByRole('row', { name: new RegExp(pupil!.realName) })).toContainText('120.00');

  // ⑥ Exported from the palette: the download centre has the two rows.
  await run(page, `导出${title}`);
  await expect(page.getByText('导出任务已创建，完成后可在下载中心下载')).toBeVisible();
  await openPalette(page);
  await page.keyboard.type('xzzx');
  await page.keyboard.press('Enter');
  const job = page.getByTestId('download-centre').getByTestId('download-job').first();
  await expect(job).toContainText(new RegExp(`${title}_\\d{12}\\.xlsx`));
  await expect(job).toContainText('已生成');
  await console.screenshot('online-form-exported');
});

test('Online 报表 published by keyboard: its screen found in the palette, queried, and exported as queried', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  const suffix = Date.now().toString(36).slice(-5);
  const code = `rpt_${suffix}`;
  const name = `余额一览${suffix}`;
  await apiAs(page, 'POST', '/online/cgreport/head/add', {
    code,
    name,
    source: 'members',
    menuArea: '/online',
    columns: [{ field: 'memberNo', queryMode: 'eq' }, { field: 'realName', queryMode: 'like' }, { field: 'deptName' }, { field: 'balance', queryMode: 'range' }],
  });
  const [pupil] = (await apiAs(page, 'GET', '/online/cgreport/api/getData/shipped_member_pick?column=memberNo&order=asc&pageSize=1')).result.records as { memberNo: string; realName: string }[];

  // 发布 from the palette on the report's row.
  await openScreen(page, 'Online 报表', '/online/reports', 'onlreport-list');
  await findAndSelect(page, code);
  await run(page, '发布');
  await expect(page.getByTestId('confirm')).toContainText('发布后报表作为一个页面出现在所选菜单下');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-sonner-toast]', { hasText: '已发布' })).toBeVisible();
  await expect(
    onView(page)
      .getByTestId('onlreport-list')
      .getByRole('row', { name: new RegExp(code) }),
  ).toContainText('已发布');

  // Its screen, found in the palette by its name.
  await openPalette(page);
  await page.keyboard.type(name);
  await expect(page.getByTestId('palette').locator('[cmdk-item][aria-selected="true"]')).toContainText(name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/online\/cgreport\/[0-9a-f]+$/);
  const report = onView(page).getByTestId('online-report');
  await expect(report.getByRole('columnheader', { name: '余额' })).toBeVisible();
  // Queried by 学/工号: one row.
  await report.getByTestId('query-area').getByRole('textbox', { name: '学/工号' }).focus();
  await page.keyboard.type(pupil!.memberNo);
  await page.keyboard.press('Enter');
  await expect(report.getByTestId('pagination')).toContainText('共 1 条');
  await expect(report.locator('.ag-row[row-index="0"]')).toContainText(pupil!.realName);
  await console.screenshot('online-report-published');

  // 导出 from the palette: the download centre has the one row asked for.
  await run(page, `导出${name}`);
  await expect(page.getByText('导出任务已创建，完成后可在下载中心下载')).toBeVisible();
  await openPalette(page);
  await page.keyboard.type('xzzx');
  await page.keyboard.press('Enter');
  const job = page.getByTestId('download-centre').getByTestId('download-job').first();
  await expect(job).toContainText(new RegExp(`${name}_\\d{12}\\.xlsx`));
  await expect(job).toContainText('已生成');
});

test('Online 表单 changed while published (a field added and moved up), imported from a workbook and unpublished, in the browser', async ({ page, signedIn }) => {
  test.setTimeout(120_000);
  await signedIn('admin');
  const suffix = Date.now().toString(36).slice(-5);
  const code = `roster_${suffix}`;
  const title = `社团名单${suffix}`;
  const made = await apiAs(page, 'POST', '/online/cgform/head/add', {
    code,
    title,
    menuArea: '/online',
    fields: [
      { key: 'pupil', label: '姓名', fieldType: 'text', required: '1', queryMode: 'like' },
      { key: 'grade', label: '年级', fieldType: 'text' },
    ],
  });
  await apiAs(page, 'POST', '/online/cgform/head/publish', { id: made.result.id });

  // ① A field added to the published form, moved above 年级 with Alt+↑.
  await openScreen(page, 'Online 表单', '/online/forms', 'onlform-list');
  await findAndSelect(page, code);
  await run(page, '编辑在线表单');
  const design = page.getByTestId('entity-form');
  const fields = design.getByTestId('detail-fields');
  await expect(fields.locator('.ag-row[row-index="1"] [col-id="key"]')).toHaveText('grade');
  await fields.getByRole('button', { name: '新增行' }).click();
  await fields.locator('.ag-row[row-index="2"] [col-id="key"]').click();
  await fields.getByTestId('editable-grid').evaluate((grid, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    grid.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, ['phone', '电话', 'Phone', '单行文本'].join('\t'));
  await expect(fields.locator('.ag-row[row-index="2"] [col-id="key"]')).toHaveText('phone');
  await page.keyboard.press('Alt+ArrowUp');
  await expect(fields.locator('.ag-row[row-index="1"] [col-id="key"]')).toHaveText('phone');
  await expect(fields.locator('.ag-row[row-index="1"] [col-id="__order"]')).toHaveText('2');
  await page.keyboard.press('Control+Enter');
  await expect(design).toHaveCount(0);

  // ② Its screen shows the new column in its place; a workbook imported fills it.
  await openByTitle(page, title);
  await expect(page).toHaveURL(/\/online\/cgformList\/[0-9a-f]+$/);
  const records = onView(page).getByTestId(`onl_${code}-list`);
  await expect.poll(async () => (await records.getByRole('columnheader').allTextContents()).map((text) => text.trim()).filter(Boolean)).toEqual(['姓名', '电话', '年级', '创建时间', '操作']);
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(title);
  sheet.addRow(['姓名', '电话', '年级']);
  sheet.addRow(['陈晓', '13800000001', '初一']);
  sheet.addRow(['王磊', '13800000002', '初二']);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), run(page, `导入${title}`)]);
  await chooser.setFiles({ name: `${title}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await book.xlsx.writeBuffer()) });
  await expect(page.locator('[data-sonner-toast]', { hasText: '导入成功，共 2 行' })).toBeVisible();
  await expect(records.getByTestId('pagination')).toContainText('共 2 条');
  await expect(records.getByRole('row', { name: /王磊/ })).toContainText('13800000002');

  // ③ 取消发布: the screen leaves the menu and the palette; the records stay.
  await openScreen(page, 'Online 表单', '/online/forms', 'onlform-list');
  await findAndSelect(page, code);
  await run(page, '取消发布');
  await expect(page.getByTestId('confirm')).toContainText('已填写的数据保留');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-sonner-toast]', { hasText: '已取消发布' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: title })).toHaveCount(0);
  await openPalette(page);
  await page.keyboard.type(title);
  await expect(page.getByTestId('palette').locator('[cmdk-item]', { hasText: title })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const stored = await apiAs(page, 'GET', `/online/cgform/head/queryById?id=${made.result.id}`);
  expect(stored.result.publishStatus).toBe('0');
});
