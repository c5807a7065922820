import type { Page } from '@playwright/test';
import { expect, openPalette, test, chooseOption } from './support/pages';

/** Opens a screen from the palette by its initials, as a keyboard user would. */
async function openScreen(page: Page, initials: string, url: string) {
  await openPalette(page);
  await page.keyboard.type(initials);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(url);
}

/** Runs a 新增… command from the palette and types the first two fields (name, Tab, code). */
async function startForm(page: Page, command: string, firstLabel: string, name: string, code: string) {
  await openPalette(page);
  await page.keyboard.type(command);
  await page.keyboard.press('Enter');
  const form = page.getByTestId('entity-form');
  await expect(form.getByLabel(firstLabel)).toBeFocused();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(code);
  return form;
}

test('the canteen administrator adds a canteen and a store by keyboard, and a duplicate code is refused inline', async ({ page, signedIn, console }) => {
  const suffix = Date.now().toString(36).slice(-5);
  await signedIn('canteen');
  await openScreen(page, 'stgl', '/meals/canteens');
  const list = page.getByTestId('canteen-list');
  await expect(list).toBeVisible();
  // A new installation shows the school's canteens.
  await expect(list.getByRole('row', { name: /第二食堂（清真）/ })).toContainText('西校区');
  await console.screenshot('meals-canteen-list');

  // 新增食堂 from the palette: the form opens on its first field.
  const form = await startForm(page, '新增食堂', '食堂名称', `第一食堂${suffix}`, `C${suffix}`);
  await form.getByLabel('联系电话').fill('12345');
  await page.keyboard.press('Enter');
  await expect(form.getByText('联系电话的格式不正确')).toBeVisible();
  await form.getByLabel('联系电话').fill('13800138000');
  await console.screenshot('meals-canteen-form');
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(list.getByText(`第一食堂${suffix}`)).toBeVisible();
  await expect(list.getByText('营业').first()).toBeVisible();

  // The same code again is refused on its field as soon as it is left, and by the server on save.
  await startForm(page, '新增食堂', '食堂名称', `第二食堂${suffix}`, `C${suffix}`);
  await page.keyboard.press('Tab');
  await expect(form.getByText('食堂编码已存在')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(form.getByText('食堂编码已存在')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  // A store of that canteen: the canteen is picked from a list of the school's canteens.
  await page.goto('/meals/stores');
  await expect(page.getByTestId('store-list')).toBeVisible();
  await startForm(page, '新增档口', '档口名称', `面食窗口${suffix}`, `S${suffix}`);
  await chooseOption(form.getByTestId('field-canteenId'), `第一食堂${suffix}`);
  await form.getByLabel('定额金额').fill('8.50');
  await console.screenshot('meals-store-form');
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  const stores = page.getByTestId('store-list');
  const row = stores.getByRole('row', { name: new RegExp(`面食窗口${suffix}`) });
  await expect(row).toContainText(`第一食堂${suffix}`);
  await expect(row).toContainText('8.50');
  await expect(row).toContainText('自由金额');
  // The query area picks the canteen from a list too.
  await chooseOption(stores.getByRole('combobox', { name: '所属食堂' }), `第一食堂${suffix}`);
  await stores.getByLabel('档口名称').press('Enter');
  await expect(row).toBeVisible();
  await console.screenshot('meals-store-list');

  // Export the filtered list from the palette and download it from the download centre.
  await openPalette(page);
  await page.keyboard.type('导出档口');
  await page.keyboard.press('Enter');
  await expect(page.getByText('导出任务已创建，完成后可在下载中心下载')).toBeVisible();
  await openPalette(page);
  await page.keyboard.type('xzzx');
  await page.keyboard.press('Enter');
  const centre = page.getByTestId('download-centre');
  await expect(centre).toBeVisible();
  const job = centre.getByTestId('download-job').first();
  await expect(job).toContainText(/档口_\d{12}\.xlsx/);
  await expect(job).toContainText('已生成');
  await expect(job).toContainText('1');
  await console.screenshot('meals-download-centre');
  await job.getByRole('button', { name: '下载' }).focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^档口_\d{12}\.xlsx$/);
});

test('every 订餐管理 screen on the engine opens with its list and form; a meal window that overlaps is refused on its field', async ({ page, signedIn, console }) => {
  await signedIn('canteen');
  for (const [path, testId, add, firstLabel] of [
    ['/meals/tables', 'diningTable-list', '新增餐桌', '桌号'],
    ['/meals/categories', 'dishCategory-list', '新增菜品分类', '分类名称'],
    ['/meals/buffet-rules', 'buffetRule-list', '新增自助餐规则', '规则名称'],
    ['/meals/config', 'mealConfig-list', '新增餐次', '餐次名称'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testId)).toBeVisible();
    await openPalette(page);
    await page.keyboard.type(add);
    await page.keyboard.press('Enter');
    const form = page.getByTestId('entity-form');
    await expect(form.getByLabel(firstLabel)).toBeFocused();
    if (path !== '/meals/config') {
      await page.keyboard.press('Escape');
      await expect(form).toHaveCount(0);
    }
  }
  // 餐次配置: two meals of the school's default whose windows overlap (the seeded ones keep 13:00–17:00 free).
  const form = page.getByTestId('entity-form');
  const name = `下午茶${Date.now().toString(36).slice(-4)}`;
  await page.keyboard.type(name);
  await form.getByLabel('就餐开始').fill('14:00');
  await form.getByLabel('就餐结束').fill('15:00');
  await form.getByLabel('报餐截止').fill('09:00');
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('mealConfig-list').getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await openPalette(page);
  await page.keyboard.type('新增餐次');
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('餐次名称')).toBeFocused();
  await page.keyboard.type('加餐');
  await form.getByLabel('就餐开始').fill('14:30');
  await form.getByLabel('就餐结束').fill('15:30');
  await form.getByLabel('报餐截止').fill('09:00');
  await page.keyboard.press('Enter');
  await expect(form.getByText(`「加餐」14:30–15:30 与「${name}」14:00–15:00 的就餐时段重叠`, { exact: false })).toBeVisible();
  await console.screenshot('meals-config-overlap');
});

test('the canteen administrator imports canteens from an Excel file with the 导入 button', async ({ page, signedIn }, testInfo) => {
  const suffix = Date.now().toString(36).slice(-5);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('食堂');
  sheet.addRow(['*食堂名称', '*食堂编码', '校区', '*营业状态', '需要报餐']);
  sheet.addRow([`北区食堂${suffix}`, `N1${suffix}`, '北校区', '营业', '是']);
  sheet.addRow([`南区食堂${suffix}`, `N2${suffix}`, '南校区', '停业', '否']);
  const file = testInfo.outputPath('canteens.xlsx');
  await workbook.xlsx.writeFile(file);

  await signedIn('canteen');
  await page.goto('/meals/canteens');
  const list = page.getByTestId('canteen-list');
  await expect(list).toBeVisible();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), list.getByRole('button', { name: '导入' }).click()]);
  await chooser.setFiles(file);
  await expect(page.getByText('导入成功，共 2 行')).toBeVisible();
  await expect(list.getByRole('row', { name: new RegExp(`南区食堂${suffix}`) })).toContainText('停业');
  await expect(list.getByRole('row', { name: new RegExp(`北区食堂${suffix}`) })).toContainText('北校区');
});

test('a selection belongs to its screen: a command on another tab does not act on it', async ({ page, signedIn }) => {
  await signedIn('canteen');
  await page.goto('/meals/canteens');
  const canteens = page.getByTestId('canteen-list');
  await canteens
    .getByRole('row', { name: /第一食堂/ })
    .first()
    .getByRole('checkbox')
    .check();
  await expect(canteens.getByText('已选择 1 项')).toBeVisible();
  // On the stores' tab nothing is selected: 删除档口 says so and deletes nothing.
  await openScreen(page, 'dkgl', '/meals/stores');
  await expect(page.getByTestId('store-list')).toBeVisible();
  await openPalette(page);
  await page.keyboard.type('删除档口');
  await page.keyboard.press('Enter');
  await expect(page.getByText('请选择一条记录')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // Back on the canteens' tab (kept alive), its selection is still there for its own commands.
  await openScreen(page, 'stgl', '/meals/canteens');
  await expect(canteens.getByText('已选择 1 项')).toBeVisible();
  await openPalette(page);
  await page.keyboard.type('删除食堂');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog')).toContainText('确定删除选中的 1 条食堂记录吗？');
  await page.getByRole('alertdialog').getByRole('button', { name: '取消' }).click();
});

test('the canteen administrator adds a combo with its dishes typed into the sub-table, and edits them', async ({ page, signedIn, console }) => {
  await signedIn('canteen');
  await openScreen(page, 'tcgl', '/meals/combos');
  const list = page.getByTestId('combo-list');
  // The seeded combos, their status as a coloured tag.
  await expect(list.getByRole('row', { name: /A 套餐（两荤一素）/ }).locator('[data-tag-color="#52c41a"]')).toHaveText('上架');

  const name = `午间套餐${Date.now().toString(36).slice(-4)}`;
  await openPalette(page);
  await page.keyboard.type('新增套餐');
  await page.keyboard.press('Enter');
  const form = page.getByTestId('entity-form');
  await expect(form.getByLabel('套餐名称')).toBeFocused();
  await page.keyboard.type(name);
  await chooseOption(form.getByTestId('field-canteenId'), '第一食堂');
  await form.getByRole('group', { name: '供应餐次' }).getByRole('checkbox', { name: '午餐' }).check();
  await form.getByLabel('价格').fill('13.50');

  // Without dishes the form says so under the sub-table, and stays open.
  await form.getByLabel('价格').press('Enter');
  await expect(form.getByTestId('detail-items').getByRole('alert')).toHaveText('套餐菜品至少1项');

  // Two dishes typed into the grid: Enter finishes a cell, it does not submit the form.
  const dishes = form.getByTestId('detail-items');
  const cell = (row: number, column: string) => dishes.locator(`.ag-row[row-index="${row}"] [col-id="${column}"]`);
  for (const [row, dish, portion] of [
    [0, 'mifan', '1 份'],
    [1, 'hongshaorou', '100 g'],
  ] as const) {
    await dishes.getByRole('button', { name: '新增行' }).click();
    await cell(row, 'dishName').click();
    await page.keyboard.type(dish);
    await page.keyboard.press('Enter');
    await expect(cell(row, 'dishName')).toHaveText(dish);
    await cell(row, 'portion').click();
    await page.keyboard.type(portion);
    await page.keyboard.press('Enter');
    await expect(cell(row, 'portion')).toHaveText(portion);
  }
  await expect(form).toBeVisible();
  await console.screenshot('meals-combo-form');
  await form.getByTestId('entity-form-ok').click();
  await expect(form).toHaveCount(0);
  const row = list.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('13.50');
  await expect(row.locator('[data-tag-color="#1677ff"]')).toHaveText('待上架');

  // 编辑 shows the dishes in order; one removed, saved, and gone when opened again.
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(cell(0, 'dishName')).toHaveText('mifan');
  await expect(cell(1, 'dishName')).toHaveText('hongshaorou');
  await dishes.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
  await dishes.getByRole('button', { name: '删除选中' }).click();
  await form.getByTestId('entity-form-ok').click();
  await expect(form).toHaveCount(0);
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(cell(0, 'dishName')).toHaveText('hongshaorou');
  await expect(dishes.locator('.ag-row[row-index="1"]')).toHaveCount(0);
  await page.keyboard.press('Escape');
});

test('a list searches a money range from–to, and keeps its further query fields under 展开', async ({ page, signedIn, console }) => {
  await signedIn('canteen');
  await openScreen(page, 'tcgl', '/meals/combos');
  const list = page.getByTestId('combo-list');
  await expect(list.getByRole('row', { name: /营养早餐/ })).toBeVisible();
  await list.getByLabel('价格起').fill('10');
  await list.getByLabel('价格止').fill('12.5');
  await list.getByLabel('价格止').press('Enter');
  await expect(list.getByRole('row', { name: /A 套餐（两荤一素）/ })).toBeVisible();
  await expect(list.getByRole('row', { name: /B 套餐（一荤两素）/ })).toBeVisible();
  // 5.00 and 15.00 are outside 10–12.50.
  await expect(list.getByRole('row', { name: /营养早餐/ })).toHaveCount(0);
  await expect(list.getByRole('row', { name: /清真牛肉面套餐/ })).toHaveCount(0);
  await console.screenshot('meals-combo-range');

  // 档口管理 has five query fields: three show, 展开 shows the rest.
  await page.goto('/meals/stores');
  const stores = page.getByTestId('store-list');
  await expect(stores.getByLabel('档口类型')).toBeVisible();
  await expect(stores.getByLabel('状态')).toHaveCount(0);
  await stores.getByRole('button', { name: '展开' }).click();
  await expect(stores.getByLabel('状态')).toBeVisible();
});

test('in English an engine screen, its query area, row actions, pagination and form speak English', async ({ page, signedIn, console }) => {
  await signedIn('canteen');
  await page.goto('/do/appearance.language?locale=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/meals/stores');
  const list = page.getByTestId('store-list');
  await expect(list.getByRole('columnheader', { name: 'Canteen' })).toBeVisible();
  await expect(list.getByLabel('Name', { exact: true })).toHaveAttribute('placeholder', 'Enter Name');
  await expect(list.getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Reset' })).toBeVisible();
  await expect(list.getByRole('button', { name: 'More', exact: true }).first()).toBeVisible();
  await expect(list.getByRole('button', { name: 'Edit', exact: true }).first()).toBeVisible();
  await expect(list.getByTestId('pagination')).toContainText('in all');
  await expect(list.getByLabel('Rows per page')).toContainText('10 per page');
  await expect(list.getByTestId('selection-line')).toContainText('Selected: 0');
  await console.screenshot('meals-stores-english');

  await page.goto('/do/store.add');
  const form = page.getByTestId('entity-form');
  await expect(form.getByRole('heading', { name: 'Add store' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(form.getByText('Name is required')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/do/appearance.language?locale=zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});
