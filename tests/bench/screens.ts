/**
 * Every screen of the administrator's menu, opened as the side menu opens it (a client-side
 * navigation from 首页) and timed to the frame that shows it drawn: its lists with their rows (or
 * their empty note), nothing loading; a screen without a list, its content with no spinner left.
 * Then an account opened from a scanned card: Ctrl+K, the card's number and Enter, timed from the
 * Enter to the frame that shows the account's panel with that card. Chromium against the production
 * build served by the real server (PGlite, the sample school), with another process keeping one of
 * the two cores busy. Goals: a screen ≤ 1 s p90; an account from a scan ≤ 500 ms.
 *   node --import tsx tests/bench/screens.ts            (one core busy)
 *   node --import tsx tests/bench/screens.ts --quiet    (nothing else running)
 *   node --import tsx tests/bench/screens.ts --base http://127.0.0.1:8080   (a console already running)
 */
import { spawn } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import type { MenuItem } from '@shared/types';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/constants';
import { consoleForBench } from './consoleServer';
import { summarise } from './stats';

const quiet = process.argv.includes('--quiet');
const CARD = '20260001';
const SCANS = 8;

// `--base URL`: a console already running (its build and sample school), to measure again quickly.
const { base, stop, password } = await consoleForBench('screens');
// The other process: a loop on one core for the whole measurement.
const busy = quiet ? null : spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });

/**
 * Waits in the page, frame by frame, until `path`'s tab shows it drawn; ms since the mark `start`.
 * Plain text, not a function: tsx names the functions it compiles with a helper the page lacks.
 */
const UNTIL_DRAWN = `(fullPath) => new Promise((resolve, reject) => {
  const started = performance.getEntriesByName('start').at(-1).startTime;
  const visible = (element) => element.checkVisibility();
  const drawn = () => {
    const view = [...document.querySelectorAll('[data-tab-view]')].find((each) => each.dataset.tabView === fullPath);
    if (!view || view.hidden || !view.firstElementChild) return false;
    if ([...view.querySelectorAll('.animate-spin, .ag-overlay-loading-wrapper')].some(visible)) return false;
    if (view.querySelector('[data-testid="list-grid"][aria-busy="true"]')) return false;
    const lists = [...view.querySelectorAll('[data-testid="list-grid"]')].filter(visible);
    if (lists.length) return lists.every((list) => list.querySelector('.ag-row, [role="status"]'));
    return (view.textContent ?? '').trim().length > 0;
  };
  const frame = () => {
    if (drawn()) return resolve(performance.now() - started);
    if (performance.now() - started > 30000) return reject(new Error(fullPath + ' not drawn in 30 s'));
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;
const untilDrawn = (page: Page, path: string): Promise<number> => page.evaluate(`(${UNTIL_DRAWN})(${JSON.stringify(path)})`);

/** Ms from the last Enter to the frame that shows the account's panel holding `card`. */
const UNTIL_ACCOUNT = `(card) => new Promise((resolve, reject) => {
  const frame = () => {
    const enter = performance.getEntriesByName('enter').at(-1);
    const cards = document.querySelector('[data-testid="account-panel"] [data-testid="account-panel-cards"]');
    if (enter && cards && cards.textContent.includes(card)) return resolve(performance.now() - enter.startTime);
    if (enter && performance.now() - enter.startTime > 30000) return reject(new Error('the account did not open in 30 s'));
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const screens: { path: string; title: string; ms: number }[] = [];
const scans: number[] = [];
try {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/user/login`);
  await page.getByPlaceholder('请输入用户名').fill('admin');
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入密码').press('Enter');
  await page.getByTestId('side-menu').waitFor();
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token') ?? 'null')?.value as string);
  const menu = ((await (await page.request.get(`${base}/ccu-boot/sys/permission/getUserPermissionByToken`, { headers: { 'X-Access-Token': token } })).json()) as { result: { menu: MenuItem[] } })
    .result.menu;
  const leaves = (items: readonly MenuItem[]): MenuItem[] => items.flatMap((item) => (item.children?.length ? leaves(item.children) : item.hidden || item.meta.url ? [] : [item]));

  /** 首页 alone in its tab, drawn, and a moment of quiet: where a menu click starts from. */
  const fromHome = async () => {
    await page.evaluate(() => localStorage.removeItem('ccu-tabs:admin'));
    await page.goto(`${base}/dashboard/analysis`);
    await page.evaluate(() => performance.mark('start'));
    await untilDrawn(page, '/dashboard/analysis');
    await page.waitForLoadState('networkidle');
  };

  for (const item of leaves(menu)) {
    await fromHome();
    // What the side menu's link does: a push of the path, which the router follows.
    await page.evaluate((path) => {
      performance.mark('start');
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, item.path);
    screens.push({ path: item.path, title: item.meta.title, ms: await untilDrawn(page, item.path) });
  }

  for (let run = 0; run <= SCANS; run += 1) {
    await fromHome();
    await page.keyboard.press('Control+k');
    await page.getByTestId('palette').getByRole('combobox').waitFor();
    await page.keyboard.type(CARD);
    await page.evaluate("document.addEventListener('keydown', (event) => event.key === 'Enter' && performance.mark('enter'), { capture: true, once: true })");
    await page.keyboard.press('Enter');
    const ms = await page.evaluate<number>(`(${UNTIL_ACCOUNT})(${JSON.stringify(CARD)})`);
    // The first is the warm-up: the account screen's code not yet fetched.
    if (run > 0) scans.push(ms);
  }
  await context.close();
} finally {
  await browser.close();
  busy?.kill();
  stop();
}

const times = screens.map((screen) => screen.ms);
const stats = summarise(times);
const p90 = [...times].sort((a, b) => a - b)[Math.floor(0.9 * times.length)] ?? 0;
console.log(
  `screens: a menu click from 首页 → the screen drawn with its rows (admin, ${screens.length} screens, Chromium, production build, ${quiet ? 'nothing else running' : 'one core kept busy'})`,
);
console.log(`  median ${stats.median.toFixed(0)} ms, p90 ${p90.toFixed(0)} ms, p95 ${stats.p95.toFixed(0)} ms, worst ${stats.max.toFixed(0)} ms — goal p90 ≤ 1,000 ms`);
const buckets: [string, (ms: number) => boolean][] = [
  ['≤ 250 ms', (ms) => ms <= 250],
  ['250–500', (ms) => ms > 250 && ms <= 500],
  ['500–1,000', (ms) => ms > 500 && ms <= 1000],
  ['1–2 s', (ms) => ms > 1000 && ms <= 2000],
  ['> 2 s', (ms) => ms > 2000],
];
console.log(`  ${buckets.map(([name, within]) => `${name}: ${times.filter(within).length}`).join(' · ')}`);
console.log('  the worst ten:');
for (const screen of [...screens].sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`    ${screen.ms.toFixed(0).padStart(6)} ms  ${screen.path}  ${screen.title}`);
const scan = summarise(scans);
console.log(`an account from a scanned card: Enter in the palette → the account's panel with the card (${scans.length} runs after a warm-up)`);
console.log(`  median ${scan.median.toFixed(0)} ms, worst ${scan.max.toFixed(0)} ms — goal ≤ 500 ms`);
