import { apiAs, expect, test } from './support/pages';

test('a protected URL while signed out goes to sign-in with a redirect, and lands there after signing in', async ({ page, login, console }) => {
  await page.goto('/system/users?from=link');
  await expect(page).toHaveURL('/user/login?redirect=%2Fsystem%2Fusers%3Ffrom%3Dlink');
  await expect(page.getByRole('heading', { name: '校园一卡通管理平台' })).toBeVisible();
  await expect(page.getByTestId('user-footer')).toContainText('京ICP备');

  await login.signIn('admin');
  await expect(page).toHaveURL('/system/users?from=link');
  await expect(console.breadcrumb()).toHaveText(/首页\s*\/\s*系统管理\s*\/\s*用户管理/);
  await expect(page.getByTestId('user-list')).toBeVisible();
});

test('a menu an administrator adds with a component this build does not have opens MODULE_NOT_FOUND', async ({ page, login, signedIn }) => {
  await signedIn('admin');
  const suffix = Date.now().toString(36);
  const tree = (await apiAs(page, 'GET', '/sys/role/queryTreeList')).result.treeList as { key: string; title: string }[];
  const system = tree.find((node) => node.title === '系统管理')!;
  // Hidden: routable, in no side menu, so no other test sees it.
  const menu = await apiAs(page, 'POST', '/sys/permission/add', {
    menuType: 1,
    name: `外部页面${suffix}`,
    url: `/system/missing-${suffix}`,
    component: 'system/NoSuchScreen',
    parentId: system.key,
    hidden: true,
  });
  const role = await apiAs(page, 'POST', '/sys/role/add', { roleName: `外部页面${suffix}`, roleCode: `missing_${suffix}` });
  await apiAs(page, 'POST', '/sys/permission/saveRolePermission', { roleId: role.result.id, permissionIds: `${system.key},${menu.result.id}`, lastpermissionIds: '' });
  const user = await apiAs(page, 'POST', '/sys/user/add', { username: `missing_${suffix}`, realname: '外部页面', password: 'Missing-Pass-61', selectedroles: role.result.id });
  expect(user.success, user.message).toBe(true);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await login.goto();
  await login.signIn(`missing_${suffix}`, 'Missing-Pass-61');
  await expect(page.getByTestId('menu-search')).toBeVisible();
  await page.goto(`/system/missing-${suffix}`);
  await expect(page.getByTestId('module-not-found')).toContainText('MODULE_NOT_FOUND');
  await expect(page.getByTestId('module-not-found')).toContainText('system/NoSuchScreen');
});

test('a wrong password is refused with the server message and the password is cleared', async ({ page, login }) => {
  await login.goto();
  await login.signIn('admin', 'not-the-password');
  await expect(login.error()).toHaveText('用户名或密码错误');
  await expect(login.password()).toHaveValue('');
  await expect(page).toHaveURL('/user/login');
});

test('empty fields are caught before anything is sent', async ({ page, login }) => {
  await login.goto();
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('请输入用户名', { exact: true })).toBeVisible();
  await expect(page.getByText('请输入密码', { exact: true })).toBeVisible();
});

test('/user redirects to sign-in, and the public pages open without signing in', async ({ page }) => {
  await page.goto('/user');
  await expect(page).toHaveURL('/user/login');
  for (const [path, heading] of [
    ['/user/register', '注册账户'],
    ['/user/register-result', '注册结果'],
    ['/user/alteration', '找回密码'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page).toHaveURL(path);
  }
});

test('signed in, the sign-in page sends the user home', async ({ page, signedIn }) => {
  await signedIn('admin');
  await page.goto('/user/login');
  await expect(page).toHaveURL('/dashboard/analysis');
});

test('after repeated failures the page shows the captcha the server asks for, refreshes it and sends it', async ({ page, login }) => {
  const name = `captcha${Date.now().toString(36)}`;
  await login.goto();
  const captcha = page.getByPlaceholder('请输入验证码');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await login.signIn(name, 'Wrong-pass-1');
    // The password is cleared when the answer has come back.
    await expect(login.password()).toHaveValue('');
    await expect(login.error()).toHaveText('用户名或密码错误');
    await expect(captcha).toHaveCount(0);
  }
  // The third failure makes the next try need a captcha: the page shows it at once.
  await login.signIn(name, 'Wrong-pass-1');
  await expect(captcha).toBeVisible();
  await expect(captcha).toBeFocused();
  const image = page.getByTestId('login-captcha').getByRole('img', { name: '验证码' });
  await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  const first = await image.getAttribute('src');
  await page.getByTestId('login-captcha').click();
  await expect(image).not.toHaveAttribute('src', first!);

  // Without an answer the page says so before sending; a wrong answer gets the server's message.
  await login.signIn(name, 'Wrong-pass-1');
  await expect(page.getByText('请输入验证码', { exact: true }).last()).toBeVisible();
  await captcha.fill('ZZZZ');
  await login.password().fill('Wrong-pass-1');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(login.error()).toHaveText('验证码错误或已过期，请重新输入');
  await expect(captcha).toHaveValue('');
  await page.screenshot({ path: 'test-results/e2e/sign-in-captcha.png' });
});

test('a server out of reach while the console loads keeps the session and loads again', async ({ page, signedIn }) => {
  await signedIn('admin');
  // The menu cannot be fetched (the network, or a page left mid-load): no sign-out, a retry.
  await page.route('**/sys/permission/getUserPermissionByToken*', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByText('无法连接服务器，正在重试…')).toBeVisible();
  await page.unroute('**/sys/permission/getUserPermissionByToken*');
  await expect(page.getByTestId('menu-search')).toBeVisible();
  await expect(page).toHaveURL('/dashboard/analysis');
});
