/**
 * Sign-in beside JeecgBoot 2.4.6's own client on the same server: from the Enter on each client's
 * sign-in page to the frame that shows its side menu, the `canteen` user, Chromium, production
 * builds, a fresh browser context each time (no token, cold cache), the two taking turns. Both
 * clients talk to one server: ours serves its own build; JeecgBoot's build is served from a second
 * port, as plain files, with `/ccu-boot/…` passed through to that server, so its requests are the
 * same API calls on the same database. Goal: ours ≤ 0.5× JeecgBoot's.
 *
 * JeecgBoot's client is built once, outside the repository, from its 2.4.6 tag (the `ant-design-vue-jeecg`
 * folder of github.com/jeecgboot/JeecgBoot), against our API path:
 *   npm ci --ignore-scripts
 *   VUE_APP_API_BASE_URL=/ccu-boot NODE_OPTIONS=--openssl-legacy-provider npx vue-cli-service build
 * then:
 *   JEECG_CLIENT=<its dist folder> node --import tsx tests/bench/signInBeside.ts
 * Its sign-in form asks for a captcha; our server asks for one only after failed attempts, so the
 * field is filled with anything. Printed, never asserted. `--base URL` runs it against a console
 * already running (see consoleForBench).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/constants';
import { consoleForBench } from './consoleServer';
import { summarise } from './stats';

const jeecgDist = process.env.JEECG_CLIENT;
if (!jeecgDist || !fs.existsSync(path.join(jeecgDist, 'index.html'))) {
  console.log('sign-in beside JeecgBoot: set JEECG_CLIENT to the dist folder of JeecgBoot 2.4.6’s client (see this file’s comment for how to build it)');
  process.exit(0);
}
const RUNS = Number(process.env.BENCH_RUNS ?? 8);
const atOnce = Boolean(process.env.SIGN_IN_AT_ONCE);

const { base, stop, password } = await consoleForBench('beside');
const api = new URL(base);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
};
/** JeecgBoot's build as plain files (history-mode paths get index.html), its API calls passed to our server. */
const beside = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://beside');
  if (url.pathname.startsWith('/ccu-boot/')) {
    const forward = http.request({ host: api.hostname, port: api.port, path: request.url, method: request.method, headers: { ...request.headers, host: api.host } }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forward.on('error', () => response.writeHead(502).end());
    request.pipe(forward);
    return;
  }
  let file = path.join(jeecgDist, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
  if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(jeecgDist, 'index.html');
  response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
  fs.createReadStream(file).pipe(response);
});
await new Promise<void>((resolve) => beside.listen(0, '127.0.0.1', resolve));
const jeecgBase = `http://127.0.0.1:${(beside.address() as { port: number }).port}`;

interface Client {
  name: string;
  login: string;
  fields: [placeholder: string, value: string][];
  /** The side menu's first item, drawn. */
  menu: string;
}
const ours: Client = {
  name: 'ours',
  login: `${base}/user/login`,
  fields: [
    ['请输入用户名', 'canteen'],
    ['请输入密码', password],
  ],
  menu: '[data-testid="side-menu"] [role="menuitem"]',
};
const jeecg: Client = {
  name: 'JeecgBoot 2.4.6',
  login: `${jeecgBase}/user/login`,
  fields: [
    ['请输入帐户名 / admin', 'canteen'],
    ['请输入密码 / 123456', password],
    ['请输入验证码', 'abcd'],
  ],
  menu: '.ant-layout-sider .ant-menu li',
};

/** Enter on the sign-in page → the frame that shows the side menu, in ms. */
async function signIn(browser: Browser, client: Client): Promise<number> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(client.login);
    // A person types for a few seconds: each page has its quiet moment first (nothing fetched for
    // half a second), in which ours fetches the console's code. SIGN_IN_AT_ONCE presses Enter
    // the moment the page has loaded instead, as a password manager might.
    if (!atOnce) await page.waitForLoadState('networkidle');
    for (const [placeholder, value] of client.fields) await page.getByPlaceholder(placeholder).fill(value);
    await page.evaluate((menu) => {
      document.addEventListener('keydown', (event) => event.key === 'Enter' && performance.mark('enter'), { capture: true, once: true });
      new MutationObserver((_, observer) => {
        if (document.querySelector(menu)) {
          observer.disconnect();
          requestAnimationFrame(() => performance.mark('menu'));
        }
      }).observe(document, { childList: true, subtree: true });
    }, client.menu);
    await page.getByPlaceholder(client.fields[1]![0]).press('Enter');
    await page.waitForFunction(() => performance.getEntriesByName('menu').length > 0, undefined, { timeout: 60_000 });
    return await page.evaluate(() => performance.measure('signed-in', 'enter', 'menu').duration);
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const times = { ours: [] as number[], jeecg: [] as number[] };
try {
  // A warm-up of each (the server's first sign-in, the browser's first page), then turns, the order swapped each run.
  await signIn(browser, ours);
  await signIn(browser, jeecg);
  for (let run = 0; run < RUNS; run += 1) for (const client of run % 2 ? [jeecg, ours] : [ours, jeecg]) (client === ours ? times.ours : times.jeecg).push(await signIn(browser, client));
} finally {
  await browser.close();
  beside.close();
  stop();
}
const mine = summarise(times.ours);
const theirs = summarise(times.jeecg);
console.log(
  `sign-in beside JeecgBoot 2.4.6’s client: Enter on the sign-in page ${atOnce ? 'the moment it has loaded' : 'once it is quiet'} → side menu drawn (canteen user, Chromium, same server, taking turns)`,
);
console.log(`  ours: median ${mine.median.toFixed(0)} ms (p95 ${mine.p95.toFixed(0)}) · JeecgBoot’s: median ${theirs.median.toFixed(0)} ms (p95 ${theirs.p95.toFixed(0)}), ${RUNS} runs each`);
console.log(`  ours ÷ JeecgBoot’s: ${(mine.median / theirs.median).toFixed(2)}× (goal ≤ 0.5×)`);
