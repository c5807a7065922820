import type { CDPSession, Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './constants';

/**
 * The console's keyboard journeys as a user on a slow machine makes them: every key sent the
 * moment the previous one has been delivered, never waiting for what the screen shows. Each
 * journey counts the keys it sent and, once the page has settled, the keys the outcome shows were
 * lost (not acted on, acted on twice, or acted on against the screen before). The throttled
 * end-to-end spec runs a few of them; `tests/bench/keyboard.ts` runs them all and prints the count.
 */

/** What a journey's rounds sent and lost. */
export interface KeyCount {
  sent: number;
  lost: number;
  /** Why, for each loss: what the page showed instead. */
  notes: string[];
}

/** Key names → what the keyboard sends (the US layout's codes; `text` for keys that type). */
const NAMED: Record<string, { code: string; vk: number; text?: string }> = {
  Enter: { code: 'Enter', vk: 13, text: '\r' },
  Tab: { code: 'Tab', vk: 9 },
  Escape: { code: 'Escape', vk: 27 },
  Backspace: { code: 'Backspace', vk: 8 },
  ArrowLeft: { code: 'ArrowLeft', vk: 37 },
  ArrowRight: { code: 'ArrowRight', vk: 39 },
  ArrowUp: { code: 'ArrowUp', vk: 38 },
  ArrowDown: { code: 'ArrowDown', vk: 40 },
  ' ': { code: 'Space', vk: 32, text: ' ' },
  '.': { code: 'Period', vk: 190, text: '.' },
  Control: { code: 'ControlLeft', vk: 17 },
  Alt: { code: 'AltLeft', vk: 18 },
  Shift: { code: 'ShiftLeft', vk: 16 },
};
const MODIFIER_BITS: Record<string, number> = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };

interface KeyDefinition {
  key: string;
  code: string;
  vk: number;
  text?: string;
}

function keyOf(name: string): KeyDefinition {
  const named = NAMED[name];
  if (named) return { key: name, ...named };
  if (/^[a-z]$/i.test(name)) return { key: name, code: `Key${name.toUpperCase()}`, vk: name.toUpperCase().charCodeAt(0), text: name };
  if (/^[0-9]$/.test(name)) return { key: name, code: `Digit${name}`, vk: name.charCodeAt(0), text: name };
  throw new Error(`no key ${name}`);
}

/**
 * The keyboard of one journey: every key counted, none waited for. Keys go to Chromium through
 * the DevTools protocol without waiting for the page to handle the one before, as the operating
 * system queues what a hand or a card reader types while the page is busy.
 */
export class Keys {
  private constructor(
    readonly page: Page,
    private readonly cdp: CDPSession,
    private readonly rate: number,
    readonly count: KeyCount,
  ) {}

  /** The page's keyboard, its CPU slowed `rate` times (the DevTools protocol's emulation), as a busy clerk's machine. */
  static async of(page: Page, rate: number, count: KeyCount = { sent: 0, lost: 0, notes: [] }): Promise<Keys> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    return new Keys(page, cdp, rate, count);
  }

  /** Another page's keyboard, slowed the same, counted with this one. */
  on(page: Page): Promise<Keys> {
    return Keys.of(page, this.rate, this.count);
  }

  /** Keys in Playwright's names (`Control+k`, `Enter`, `Alt+Shift+G`), all sent at once, in order. */
  async press(...keys: string[]): Promise<void> {
    const sent: Promise<unknown>[] = [];
    const send = (type: 'keyDown' | 'rawKeyDown' | 'keyUp', key: KeyDefinition, modifiers: number) =>
      sent.push(
        this.cdp.send('Input.dispatchKeyEvent', {
          type,
          modifiers,
          key: key.key,
          code: key.code,
          windowsVirtualKeyCode: key.vk,
          ...(type === 'keyDown' && key.text ? { text: key.text, unmodifiedText: key.text } : {}),
        }),
      );
    for (const combination of keys) {
      this.count.sent += 1;
      const parts = combination.split('+');
      const key = keyOf(parts.pop()!);
      let modifiers = 0;
      for (const modifier of parts) {
        modifiers |= MODIFIER_BITS[modifier]!;
        send('rawKeyDown', keyOf(modifier), modifiers);
      }
      // A chord types nothing (with Shift alone a letter types as it is named).
      const types = key.text !== undefined && (modifiers & ~MODIFIER_BITS.Shift!) === 0;
      send(types ? 'keyDown' : 'rawKeyDown', key, modifiers);
      send('keyUp', key, modifiers);
      for (const modifier of parts.reverse()) {
        modifiers &= ~MODIFIER_BITS[modifier]!;
        send('keyUp', keyOf(modifier), modifiers);
      }
    }
    await Promise.all(sent);
  }

  /** Text as single key presses (`\n` is Enter, `\t` Tab), all sent at once. */
  async type(text: string): Promise<void> {
    await this.press(...[...text].map((char) => (char === '\n' ? 'Enter' : char === '\t' ? 'Tab' : char)));
  }

  /** The outcome shows `keys` lost; `seen` is what the page showed instead. */
  lose(keys: number, seen: string): void {
    this.count.lost += keys;
    this.count.notes.push(seen);
  }
}

/**
 * The page has done what the keys asked of it: no key still held for its target, the page at the
 * address drawn and focused (the console's type-ahead says both on `<html>`), no request in flight
 * for half a second, then two frames drawn. A journey reads its outcome after this, so a dialog
 * still coming or a tab still closing is not taken for a loss. (Frames alone are not enough: React
 * yields to the browser while it renders, so a slowed page draws frames between a key and its effect.)
 */
export async function settle(page: Page, limitMs = 60_000): Promise<void> {
  const started = Date.now();
  let pending = 0;
  let quietSince = Date.now();
  const opened = () => (pending += 1);
  const ended = () => {
    pending = Math.max(0, pending - 1);
    if (pending === 0) quietSince = Date.now();
  };
  page.on('request', opened);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    for (;;) {
      const caughtUp = await page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const html = document.documentElement;
        // A sign-in page or a link on its way has no tab view: no page there to wait for. (Nor has
        // a build from before the type-ahead, which the bench may be pointed at to compare.)
        const ready = html.dataset.pageReady;
        const pageReady = !document.querySelector('[data-tab-view]') || ready === undefined || ready === `${location.pathname}${location.search}`;
        return !html.hasAttribute('data-keys-held') && pageReady;
      });
      if (caughtUp && pending === 0 && Date.now() - quietSince >= 500) return;
      if (Date.now() - started > limitMs) return;
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', opened);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Waits up to `limitMs` for `check` to hold; false if it never did (the outcome is then a loss). */
async function holds(page: Page, check: () => Promise<boolean>, limitMs = 60_000): Promise<boolean> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() - started > limitMs) return false;
    await page.waitForTimeout(100);
  }
}

const tabTitles = async (page: Page) => (await page.getByTestId('tab-strip').getByRole('tab').allInnerTexts()).map((text) => text.trim());
const pathOf = (page: Page) => new URL(page.url()).pathname;
const paletteQuery = (page: Page) =>
  page
    .getByTestId('palette')
    .getByRole('combobox')
    .inputValue({ timeout: 1000 })
    .catch(() => '(palette closed)');

/** Signed in through the sign-in page, the console drawn (set-up: not counted). */
export async function signIn(page: Page, username: string, password = E2E_ADMIN_PASSWORD): Promise<void> {
  await page.goto('/user/login');
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入密码').press('Enter');
  await page.getByTestId('menu-search').waitFor({ timeout: 120_000 });
}

/** A screen opened and drawn (set-up: not counted). */
async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByTestId('menu-search').waitFor({ timeout: 120_000 });
  await settle(page);
}

/** Ctrl+K, a screen's initials, Enter and, as soon as the address changes, the close key: the new tab is closed. */
export async function paletteThenClose(keys: Keys, rounds: number): Promise<void> {
  const { page } = keys;
  await openPage(page, '/dashboard/analysis');
  for (let round = 0; round < rounds; round += 1) {
    const [typed, path, title] = round % 2 ? ['yhgl', '/system/users', '用户管理'] : ['jsgl', '/system/roles', '角色管理'];
    await keys.press('Control+k');
    await keys.type(`${typed}\n`);
    // The address changes when the palette acts; the close key follows at once.
    if (!(await holds(page, async () => pathOf(page) === path))) {
      keys.lose(typed.length + 2, `round ${round}: ${typed} never opened ${path} (palette: ${await paletteQuery(page)})`);
      await openPage(page, '/dashboard/analysis');
      continue;
    }
    await keys.press('Control+Alt+w');
    await settle(page);
    const titles = await tabTitles(page);
    if (titles.includes(title) || pathOf(page) === path) {
      keys.lose(1, `round ${round}: Ctrl+Alt+W left ${title} open (tabs: ${titles.join(' ')}; at ${pathOf(page)})`);
      await openPage(page, '/dashboard/analysis');
    }
  }
}

/** The sign-in's Enter, then — the moment the address is the console's — Ctrl+K, a card's eight digits and Enter. */
export async function scanAfterSignIn(keys: Keys, rounds: number, cardNo = '20260001'): Promise<void> {
  const { page } = keys;
  for (let round = 0; round < rounds; round += 1) {
    await page.goto('/user/login');
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('/user/login');
    await page.getByPlaceholder('请输入用户名').fill('admin');
    await page.getByPlaceholder('请输入密码').fill(E2E_ADMIN_PASSWORD);
    await page.getByPlaceholder('请输入密码').focus();
    await keys.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/user/'), { timeout: 120_000 });
    await keys.press('Control+k');
    await keys.type(`${cardNo}\n`);
    await expectPerson(keys, `round ${round}`, cardNo);
  }
}

/** The person's account is on view, with their card: else what the palette holds says which keys went. */
async function expectPerson(keys: Keys, round: string, cardNo: string, lostIfNot = cardNo.length + 2): Promise<boolean> {
  const { page } = keys;
  const opened = await holds(page, async () => /\/members\/accounts$/.test(pathOf(page)) && new URL(page.url()).searchParams.has('id'));
  const cards = opened
    ? await page
        .getByTestId('account-panel')
        .getByTestId('account-panel-cards')
        .innerText({ timeout: 60_000 })
        .catch(() => '')
    : '';
  if (opened && cards.includes(cardNo)) return true;
  keys.lose(lostIfNot, `${round}: ${cardNo} did not open its person (at ${pathOf(page)}, palette: ${await paletteQuery(page)}, cards: ${cards})`);
  return false;
}

/** Ctrl+K, a screen's initials, Enter, then at once a search typed and Enter: the new screen's first query field takes it and searches. */
export async function searchOnNewScreen(keys: Keys, rounds: number): Promise<void> {
  const { page } = keys;
  for (let round = 0; round < rounds; round += 1) {
    // From home each time, the screen's tab closed, so the screen is drawn anew.
    await openPage(page, '/dashboard/analysis');
    await page.evaluate(() => undefined);
    const typed = round % 2 ? 'dier' : 'diyi';
    await keys.press('Control+k');
    await keys.type('stgl\n');
    await keys.type(`${typed}\n`);
    await settle(page);
    const field = page.locator('[data-tab-view]:not([hidden])').getByTestId('canteen-list').getByTestId('query-area').getByRole('textbox').first();
    const value = await field.inputValue({ timeout: 60_000 }).catch(() => '(no field)');
    if (pathOf(page) !== '/meals/canteens' || value !== typed)
      keys.lose(Math.max(1, typed.length - commonPrefix(value, typed)), `round ${round}: typed ${typed}, the query field holds ${value} (at ${pathOf(page)})`);
    // Closed again for the next round, drawn anew.
    if (pathOf(page) === '/meals/canteens') {
      await page.keyboard.press('Control+Alt+w');
      await settle(page);
    }
  }
}

const commonPrefix = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
};

/** On a list screen, the keyboard in its rows: a reader's burst and Enter open the person. */
export async function scanOnList(keys: Keys, rounds: number, cardNo = '20260001'): Promise<void> {
  const { page } = keys;
  for (let round = 0; round < rounds; round += 1) {
    await openPage(page, '/meals/canteens');
    await page.locator('[data-tab-view]:not([hidden])').getByTestId('canteen-list').locator('.ag-row[row-index="0"] .ag-cell').first().waitFor();
    await page.keyboard.press('Alt+Shift+G');
    await holds(page, async () => page.evaluate(() => Boolean(document.activeElement?.closest('.ag-root-wrapper'))));
    await keys.type(`${cardNo}\n`);
    await expectPerson(keys, `round ${round}`, cardNo);
  }
}

/** On a person's account: 充值 from the palette, the amount typed twice and Enter, all at once — posted exactly once. */
export async function rechargeByKeys(keys: Keys, rounds: number, cardNo = '20260021'): Promise<void> {
  const { page } = keys;
  await openPage(page, '/dashboard/analysis');
  await page.keyboard.press('Control+k');
  await page.keyboard.type(`${cardNo}\n`);
  await page.getByTestId('account-panel').getByTestId('account-panel-cards').filter({ hasText: cardNo }).waitFor({ timeout: 120_000 });
  await settle(page);
  const cash = async () => Math.round(Number((await page.getByTestId('account-panel').getByTestId('account-panel-cash').innerText()).replace('¥', '')) * 100);
  for (let round = 0; round < rounds; round += 1) {
    const before = await cash();
    await keys.press('Control+k');
    await keys.type('chongzhi\n');
    await keys.type('1.00\t1.00\n');
    await settle(page);
    const after = await cash();
    const formOpen = await page.getByTestId('recharge-form').count();
    if (after - before !== 100)
      keys.lose(1, `round ${round}: the cash moved by ${(after - before) / 100} instead of 1.00 (recharge form ${formOpen ? 'still open' : 'closed'}, palette: ${await paletteQuery(page)})`);
    if (formOpen) {
      await page.keyboard.press('Escape');
      await settle(page);
    }
  }
}

/** The person's account opened by a scan into the palette, drawn (set-up: not counted). */
async function openPerson(page: Page, cardNo: string): Promise<void> {
  await openPage(page, '/dashboard/analysis');
  await page.keyboard.press('Control+k');
  await page.getByTestId('palette').getByRole('combobox').waitFor();
  await page.keyboard.type(`${cardNo}\n`);
  await page.getByTestId('account-panel').getByTestId('account-panel-cards').filter({ hasText: cardNo }).waitFor({ timeout: 120_000 });
  await settle(page);
}

const cents = async (page: Page, wallet: string) => Math.round(Number((await page.getByTestId('account-panel').getByTestId(`account-panel-${wallet}`).innerText()).replace('¥', '')) * 100);
const cardLine = (page: Page) => page.getByTestId('account-panel').getByTestId('account-panel-cards').innerText();

/**
 * The counter clerk's day in one burst, on a person's account (another each round): 柜台消费 of ¥1.00 typed twice, then
 * 挂失 with Enter on its question, then 解挂 with Enter on its question — paid once, the card back to 正常.
 */
export async function clerksDay(keys: Keys, rounds: number): Promise<void> {
  const { page } = keys;
  for (let round = 0; round < rounds; round += 1) {
    // A card a round: a card pays at most six times a day (the sample school's rule), refused visibly after.
    await openPerson(page, String(20260030 + round));
    const total = async () => (await cents(page, 'cash')) + (await cents(page, 'subsidy')) + (await cents(page, 'gift'));
    const before = await total();
    // Every payment's message as it shows: a toast leaves after a few seconds, and a slowed page may take longer.
    await page.evaluate(() => {
      const watch = window as unknown as { paymentsSeen: string[]; paymentsWatch?: MutationObserver };
      watch.paymentsWatch?.disconnect();
      watch.paymentsSeen = [];
      watch.paymentsWatch = new MutationObserver(() => {
        for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
          if (!toast.textContent?.includes('消费成功') || toast.hasAttribute(`data-counted`)) continue;
          toast.setAttribute('data-counted', '');
          watch.paymentsSeen.push(toast.textContent);
        }
      });
      watch.paymentsWatch.observe(document.body, { childList: true, subtree: true });
    });
    await keys.press('Control+k');
    await keys.type('gtxf\n1.00\t1.00\n');
    await keys.press('Control+k');
    await keys.type('gs\n\n');
    await keys.press('Control+k');
    await keys.type('jg\n\n');
    await settle(page);
    const payments = await page.evaluate(() => (window as unknown as { paymentsSeen: string[] }).paymentsSeen);
    const amount = payments.length === 1 ? payments[0]!.match(/实付 ¥([\d.]+)/)?.[1] : undefined;
    const after = await total();
    const card = await cardLine(page).catch(() => '');
    const dialogs = page.locator('[role="dialog"], [role="alertdialog"]');
    const open = await dialogs.count();
    const shown = open ? ` «${(await dialogs.last().innerText()).replace(/\s+/g, ' ').slice(0, 160)}»` : '';
    if (!amount) keys.lose(1, `round ${round}: ${payments.length} payments were made, not 1 (the balance moved by ${(after - before) / 100}; dialogs open: ${open}${shown})`);
    else if (before - after !== Math.round(Number(amount) * 100)) keys.lose(1, `round ${round}: paid ${amount} but the balance moved by ${(after - before) / 100}`);
    if (!card.includes('正常') || card.includes('挂失')) keys.lose(1, `round ${round}: after 挂失 and 解挂 the card reads ${card} (dialogs open: ${open})`);
    if (open) {
      await page.keyboard.press('Escape');
      await settle(page);
    }
  }
}

/**
 * Esc the moment after what it closes was asked for: 新增食堂 chosen in the palette and Esc before its
 * form has drawn — the form, once there, is closed; and Ctrl+K then Esc at once — the palette closed.
 */
export async function escapeAtOnce(keys: Keys, rounds: number): Promise<void> {
  const { page } = keys;
  await openPage(page, '/meals/canteens');
  for (let round = 0; round < rounds; round += 1) {
    await keys.press('Control+k');
    await keys.type('xzst\n');
    await keys.press('Escape');
    await keys.press('Control+k', 'Escape');
    await settle(page);
    const forms = await page.getByTestId('entity-form').count();
    const palette = await page.getByTestId('palette').count();
    if (forms || palette) keys.lose(forms + palette, `round ${round}: still open after Esc: ${forms ? 'the 新增食堂 form' : ''} ${palette ? 'the palette' : ''}`);
    const inPage = await page.evaluate(() => Boolean(document.activeElement?.closest('[data-tab-view]:not([hidden])')));
    if (!inPage) keys.lose(1, `round ${round}: after Esc the keyboard is not in the page (${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))})`);
    if (forms || palette) await openPage(page, '/meals/canteens');
  }
}

/**
 * Tab keys in a burst over four open tabs: Alt+2, → → ←, close, reopen — the tabs and the page the
 * keys name, each key acting on the tab the one before it brought to the front.
 */
export async function switchTabs(keys: Keys, rounds: number): Promise<void> {
  const { page } = keys;
  for (let round = 0; round < rounds; round += 1) {
    // Home, 用户管理, 角色管理 and 食堂管理 open, in that order.
    await openPage(page, '/dashboard/analysis');
    await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('ccu-tabs:'))
        .forEach((key) => localStorage.removeItem(key)),
    );
    for (const path of ['/dashboard/analysis', '/system/users', '/system/roles', '/meals/canteens']) await openPage(page, path);
    await keys.press('Alt+2', 'Control+Alt+ArrowRight', 'Control+Alt+ArrowRight', 'Control+Alt+ArrowLeft', 'Control+Alt+w', 'Alt+Shift+T');
    await settle(page);
    const titles = (await tabTitles(page)).join(' ');
    const expected = '首页 用户管理 食堂管理 角色管理';
    if (titles !== expected || pathOf(page) !== '/system/roles') keys.lose(1, `round ${round}: tabs ${titles} at ${pathOf(page)}, expected ${expected} at /system/roles`);
  }
}

interface MenuNode {
  path?: string;
  route?: string;
  hidden?: boolean;
  meta?: { title?: string; url?: string; internalOrExternal?: boolean };
  children?: MenuNode[] | null;
}

/** The user's leaf screens, as the server gives the menu (links out of the console left out). */
async function leafScreens(page: Page): Promise<{ path: string; title: string }[]> {
  const menu = await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('Access-Token') ?? 'null')?.value as string;
    const answer = await fetch('/ccu-boot/sys/permission/getUserPermissionByToken', { headers: { 'X-Access-Token': token } });
    return ((await answer.json()) as { result: { menu: unknown[] } }).result.menu;
  });
  const out: { path: string; title: string }[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      const children = (node.children ?? []).filter((child) => !child.hidden);
      if (children.length) walk(children);
      else if (node.path?.startsWith('/') && !node.hidden && node.route !== '0' && !node.meta?.internalOrExternal && !/^https?:/.test(node.meta?.url ?? ''))
        out.push({ path: node.path, title: node.meta?.title ?? node.path });
    }
  };
  walk(menu as MenuNode[]);
  return out;
}

/**
 * Every screen of the menu: opened, and a letter typed at once, before it is drawn — the letter
 * is in its first query field when that is a text field, and no screen leaves its keys waiting
 * until they are refused. (A sweep over every screen the menu declares: each inherits the keeping.)
 */
export async function everyScreen(keys: Keys, rounds: number): Promise<void> {
  void rounds;
  for (const screen of await leafScreens(keys.page)) {
    if (screen.path === '/dashboard/analysis') continue;
    // A page of its own for each screen, from home: what one screen leaves behind (a form being
    // filled holds the address) does not stop the next.
    const page = await keys.page.context().newPage();
    try {
      await openPage(page, '/dashboard/analysis');
      const screenKeys = await keys.on(page);
      // As a menu click or the palette does: the address first, the screen drawn after.
      await page.evaluate((path) => {
        window.history.pushState({ usr: null, key: 'sweep', idx: 1 }, '', path);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, screen.path);
      await screenKeys.type('x');
      await settle(page);
      const outcome = await page.evaluate(() => {
        const view = document.querySelector('[data-tab-view]:not([hidden])');
        const field = view?.querySelector<HTMLElement>('[data-testid="query-area"] :is(input, select, button[role="combobox"], button[aria-haspopup])');
        const refused = [...document.querySelectorAll('[data-sonner-toast]')].some((toast) => toast.textContent?.includes('个键未执行'));
        const text = field instanceof HTMLInputElement && ['text', 'search', ''].includes(field.type) && !field.readOnly ? field.value : null;
        return { refused, text, active: document.activeElement?.tagName ?? '' };
      });
      if (pathOf(page) !== screen.path) keys.lose(1, `${screen.title} ${screen.path}: the address became ${pathOf(page)}`);
      else if (outcome.refused) keys.lose(1, `${screen.title} ${screen.path}: its key was refused (the screen never took the keyboard)`);
      // A field the screen fills in itself (充值记录's date, today) takes the x after its value, where
      // focus() leaves the caret: as it would at full speed.
      else if (outcome.text !== null && (!outcome.text.endsWith('x') || outcome.text.indexOf('x') !== outcome.text.length - 1))
        keys.lose(1, `${screen.title} ${screen.path}: the first query field holds «${outcome.text}», not …x (focus on ${outcome.active})`);
    } finally {
      await page.close();
    }
  }
}

/** A journey: who it starts signed in as (none: it signs in itself) and its rounds. */
export interface Journey {
  name: string;
  user?: string;
  run(keys: Keys, rounds: number): Promise<void>;
}

/** Every journey, in the order the benchmark runs them. */
export const JOURNEYS: readonly Journey[] = [
  { name: 'paletteThenClose', user: 'admin', run: paletteThenClose },
  { name: 'scanAfterSignIn', run: scanAfterSignIn },
  { name: 'searchOnNewScreen', user: 'admin', run: searchOnNewScreen },
  { name: 'scanOnList', user: 'admin', run: scanOnList },
  { name: 'rechargeByKeys', user: 'admin', run: rechargeByKeys },
  { name: 'clerksDay', user: 'admin', run: clerksDay },
  { name: 'escapeAtOnce', user: 'canteen', run: escapeAtOnce },
  { name: 'switchTabs', user: 'admin', run: switchTabs },
  { name: 'everyScreen', user: 'admin', run: everyScreen },
];
