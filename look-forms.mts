import { chromium } from '@playwright/test';
const BASE = 'http://127.0.0.1:8090';
const API = `${BASE}/ccu-boot`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
page.on('pageerror', (e) => console.log('PAGEERROR', e.message.slice(0, 300)));
await page.goto(`${BASE}/user/login`);
await page.getByPlaceholder('请输入用户名').fill('admin');
await page.getByPlaceholder('请输入密码').fill('Admin@12345');
await page.getByRole('button', { name: '登录' }).click();
await page.waitForURL(/dashboard/);
await page.getByTestId('menu-search').waitFor();
const token = await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token') ?? 'null')?.value as string);
const api = async (method: string, url: string, body?: unknown) => {
  const r = await page.request.fetch(`${API}${url}`, { method, headers: { 'X-Access-Token': token!, 'content-type': 'application/json' }, data: body ? JSON.stringify(body) : undefined });
  return r.json();
};
const made = await api('POST', '/online/cgform/head/add', { code: 'uniform', title: '校服征订', titleEn: 'Uniform orders', menuArea: '/online', fields: [
  { key: 'studentNo', title: '学号', fieldType: 'popup', required: '1', queryMode: 'like', popupCode: 'member_pick', popupOrgFields: 'memberNo,realName,deptName', popupDestFields: 'studentNo,studentName,className' },
  { key: 'studentName', title: '姓名', fieldType: 'text', required: '1', queryMode: 'like' },
  { key: 'className', title: '班级', fieldType: 'text' },
  { key: 'size', title: '性别', fieldType: 'dict', dictCode: 'sex', queryMode: 'eq' },
  { key: 'amount', title: '金额', fieldType: 'money' } ] });
console.log(JSON.stringify(made).slice(0, 200));
console.log(JSON.stringify(await api('POST', '/online/cgform/head/publish', { id: made.result.id })).slice(0, 200));
await page.goto(`${BASE}/online/forms`);
await page.waitForTimeout(2500);
await page.screenshot({ path: '/tmp/shots/f47-designer.png' });
await page.locator('[data-tab-view]:not([hidden]) .ag-row').first().click();
await page.keyboard.press('Enter');
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/shots/f47-designer-form.png' });
await page.keyboard.press('Escape');
await page.goto(`${BASE}/online/cgformList/${made.result.id}`);
await page.waitForTimeout(3000);
await page.screenshot({ path: '/tmp/shots/f47-form-list.png' });
await page.getByRole('button', { name: /新增/ }).first().click();
await page.waitForTimeout(1000);
await page.getByTestId('field-studentNo').click();
await page.waitForTimeout(1500);
await page.locator('[data-testid="report-picker"] .ag-row').nth(3).click();
await page.getByTestId('report-picker-ok').click();
await page.waitForTimeout(800);
await page.screenshot({ path: '/tmp/shots/f47-form-filled.png' });
await browser.close();
