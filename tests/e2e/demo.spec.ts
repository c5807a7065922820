import { apiAs, chooseOption, expect, test } from './support/pages';
import { onView, openScreen } from './support/keyboardSteps';

test('分屏 on the school’s people: ↑ ↓ move through the list and each person’s account and postings show beside it; the divider moves with ← →', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  await openScreen(page, 'fenping', '/demo/split', 'split-panel');
  const panel = onView(page).getByTestId('split-panel');
  const list = panel.getByTestId('split-list');
  const detail = panel.getByTestId('split-detail');
  const options = list.getByRole('option');
  await expect(options.first()).toBeVisible();
  // ↓ from the search box into the list; each move shows that person on the right.
  await panel.getByRole('textbox', { name: '搜索人员' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(list).toBeFocused();
  for (const index of [0, 1, 2]) {
    if (index) await page.keyboard.press('ArrowDown');
    const name = (await options.nth(index).locator('span').first().innerText())
      .split('\n')[0]!
      .replace(/\s*\d+$/, '')
      .trim();
    await expect(options.nth(index)).toHaveAttribute('aria-selected', 'true');
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText(name);
    await expect(detail).toContainText('最近流水');
  }
  await page.keyboard.press('ArrowUp');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(detail).toContainText('最近流水');
  await console.screenshot('demo-split-panel');
  // Searched by a number: the one person.
  await panel.getByRole('textbox', { name: '搜索人员' }).fill('20220701');
  await page.keyboard.press('Enter');
  await expect(options).toHaveCount(1);
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText('黄子涵');
  // The divider: Tab to it, → widens the list.
  const divider = panel.getByTestId('split-divider');
  await divider.focus();
  const before = Number(await divider.getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowRight');
  await expect(divider).toHaveAttribute('aria-valuenow', String(before + 5));
});

test('打印 a recharge: the receipt previewed on 80 mm paper, the card and the A4 收款单 with the amount in words', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  await openScreen(page, 'dayin', '/demo/print', 'print-screen');
  const screen = onView(page).getByTestId('print-screen');
  const preview = screen.getByTestId('print-preview');
  await expect(preview).toHaveAttribute('data-layout', 'receipt');
  await expect(preview).toContainText('充值小票');
  await expect(preview).toContainText('充值后现金余额');
  await expect(screen.getByTestId('print-paper')).toHaveText('纸张 80 × 150 mm');
  // The receipt is the paper's width: 80 mm at 96 dpi.
  await expect.poll(async () => Math.round(await preview.evaluate((element) => element.getBoundingClientRect().width))).toBe(302);
  await console.screenshot('demo-print-receipt');
  await screen.getByRole('radio', { name: '卡片' }).check();
  await expect(preview).toHaveAttribute('data-layout', 'card');
  await expect(preview).toContainText('校园卡');
  await screen.getByRole('radio', { name: '收款单（A4）' }).check();
  await expect(preview.getByTestId('print-in-words')).toContainText('元');
  await expect(screen.getByTestId('print-paper')).toHaveText('纸张 210 × 297 mm');
  // Printed, only the paper is visible (the page's print rules), at its own size.
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => (document.body.dataset.printing = 'area'));
  await expect.poll(() => page.getByTestId('side-menu').evaluate((element) => getComputedStyle(element).visibility)).toBe('hidden');
  await expect.poll(() => preview.evaluate((element) => getComputedStyle(element).visibility)).toBe('visible');
  await page.emulateMedia({ media: 'screen' });
});

test('成功页 and 失败页 show the user’s own latest operation that went through, and the one refused with its reason', async ({ page, signedIn }) => {
  await signedIn('admin');
  const refused = await apiAs(page, 'POST', '/memb/account/recharge', { idempotencyKey: `result-${Date.now()}`, accountId: 'no-such-account', amount: '1', channel: 'cash' });
  expect(refused.success).toBe(false);
  await openScreen(page, 'shibaiye', '/result/error', 'result-error');
  const failed = onView(page).getByTestId('result-error');
  await expect(failed.getByRole('heading', { name: '操作失败' })).toBeVisible();
  await expect(failed.getByTestId('result-operation')).toContainText('充值');
  await expect(failed.getByTestId('result-operation')).toContainText(refused.message);
  await openScreen(page, 'chenggongye', '/result/success', 'result-success');
  const done = onView(page).getByTestId('result-success');
  await expect(done.getByRole('heading', { name: '操作成功' })).toBeVisible();
  await expect(done.getByTestId('result-operation')).not.toContainText('加载中');
  await done.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL('/dashboard/analysis');
});

test('卡片列表: the canteens as cards with their state, today’s takings and stores; the arrow keys move between them, Enter opens 食堂管理', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  const canteens = (await apiAs(page, 'GET', '/meals/canteen/list?pageSize=50')).result.total as number;
  await openScreen(page, 'kapianliebiao', '/list/card', 'canteen-cards');
  const cards = onView(page).getByTestId('canteen-card');
  await expect(cards).toHaveCount(canteens);
  await expect(cards.first().getByTestId('canteen-card-status')).toHaveText(/^(营业|停业)$/);
  await expect(cards.first().getByTestId('canteen-card-amount')).toHaveText(/^¥[\d,]+\.\d\d$/);
  await console.screenshot('demo-card-list');
  await cards.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/meals/canteens');
});

test('任务: the approvals waiting for the user, their exports today and what they did today', async ({ page, signedIn }) => {
  await signedIn('admin');
  const pending = (await apiAs(page, 'GET', '/home/dashboard')).result.pending as unknown[];
  await openScreen(page, 'renwu', '/dashboard/task', 'task-board');
  const board = onView(page).getByTestId('task-board');
  await expect(board.getByTestId('task-pending').getByRole('listitem')).toHaveCount(pending.length);
  await expect(board.getByTestId('task-exports')).toBeVisible();
  await expect(board.getByTestId('task-done')).toContainText(/今日已办/);
});

test('图表 and 图表示例 draw the school’s last 30 days: the month’s totals, and every chart kind the reports use', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  const month = (await apiAs(page, 'GET', '/home/trends')).result as { days: { consume: number }[] };
  const consumed = month.days.reduce((sum, day) => sum + day.consume, 0);
  await page.goto('/dashboard/chart');
  const screen = onView(page).getByTestId('chart-screen');
  await expect(screen.getByTestId('chart-totals')).toContainText(`¥${(consumed / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  for (const kind of ['line', 'ring', 'hbar', 'hours']) await expect(screen.getByTestId(`trend-${kind}`).locator('svg')).toBeVisible();
  await console.screenshot('demo-chart');
  await page.goto('/demo/charts');
  const demos = onView(page).getByTestId('chart-demos');
  for (const kind of ['line', 'area', 'bar', 'hbar', 'pie', 'ring', 'scatter', 'hours']) await expect(demos.getByTestId(`trend-${kind}`).locator('svg')).toBeVisible();
});

test('分步表单: 开户发卡 for a new pupil by keyboard — who, the card, a last look — then the result, and the account is there', async ({ page, signedIn, console }) => {
  test.setTimeout(90_000);
  await signedIn('admin');
  const suffix = String(Date.now()).slice(-6);
  const memberNo = `S${suffix}`;
  await openScreen(page, 'fenbubiaodan', '/form/step', 'step-form');
  const form = onView(page).getByTestId('step-form');
  // ① Nothing typed: each required field says so.
  await expect(form.getByLabel('学/工号')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form).toContainText('请填写学/工号');
  await page.keyboard.type(memberNo);
  await page.keyboard.press('Tab');
  await page.keyboard.type('步骤测试');
  await chooseOption(form.getByRole('combobox', { name: '人员类型' }), '学生');
  await chooseOption(form.getByRole('combobox', { name: '部门/班级' }), '高一（1）班');
  await form.getByLabel('学/工号').focus();
  await page.keyboard.press('Enter');
  // ② The card: a wrong number is caught before anything is sent; the type's fees are shown.
  await expect(form.getByTestId('step-fees')).toContainText('押金');
  await expect(form.getByLabel('卡号', { exact: true })).toBeFocused();
  await page.keyboard.type('12a');
  await page.keyboard.press('Enter');
  await expect(form).toContainText('卡号应为4到20位数字');
  await form.getByLabel('卡号', { exact: true }).fill(`88${suffix}`);
  await form.getByLabel('物理卡号').fill(`AB${suffix}CD`);
  await page.keyboard.press('Enter');
  // ③ A last look, then Enter opens the account.
  await expect(form.getByTestId('step-summary')).toContainText(memberNo);
  await expect(form.getByTestId('step-summary')).toContainText('高一（1）班');
  await console.screenshot('demo-step-form-confirm');
  await expect(form.getByRole('button', { name: '确认开户' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByTestId('step-done')).toContainText(`步骤测试 的卡 88${suffix} 已发出`);
  const [hit] = (await apiAs(page, 'GET', `/memb/member/search?keyword=${memberNo}`)).result as { accountId: string | null; cardNo: string }[];
  expect(hit!.accountId).toBeTruthy();
  expect(hit!.cardNo).toBe(`88${suffix}`);
});

test('PDF 预览: a recharge’s 收款单 and a pupil’s 账户对账单 made by the server, shown in the page, paged and zoomed by keyboard, and downloaded', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  // A pupil of this test's own with more postings than a page holds.
  const suffix = Date.now().toString(36).slice(-5);
  const stamp = String(Date.now()).slice(-8);
  const klass = (await apiAs(page, 'GET', '/memb/deptinfo/list?name=高一（1）班')).result.records[0] as { id: string };
  const type = (await apiAs(page, 'GET', '/memb/memberType/list?pageSize=1')).result.records[0] as { id: string };
  const memberNo = `P${suffix}`;
  const added = await apiAs(page, 'POST', '/memb/member/add', { memberNo, realName: '韩对账', sex: '2', memberTypeId: type.id, deptId: klass.id, memberStatus: '1' });
  expect(added.success, added.message).toBe(true);
  const opened = await apiAs(page, 'POST', '/memb/account/open', { idempotencyKey: `pdfopen${suffix}`, memberId: added.result.id, cardNo: `6${stamp}`, physNo: `DD${stamp}` });
  expect(opened.success, opened.message).toBe(true);
  for (let n = 0; n < 36; n++) {
    const paid = await apiAs(page, 'POST', '/memb/account/recharge', { idempotencyKey: `pdfcash${suffix}${n}`, accountId: opened.result.accountId, amount: String(n + 1), channel: 'cash' });
    expect(paid.success, paid.message).toBe(true);
  }

  await openScreen(page, 'pdf', '/demo/pdf', 'pdf-screen');
  const screen = onView(page).getByTestId('pdf-screen');
  const view = screen.getByTestId('pdf-page-view');
  const text = screen.getByTestId('pdf-text');
  // The latest recharge (this pupil's ¥36) as a one-page 收款单, its text in the page.
  await expect(view).toHaveAttribute('data-rendered', /^1@/);
  await expect(screen.getByTestId('pdf-pages')).toHaveText('/ 1');
  await expect(text).toContainText('收款单');
  await expect(text).toContainText('韩对账');
  await expect(text).toContainText('叁拾陆元整');
  await console.screenshot('demo-pdf-receipt');

  // The pupil's statement: found by number, over pages.
  await screen.getByRole('radio', { name: '账户对账单' }).check();
  await screen.getByTestId('pdf-person-search').fill(memberNo);
  await expect(screen.getByTestId('pdf-person-choice')).toContainText('韩对账');
  await expect(text).toContainText('账户对账单');
  await expect(text).toContainText(memberNo);
  await expect(screen.getByTestId('pdf-pages')).toHaveText('/ 2');
  const fit = await screen.getByTestId('pdf-zoom').innerText();
  // The keyboard in the pages: PgDn turns, + zooms in, 0 fits the width again.
  await screen.getByTestId('pdf-pages-area').focus();
  await page.keyboard.press('PageDown');
  await expect(screen.getByTestId('pdf-page')).toHaveValue('2');
  await expect(view).toHaveAttribute('data-rendered', /^2@/);
  await expect(text).toContainText('第 2 页 / 共 2 页');
  await page.keyboard.press('+');
  await expect(screen.getByTestId('pdf-zoom')).not.toHaveText(fit);
  await page.keyboard.press('0');
  await expect(screen.getByTestId('pdf-zoom')).toHaveText(fit);
  await page.keyboard.press('Home');
  await expect(view).toHaveAttribute('data-rendered', /^1@/);
  await console.screenshot('demo-pdf-statement');
  const [saved] = await Promise.all([page.waitForEvent('download'), screen.getByTestId('pdf-download').click()]);
  const from = await screen.getByRole('textbox', { name: '开始日期' }).inputValue();
  const to = await screen.getByRole('textbox', { name: '结束日期' }).inputValue();
  expect(saved.suggestedFilename()).toBe(`账户对账单_${memberNo}_${from}_${to}.pdf`);
});

test('标准列表: the school’s batches with how many wait and run, filtered by phase, searched; ↓ into the list and Enter opens the batch’s screen', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  const suffix = Date.now().toString(36).slice(-5);
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
  for (const name of [`伙食补助${suffix}`, `困难补助${suffix}`]) {
    const made = await apiAs(page, 'POST', '/memb/subsidy/add', { name, subsidyType: '2', fundSource: '2', startDate: today, clearMode: '0' });
    expect(made.success, made.message).toBe(true);
  }
  await openScreen(page, 'biaozhunliebiao', '/list/basic', 'batch-list-screen');
  const screen = onView(page).getByTestId('batch-list-screen');
  await expect(screen.getByTestId('batch-stat').first()).toContainText(/待处理\s*\d+ 个批次/);
  await expect(screen.getByTestId('batch-row').first()).toBeVisible();
  // Waiting only: both new drafts among them, each 草稿.
  // The phases are a radio group: → from 全部 picks 待处理.
  await screen.getByRole('radio', { name: '全部' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(screen.getByRole('radio', { name: /^待处理/ })).toBeChecked();
  await expect(screen.getByTestId('batch-row').filter({ hasText: '下发中' })).toHaveCount(0);
  await expect(screen.getByTestId('batch-row').filter({ hasText: `困难补助${suffix}` })).toContainText('草稿');
  await console.screenshot('demo-basic-list');
  // Searched by name: the one batch; ↓ into the list, Enter opens 补助管理.
  await screen.getByTestId('batch-search').fill(`困难补助${suffix}`);
  await page.keyboard.press('Enter');
  await expect(screen.getByTestId('batch-row')).toHaveCount(1);
  await expect(screen.getByTestId('pagination')).toContainText('共 1 条');
  await page.keyboard.press('ArrowDown');
  await expect(screen.getByTestId('batch-row')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/members/subsidies');
});
