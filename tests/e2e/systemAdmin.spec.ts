import type { Browser, Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './support/constants';
import { apiAs, chooseOption, expect, LoginPage, openPalette, test } from './support/pages';

/** Ticks the list row that shows `text` (AG Grid's own row checkbox). */
async function selectRow(page: Page, screen: string, text: string) {
  // Kept-alive tabs keep other lists in the page: look inside this screen only.
  const grid = page.getByTestId(screen).getByTestId('list-grid');
  const row = grid.locator('.ag-row', { hasText: text });
  await expect(row).toBeVisible();
  const index = await row.getAttribute('row-index');
  await grid.locator(`.ag-row[row-index="${index}"] .ag-selection-checkbox input`).check();
}

async function signInElsewhere(browser: Browser, username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(username, password);
  await expect(page.getByTestId('menu-search')).toBeVisible();
  return page;
}

test('an administrator grants a role one screen and one button, then takes the button back', async ({ page, browser, signedIn }) => {
  const suffix = Date.now().toString(36);
  const roleName = `仅用户新增${suffix}`;
  const username = `clerk${suffix}`;
  const password = 'Clerk-Pass-1';
  await signedIn('admin');

  // A role with only the users screen and its add button.
  await page.goto('/system/roles');
  await page.getByTestId('role-list').getByRole('button', { name: '新增' }).click();
  const roleForm = page.getByTestId('entity-form');
  await roleForm.getByLabel('角色名称').fill(roleName);
  await roleForm.getByLabel('角色编码').fill(`clerk_${suffix}`);
  await page.keyboard.press('Enter');
  await expect(roleForm).toHaveCount(0);
  await selectRow(page, 'role-list', roleName);
  await page.getByTestId('role-list').getByRole('button', { name: '授权' }).click();
  const authorize = page.getByTestId('role-authorize');
  // The dialog opens on its tree; a search narrows it to the matches and their menus.
  await expect(authorize.getByRole('treeitem').first()).toBeFocused();
  await authorize.getByTestId('check-tree-search').fill('添加用户');
  await expect(authorize.getByRole('treeitem')).toHaveText([/系统管理/, /用户管理/, /添加用户/]);
  await authorize.getByRole('checkbox', { name: '添加用户', exact: true }).check();
  await authorize.getByTestId('check-tree-search').fill('');
  // A button needs its menu: ticking it ticks 用户管理 and 系统管理 too — half-checked, as only part of them is.
  await expect(authorize.getByRole('treeitem', { name: /^用户管理/ })).toHaveAttribute('aria-checked', 'mixed');
  await expect(authorize.getByRole('treeitem', { name: /^系统管理/ })).toHaveAttribute('aria-checked', 'mixed');
  await expect(authorize.getByRole('checkbox', { name: '删除用户', exact: true })).not.toBeChecked();
  await expect(authorize.getByRole('treeitem', { name: /^添加用户/ })).toHaveAttribute('aria-checked', 'true');
  await authorize.getByRole('button', { name: '保存' }).click();
  await expect(authorize).toHaveCount(0);

  // A user with that role.
  await page.goto('/system/users');
  await page.getByTestId('user-list').getByRole('button', { name: '新增' }).click();
  const userForm = page.getByTestId('user-form');
  await userForm.getByLabel('用户账号').fill(username);
  await userForm.getByLabel('登录密码').fill(password);
  await userForm.getByLabel('确认密码').fill(password);
  await userForm.getByLabel('用户姓名').fill('窗口办事员');
  await userForm.getByTestId('user-form-roles').getByRole('checkbox', { name: roleName }).check();
  await userForm.getByTestId('user-form-departs').getByRole('checkbox', { name: '信息中心' }).check();
  await userForm.getByRole('button', { name: '确定' }).click();
  await expect(userForm).toHaveCount(0);
  await expect(page.locator('.ag-row', { hasText: username })).toBeVisible();

  // The new user sees only that menu, the add button but not delete, and only permitted commands.
  const clerk = await signInElsewhere(browser, username, password);
  await clerk.goto('/system/users');
  const sideMenu = clerk.getByTestId('side-menu');
  await expect(sideMenu).toContainText('用户管理');
  await expect(sideMenu).not.toContainText('角色管理');
  await expect(sideMenu).not.toContainText('订餐管理');
  const toolbar = clerk.getByTestId('user-list').getByRole('toolbar');
  await expect(toolbar.getByRole('button', { name: '新增' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: '删除' })).toHaveCount(0);
  await expect(toolbar.getByRole('button', { name: '冻结' })).toHaveCount(0);
  // Columns the role lacks (user:col:phone) are not in the grid.
  await expect(clerk.getByRole('columnheader', { name: '用户账号' })).toBeVisible();
  await expect(clerk.getByRole('columnheader', { name: '手机号码' })).toHaveCount(0);
  await clerk.screenshot({ path: `${SCREENSHOT_DIR}/system-restricted-user.png` });

  await openPalette(clerk);
  await clerk.keyboard.type('yonghu');
  const items = clerk.getByTestId('palette').locator('[cmdk-item]');
  await expect(items.filter({ hasText: '新增用户' })).toHaveCount(1);
  await expect(items.filter({ hasText: '删除用户' })).toHaveCount(0);
  await expect(items.filter({ hasText: '角色管理' })).toHaveCount(0);
  await clerk.keyboard.press('Escape');

  // The administrator takes the add button back; the clerk's console follows without a new sign-in.
  await page.goto('/system/roles');
  await selectRow(page, 'role-list', roleName);
  await page.getByTestId('role-list').getByRole('button', { name: '授权' }).click();
  await authorize.getByRole('checkbox', { name: '添加用户', exact: true }).uncheck();
  await authorize.getByRole('button', { name: '保存' }).click();
  await expect(authorize).toHaveCount(0);

  // The server refuses at once; the button goes on the clerk's next permission fetch (window focus).
  const refused = await clerk.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('Access-Token') ?? 'null')?.value ?? '';
    const response = await fetch('/ccu-boot/sys/user/add', { method: 'POST', headers: { 'content-type': 'application/json', 'X-Access-Token': token }, body: '{}' });
    return { status: response.status, body: await response.json() };
  });
  expect(refused.status).toBe(403);
  expect(refused.body.message).toBe('没有权限，请联系管理员授权');
  await clerk.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(toolbar.getByRole('button', { name: '新增' })).toHaveCount(0);
  await expect(clerk).toHaveURL('/system/users');
  await clerk.context().close();
});

test('change password by keyboard: the spec messages, then sign in again with the new password', async ({ page, signedIn, login }) => {
  const suffix = Date.now().toString(36);
  const username = `pw${suffix}`;
  // A user of our own, so the seeded passwords other tests use stay as they are.
  await signedIn('admin');
  await page.goto('/system/users');
  await page.getByTestId('user-list').getByRole('button', { name: '新增' }).click();
  const userForm = page.getByTestId('user-form');
  await userForm.getByLabel('用户账号').fill(username);
  await userForm.getByLabel('登录密码').fill('First-Pass-1');
  await userForm.getByLabel('确认密码').fill('First-Pass-1');
  await userForm.getByLabel('用户姓名').fill('改密测试');
  await page.keyboard.press('Enter');
  await expect(userForm).toHaveCount(0);
  await page.getByTestId('logout-button').click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/user\/login/);

  await login.goto();
  await login.signIn(username, 'First-Pass-1');
  await expect(page.getByTestId('menu-search')).toBeVisible();

  await page.keyboard.press('Alt+Shift+P');
  const dialog = page.getByTestId('change-password');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('width', '800px');
  await expect(dialog.getByLabel('旧密码')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('请输入旧密码!')).toBeVisible();
  await expect(dialog.getByText('请输入新密码!')).toBeVisible();
  await expect(dialog.getByText('请确认新密码!')).toBeVisible();
  await page.keyboard.type('First-Pass-1');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Second-Pass-2');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Second-Pass-3');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('两次输入的密码不一样！')).toBeVisible();
  await page.keyboard.press('Backspace');
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/login/);

  await login.goto();
  await login.signIn(username, 'First-Pass-1');
  await expect(login.error()).toBeVisible();
  await login.signIn(username, 'Second-Pass-2');
  await expect(page.getByTestId('menu-search')).toBeVisible();
});

test('switch department by keyboard: preselects the current one and keeps the choice', async ({ page, signedIn }) => {
  await signedIn('admin');
  await page.keyboard.press('Alt+Shift+D');
  const dialog = page.getByTestId('switch-depart');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('width', '450px');
  const checked = dialog.getByRole('radio', { checked: true });
  await expect(checked).toHaveCount(1);
  await expect(checked).toBeFocused();
  const before = await checked.getAttribute('value');
  // Arrow keys move the choice between departments, Enter confirms.
  await page.keyboard.press('ArrowDown');
  const after = await dialog.getByRole('radio', { checked: true }).getAttribute('value');
  expect(after).not.toBe(before);
  const chosenName = (await dialog.getByRole('radio', { checked: true }).locator('xpath=..').innerText()).trim();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/已切换到/)).toBeVisible();
  // The header says where the user works now.
  await expect(page.getByTestId('current-depart')).toHaveText(chosenName);

  // The new department is the current one now, after a reload too.
  await page.reload();
  await expect(page.getByTestId('menu-search')).toBeVisible();
  await page.keyboard.press('Alt+Shift+D');
  await expect(dialog.getByRole('radio', { checked: true })).toHaveAttribute('value', after!);
  // Put it back for the other tests.
  await dialog.locator(`input[value="${before}"]`).check();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
});

test('system screens: departments tree by keyboard, menus tree, member departments', async ({ page, signedIn }) => {
  await signedIn('admin');
  await page.goto('/system/departments');
  const tree = page.getByTestId('depart-tree').getByRole('treegrid');
  await expect(tree.getByRole('row', { name: /示例学校/ })).toBeVisible();
  await tree.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('depart-detail').getByRole('heading', { level: 2 })).toHaveText('示例学校');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('depart-detail').getByRole('heading', { level: 2 })).toHaveText('校长办公室');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('depart-detail').getByRole('heading', { level: 2 })).toHaveText('示例学校');
  await page.getByPlaceholder('请输入部门名称搜索').fill('食堂');
  await expect(tree.getByRole('row')).toHaveCount(3);
  await page.getByPlaceholder('请输入部门名称搜索').fill('');
  await tree.getByRole('row', { name: /信息中心/ }).click();
  await expect(page.getByTestId('depart-users')).toContainText('admin');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/system-departments.png` });

  // A department that still has users is not deleted, and the reason is shown.
  await page.getByTestId('depart-list').getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(/还有用户|存在用户|有用户/)).toBeVisible();
  await expect(tree.getByRole('row', { name: /信息中心/ })).toBeVisible();

  // Department roles: defined per department, from the department's own permissions.
  const code = `it_${Date.now().toString(36)}`;
  await page.getByTestId('depart-list').getByRole('button', { name: '部门角色', exact: true }).click();
  const roles = page.getByTestId('depart-roles');
  await expect(roles.getByLabel('角色名称')).toBeFocused();
  await roles.getByLabel('角色名称').fill('信息员');
  await roles.getByLabel('角色编码').fill(code);
  await page.keyboard.press('Enter');
  await expect(roles.getByTestId('depart-roles-list')).toContainText(code);
  await page.keyboard.press('Escape');
  await expect(roles).toHaveCount(0);

  await page.goto('/system/permissions');
  const menus = page.getByTestId('permission-tree');
  await menus.getByRole('row', { name: /用户管理/ }).click();
  await page.getByTestId('permission-list').getByRole('button', { name: '数据规则' }).click();
  const rules = page.getByTestId('data-rules');
  await expect(rules.getByLabel('规则名称')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rules.getByText('请输入规则名称')).toBeVisible();
  await rules.getByLabel('规则名称').fill('只看本人创建');
  await rules.getByLabel('规则字段').fill('create_by');
  await rules.getByLabel('规则值').fill('#{sys_user_code}');
  await page.keyboard.press('Enter');
  await expect(rules.getByTestId('data-rules-table')).toContainText('只看本人创建');
  await page.keyboard.press('Escape');

  // Each row carries its own actions: 编辑, and under 更多 添加下级, 数据规则 and 删除.
  const userRow = menus.getByRole('row', { name: /用户管理/ }).first();
  await expect(userRow.getByRole('button', { name: '编辑' })).toBeVisible();
  await userRow.getByRole('button', { name: '更多' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: '添加下级' })).toBeFocused();
  await expect(page.getByRole('menuitem', { name: '数据规则' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '删除' })).toBeVisible();
  await page.keyboard.press('Enter');
  const child = page.getByTestId('permission-form');
  await expect(child).toBeVisible();
  // Under a screen, the new entry is one of its buttons.
  await expect(child.getByTestId('permission-form-type')).toContainText('按钮/权限');
  await expect(child).toContainText('用户管理');
  await page.keyboard.press('Escape');
  await expect(child).toHaveCount(0);

  await page.getByPlaceholder('按名称、路径或授权标识搜索').fill('user:add');
  await expect(page.getByTestId('permission-tree').getByRole('row', { name: /添加用户/ })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/system-permissions.png` });

  await page.goto('/members/departments');
  await expect(page.getByTestId('member-depart-tree').getByRole('row').first()).toBeVisible();
});

test('a deep link opens the add-user form over the users list; a taken username is flagged while typing', async ({ page, signedIn }) => {
  await signedIn('admin');
  await page.goto('/do/user.add');
  await expect(page).toHaveURL('/system/users');
  const userForm = page.getByTestId('user-form');
  await expect(userForm.getByLabel('用户账号')).toBeFocused();
  await page.keyboard.type('canteen');
  await expect(userForm.getByText('用户账号已存在')).toBeVisible();
  await userForm.getByLabel('用户账号').fill('someone-new');
  await expect(userForm.getByText('用户账号已存在')).toHaveCount(0);
  // Nothing filled but the username: the shared schema's messages, and nothing saved.
  await userForm.getByRole('button', { name: '确定' }).click();
  await expect(userForm.getByText('请输入用户名称')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(userForm).toHaveCount(0);
  await expect(page.getByTestId('user-list').locator('.ag-row', { hasText: 'someone-new' })).toHaveCount(0);
});

test('a role is bound to a menu’s data rules from its authorisation dialog, by keyboard', async ({ page, signedIn }) => {
  await signedIn('admin');
  const suffix = Date.now().toString(36);
  const tree = (await apiAs(page, 'GET', '/sys/role/queryTreeList')).result.treeList as { key: string; title: string; children: unknown[] | null }[];
  const find = (nodes: typeof tree, title: string): (typeof tree)[number] | undefined => nodes.map((n) => (n.title === title ? n : find((n.children ?? []) as typeof tree, title))).find(Boolean);
  const menu = find(tree, '部门管理')!;
  const area = tree.find((n) => find([n], '部门管理'))!;
  const rule = await apiAs(page, 'POST', '/sys/permission/addPermissionRule', {
    permissionId: menu.key,
    ruleName: `本部门${suffix}`,
    ruleColumn: 'sys_org_code',
    ruleConditions: '=',
    ruleValue: '#{sys_org_code}',
  });
  const role = await apiAs(page, 'POST', '/sys/role/add', { roleName: `部门查看${suffix}`, roleCode: `dv_${suffix}` });
  await apiAs(page, 'POST', '/sys/permission/saveRolePermission', { roleId: role.result.id, permissionIds: `${area.key},${menu.key}`, lastpermissionIds: '' });

  // The record command's deep link opens the roles screen and the dialog.
  await page.goto(`/do/role.authorize?id=${role.result.id}`);
  const authorize = page.getByTestId('role-authorize');
  await expect(authorize.getByRole('heading', { name: `角色授权：部门查看${suffix}` })).toBeVisible();
  const item = authorize.getByRole('treeitem', { name: /部门管理/ });
  // The menu without its buttons: half-checked.
  await expect(item).toHaveAttribute('aria-checked', 'mixed');
  await item.focus();
  await page.keyboard.press('Enter');
  const panel = authorize.getByTestId('role-data-rules');
  await expect(panel.getByRole('heading')).toHaveText('数据规则：部门管理');
  await panel.getByRole('checkbox', { name: new RegExp(`本部门${suffix}`) }).check();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/system-role-data-rules.png` });
  await panel.getByTestId('role-data-rules-save').click();
  await expect(page.getByText('保存成功!')).toBeVisible();
  const bound = await apiAs(page, 'GET', `/sys/role/datarule/${menu.key}/${role.result.id}`);
  expect(bound.result.drChecked).toBe(rule.result.id);
  // The dialog itself is still open: Esc closes it without saving anything else.
  await page.keyboard.press('Escape');
  await expect(authorize).toHaveCount(0);
});

test('a member of a department is given one of its department roles from the member list', async ({ page, signedIn }) => {
  await signedIn('admin');
  const suffix = Date.now().toString(36);
  const departs = (await apiAs(page, 'GET', '/sys/sysDepart/queryTreeList')).result as { id: string; departName: string; children: unknown[] | null }[];
  const flat = (nodes: typeof departs): typeof departs => nodes.flatMap((n) => [n, ...flat((n.children ?? []) as typeof departs)]);
  const itCentre = flat(departs).find((d) => d.departName === '信息中心')!;
  const role = await apiAs(page, 'POST', '/sys/sysDepartRole/add', { departId: itCentre.id, roleName: `值班员${suffix}`, roleCode: `duty_${suffix}` });

  await page.goto('/system/departments');
  await page
    .getByTestId('depart-tree')
    .getByRole('row', { name: /信息中心/ })
    .click();
  const admin = page.getByTestId('depart-users').getByRole('listitem').filter({ hasText: 'admin' });
  await admin.getByRole('button', { name: '为管理员分配部门角色' }).click();
  const dialog = page.getByTestId('depart-user-roles');
  await expect(dialog.getByLabel('用户')).toHaveText(/\S/);
  await dialog
    .getByTestId('depart-user-roles-list')
    .getByRole('checkbox', { name: `值班员${suffix}` })
    .check();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/system-depart-user-roles.png` });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  const adminId = (await apiAs(page, 'GET', '/sys/user/list?username=admin')).result.records[0].id;
  expect((await apiAs(page, 'GET', `/sys/sysDepartRole/getDeptRoleByUserId?userId=${adminId}&departId=${itCentre.id}`)).result).toEqual([role.result.id]);
});

test('the authorisation tree expands and collapses all, selects all and none', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  await page.goto('/system/roles');
  const row = page.getByTestId('role-list').getByRole('row').nth(1);
  await expect(row.getByRole('button', { name: '更多' })).toBeVisible();
  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '授权' }).click();
  const authorize = page.getByTestId('role-authorize');
  const items = authorize.getByRole('treeitem');
  await expect(items.first()).toBeFocused();
  const expanded = await items.count();
  await authorize.getByRole('button', { name: '折叠全部' }).click();
  await expect.poll(() => items.count()).toBeLessThan(expanded);
  await authorize.getByRole('button', { name: '展开全部' }).click();
  await expect.poll(() => items.count()).toBe(expanded);
  await authorize.getByRole('button', { name: '全不选' }).click();
  await expect(authorize.locator('[data-check-state="checked"], [data-check-state="mixed"]')).toHaveCount(0);
  await authorize.getByRole('button', { name: '全选' }).click();
  await expect(authorize.locator('[data-check-state="unchecked"], [data-check-state="mixed"]')).toHaveCount(0);
  await console.screenshot('role-authorize-tree');
  // Nothing saved: Esc leaves the role as it was.
  await page.keyboard.press('Escape');
  await expect(authorize).toHaveCount(0);
});

test('日志管理 shows what was just done, refused attempts too, and the sign-ins on their own tab', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  // A change: the department switch, kept as it was.
  await page.keyboard.press('Alt+Shift+D');
  const dialog = page.getByTestId('switch-depart');
  await expect(dialog.getByRole('radio', { checked: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);

  await openPalette(page);
  await page.keyboard.type('rizhiguanli');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/system/logs');
  const screen = page.locator('[data-tab-view]:not([hidden])').getByTestId('log-screen');
  const operations = screen.getByTestId('log-list');
  // The screen takes the keyboard in its first query field: the newest of admin's own changes.
  await expect(operations.getByTestId('query-area').getByRole('textbox').first()).toBeFocused();
  const newest = operations.locator('.ag-row[row-index="0"]').first();
  await expect(newest).toContainText('/sys/selectDepart');
  await expect(newest).toContainText('admin');
  await console.screenshot('logs-operations');
  await screen.getByRole('tab', { name: '登录日志' }).click();
  const signIns = screen.getByTestId('loginLog-list');
  await expect(signIns.locator('.ag-row[row-index="0"]').first()).toContainText('admin');
  await expect(signIns.locator('.ag-row[row-index="0"]').first()).toContainText('登录成功');
  await console.screenshot('logs-sign-ins');
});

test('定时任务: the built-in jobs with their next runs; one run by hand shows in the runs below, and a stopped job is started again', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  await openPalette(page);
  await page.keyboard.type('dingshirenwu');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/system/jobs');
  const view = page.locator('[data-tab-view]:not([hidden])');
  const jobs = view.getByTestId('job-list');
  const reconcile = jobs.getByRole('row', { name: /账户对账/ });
  await expect(reconcile).toContainText('正常');
  await expect(reconcile).toContainText('0 30 2 * * ?');
  // The form shows the next five runs of the schedule as it is typed, or that it cannot be read.
  await jobs.getByRole('button', { name: '新增' }).click();
  const form = page.getByTestId('entity-form');
  await form.getByLabel('Cron 表达式').fill('0 0/15 8-17 * * ?');
  const preview = form.getByTestId('cron-preview');
  await expect(preview.getByRole('listitem')).toHaveCount(5);
  await expect(preview.getByRole('listitem').first()).toHaveText(/^\d{4}-\d{2}-\d{2} (0[89]|1[0-7]):(00|15|30|45):00$/);
  await console.screenshot('jobs-form');
  await form.getByLabel('Cron 表达式').fill('0 0 25 * * ?');
  await expect(preview).toHaveText('Cron 表达式不正确或不会再执行');
  // A new job: the dictionary refresh every night at 3, saved with Enter, then run once by hand.
  const description = `夜间刷新字典${Date.now().toString(36)}`;
  await chooseOption(form.getByTestId('field-jobClassName'), '刷新字典缓存');
  await form.getByLabel('Cron 表达式').fill('0 0 3 * * ?');
  await expect(preview.getByRole('listitem')).toHaveCount(5);
  await form.getByLabel('描述').fill(description);
  await form.getByLabel('描述').press('Enter');
  await expect(form).toHaveCount(0);
  // The built-in jobs fill the first page (oldest first): the new one is found by its description.
  const search = jobs.getByTestId('query-area').getByPlaceholder('请输入描述');
  await search.fill(description);
  await search.press('Enter');
  await expect(jobs.getByTestId('pagination')).toContainText('共 1 条');
  const created = jobs.getByRole('row', { name: new RegExp(description) });
  await expect(created).toContainText('正常');
  await created.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '立即执行' }).click();
  await expect(page.getByTestId('confirm').getByRole('button', { name: '确定' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('执行成功')).toBeVisible();
  await expect(view.getByTestId('jobRun-list').locator('.ag-row[row-index="0"]').first()).toContainText(description);
  await expect(view.getByTestId('jobRun-list').locator('.ag-row[row-index="0"]').first()).toContainText('字典缓存已刷新');
  // The whole list again, for the built-in job.
  await search.fill('');
  await search.press('Enter');
  await expect(reconcile).toBeVisible();
  // 立即执行 from the row: asked, run, and recorded below.
  await reconcile.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '立即执行' }).click();
  await expect(page.getByTestId('confirm')).toContainText('立即在本服务器上执行一次该任务');
  await page.keyboard.press('Enter');
  // The first run's toast may still be up: the newest is last (the runs below prove this run).
  await expect(page.getByText('执行成功').last()).toBeVisible();
  const runs = view.getByTestId('jobRun-list');
  await expect(runs.locator('.ag-row[row-index="0"]').first()).toContainText('手动');
  await expect(runs.locator('.ag-row[row-index="0"]').first()).toContainText('余额与账一致');
  // 暂停, then 启动 again: the row offers what its state allows.
  // Enter once the question is up: pressed earlier it would open the focused row instead.
  await reconcile.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '暂停' }).click();
  await expect(page.getByTestId('confirm')).toContainText('暂停后该任务不再定时执行');
  await page.keyboard.press('Enter');
  await expect(reconcile).toContainText('停止');
  await console.screenshot('jobs-list');
  await reconcile.getByRole('button', { name: '更多' }).click();
  await expect(page.getByRole('menuitem', { name: '暂停' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: '启动' }).click();
  await expect(page.getByTestId('confirm')).toContainText('启动后该任务按 Cron 表达式定时执行');
  await page.keyboard.press('Enter');
  await expect(reconcile).toContainText('正常');
});
