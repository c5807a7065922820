import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8090';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
await page.goto(base + '/user/login');
await page.getByPlaceholder('请输入用户名').fill('admin');
await page.getByPlaceholder('请输入密码').fill('Admin@12345');
await page.getByRole('button', { name: '登录' }).click();
await page.waitForURL(/dashboard/);
const steps = (process.env.STEPS ?? '').split(';').filter(Boolean);
let n = 0;
for (const step of steps) {
  const [kind, arg] = [step.slice(0, step.indexOf(':')), step.slice(step.indexOf(':') + 1)];
  if (kind === 'goto') await page.goto(base + arg);
  if (kind === 'key') await page.keyboard.press(arg);
  if (kind === 'type') await page.keyboard.type(arg);
  if (kind === 'wait') await page.waitForTimeout(Number(arg));
  if (kind === 'click') await page.getByText(arg, { exact: true }).first().click();
  if (kind === 'shot') await page.screenshot({ path: `/tmp/shots/${arg}.png` });
  n++;
}
await browser.close();
