import { createHmac } from 'node:crypto';
import { dateTimeIn } from '../../src/shared/schoolTime';
import { terminalSigningText, type TerminalRecord } from '../../src/shared/terminal';
import { apiAs, chooseOption, expect, openPalette, test } from './support/pages';
import { findAndSelect, onView, openScreen, run } from './support/keyboardSteps';
import { lostCard } from './support/lostCard';

test('the card office by keyboard: open an account with its card, recharge ¥50.00 typed twice, report the card lost and replace it, the balance carried over', async ({ page, signedIn, console }) => {
  test.setTimeout(90_000);
  await signedIn('admin');
  const suffix = String(Date.now()).slice(-6);
  const cardNo = `88${suffix}`;
  const newCardNo = `89${suffix}`;

  // 开户发卡 for a pupil of 高二 (the seed opens accounts for 高一 and the staff only).
  await openScreen(page, 'renyuanguanli', '/members/people', 'member-list');
  await findAndSelect(page, '20230405');
  await run(page, '开户发卡');
  const open = page.getByTestId('open-account-form');
  await expect(open.getByTestId('open-account-member')).toContainText('20230405');
  await expect(open.getByLabel('卡号', { exact: true })).toBeFocused();
  await expect(open.getByTestId('open-account-fees')).toHaveText('押金 ¥20.00 · 卡成本费 ¥0.00 · 合计 ¥20.00');
  await page.keyboard.type(cardNo);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`ab${suffix}`);
  await page.keyboard.press('Enter');
  await expect(page.getByText('开户成功！押金 ¥20.00')).toBeVisible();
  await expect(open).toHaveCount(0);
  await expect(onView(page).getByRole('row', { name: /20230405/ })).toContainText(cardNo);

  // 充值: the amount typed twice; a mismatch is caught before anything posts.
  await openScreen(page, 'zhanghuguanli', '/members/accounts', 'account-list');
  await findAndSelect(page, 'A20230405');
  await run(page, '充值');
  const recharge = page.getByTestId('recharge-form');
  await expect(recharge.getByTestId('recharge-show-cash')).toHaveText('¥0.00');
  await expect(recharge.getByLabel('充值金额')).toBeFocused();
  await page.keyboard.type('50.00');
  await page.keyboard.press('Tab');
  await page.keyboard.type('5.00');
  await page.keyboard.press('Enter');
  await expect(recharge.getByText('两次输入的金额不一致')).toBeVisible();
  await recharge.getByLabel('再次输入金额').fill('50.00');
  await console.screenshot('card-office-recharge');
  await page.keyboard.press('Enter');
  await expect(page.getByText('充值成功！现金余额 ¥50.00')).toBeVisible();
  await expect(recharge).toHaveCount(0);
  await expect(onView(page).getByRole('row', { name: /A20230405/ })).toContainText('50.00');

  // 挂失, then 补卡 on a new card: the fee (¥20.00) from the card's cash, the rest carried over.
  await openScreen(page, 'kapianguanli', '/members/cards', 'card-list');
  await findAndSelect(page, cardNo);
  await run(page, '挂失');
  await expect(page.getByTestId('confirm')).toContainText('挂失后该卡不能消费');
  await page.keyboard.press('Enter');
  await expect(page.getByText('挂失成功！')).toBeVisible();
  await expect(onView(page).getByRole('row', { name: new RegExp(cardNo) })).toContainText('挂失');
  await run(page, '补卡');
  const replace = page.getByTestId('replace-card-form');
  await expect(replace.getByTestId('replace-card-show-cardStatus')).toContainText('挂失');
  // The fee is shown before it is taken; 补卡 says why.
  await expect(replace.getByTestId('replace-card-figure-fee')).toHaveText('¥20.00');
  await page.keyboard.type(newCardNo);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`cd${suffix}`);
  await page.keyboard.press('Enter');
  await expect(replace.getByText('请填写补卡原因')).toBeVisible();
  await replace.getByLabel('补卡原因').fill('丢失于操场');
  await replace.getByLabel('补卡原因').press('Enter');
  await expect(page.getByText(`补卡成功！新卡 ${newCardNo}`)).toBeVisible();
  await console.screenshot('card-office-cards');

  await openScreen(page, 'zhanghuguanli', '/members/accounts', 'account-list');
  await expect(onView(page).getByRole('row', { name: /A20230405/ })).toContainText('30.00');
  await openScreen(page, 'renyuanguanli', '/members/people', 'member-list');
  const row = onView(page).getByRole('row', { name: /20230405/ });
  await expect(row).toContainText(newCardNo);
  await expect(row).toContainText('30.00');
});

test('a card number scanned into the palette opens that person’s account, where 充值 is a key away', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  // The seed's first card: a 高一 pupil's, with its deposit and a recharge.
  await openPalette(page);
  // A reader types the number and Enter in one burst.
  await page.keyboard.type('20260001\n');
  await expect(page).toHaveURL(/\/members\/accounts\?id=/);
  const panel = page.getByTestId('account-panel');
  await expect(panel.getByTestId('account-panel-cards')).toContainText('20260001');
  await expect(panel.getByTestId('account-panel-deposit')).toHaveText('¥20.00');
  const cash = Number((await panel.getByTestId('account-panel-cash').innerText()).replace('¥', ''));
  // Its last postings: the sample school's pupils pay for their meals every day.
  await expect(panel.getByTestId('account-panel-postings')).toContainText('消费');
  await console.screenshot('card-office-account-panel');

  // Typed, with pinyin initials of a name, the palette lists people with their card and balance.
  await openPalette(page);
  await page.keyboard.type('20260001');
  const person = page.getByTestId('palette').locator('[data-entry-kind="person"]').first();
  await expect(person).toContainText('¥');
  await page.keyboard.press('Escape');

  // 充值 from the palette acts on the account on view.
  await openPalette(page);
  await page.keyboard.type('充值');
  await page.keyboard.press('Enter');
  const recharge = page.getByTestId('recharge-form');
  await expect(recharge.getByTestId('recharge-show-cash')).toHaveText(`¥${cash.toFixed(2)}`);
  await page.keyboard.type('10');
  await page.keyboard.press('Tab');
  await page.keyboard.type('10.00');
  await page.keyboard.press('Enter');
  await expect(recharge).toHaveCount(0);
  await expect(panel.getByTestId('account-panel-cash')).toHaveText(`¥${(cash + 10).toFixed(2)}`);
  await expect(panel.getByTestId('account-panel-postings').locator('tr').first()).toContainText('+10.00');
});

test('at the counter by keyboard: a card scanned into the palette, a counter payment of ¥12.50, the statement filtered to today, then 挂失 in five keys', async ({ page, signedIn, console }) => {
  test.setTimeout(60_000);
  await signedIn('admin');
  await openPalette(page);
  await page.keyboard.type('20260002\n');
  await expect(page).toHaveURL(/\/members\/accounts\?id=/);
  const panel = page.getByTestId('account-panel');
  await expect(panel.getByTestId('account-panel-cards')).toContainText('20260002');
  await expect(panel.getByTestId('account-panel-cash')).toHaveText(/^¥\d/);
  // A payment takes the subsidy and the gift (充值赠送) before the cash: what is left of the cash depends on all three.
  const cents = async (wallet: string) => Math.round(Number((await panel.getByTestId(`account-panel-${wallet}`).innerText()).replace('¥', '')) * 100);
  const [cash, subsidy, gift] = [await cents('cash'), await cents('subsidy'), await cents('gift')];

  // 柜台消费 from the palette acts on the person on view: the amount typed twice. Its suggestions
  // (the canteen, the clock's meal: 早餐 is '1') are held back until the first key is typed, as on a
  // slow line: the 1 typed must not be taken for a suggestion and replaced by the next key.
  let typedOne: () => void = () => undefined;
  const firstKey = new Promise<void>((resolve) => (typedOne = resolve));
  await page.route('**/pay/consume/quote', async (route) => {
    await firstKey;
    await route.continue();
  });
  await run(page, '柜台消费');
  const pay = page.getByTestId('counter-payment-form');
  await expect(pay.getByTestId('counter-payment-records')).toContainText('20260002');
  await expect(pay.getByLabel('消费金额')).toBeFocused();
  await page.keyboard.type('1');
  typedOne();
  // The suggestions are in (the canteen chosen), and the frame that would select a suggested amount has run.
  await expect(pay.getByRole('combobox', { name: '食堂' })).not.toContainText('请选择');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.keyboard.type('2.50');
  await expect(pay.getByLabel('消费金额')).toHaveValue('12.50');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12.50');
  await console.screenshot('card-office-counter-payment');
  await page.keyboard.press('Enter');
  // What the member paid after the type's discount, if any, and the cash left.
  const paid = page.getByText(/^消费成功！实付 ¥[\d.]+，现金余额 ¥[\d.-]+$/);
  await expect(paid).toBeVisible();
  await expect(pay).toHaveCount(0);
  const [, amount, left] = (await paid.innerText()).match(/实付 ¥([\d.]+)，现金余额 ¥([\d.-]+)/)!;
  const fromCash = Math.max(0, Math.round(Number(amount) * 100) - subsidy - gift);
  expect(Math.round(Number(left) * 100)).toBe(cash - fromCash);
  await expect(panel.getByTestId('account-panel-cash')).toHaveText(`¥${Number(left).toFixed(2)}`);

  // 账户流水, today only: the payment first, the balances after it.
  await run(page, '账户流水');
  const statement = page.getByTestId('statement');
  await expect(statement.getByTestId('statement-holder')).toContainText('20240102');
  await expect(statement.getByTestId('statement-today')).toBeFocused();
  await page.keyboard.press('Enter');
  const today = dateTimeIn('Asia/Shanghai').slice(0, 10);
  const first = statement.getByTestId('statement-lines').locator('tbody tr').first();
  await expect(first).toContainText(today);
  await expect(first).toContainText(`-${Number(amount).toFixed(2)}`);
  await expect(first).toContainText(Number(left).toFixed(2));
  await expect(statement.getByTestId('statement-closing')).toHaveText(`¥${Number(left).toFixed(2)}`);
  await console.screenshot('card-office-statement');
  await page.keyboard.press('Escape');
  await expect(statement).toHaveCount(0);

  // 挂失 from the person's page in five keys: Ctrl+K, g, s, Enter, and Enter on the question naming the card.
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('palette').getByRole('combobox')).toBeFocused();
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page.getByTestId('palette').locator('[cmdk-item][aria-selected="true"]')).toContainText('挂失');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm')).toContainText(/「20260002」（.+）/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('挂失成功！')).toBeVisible();
  await expect(panel.getByTestId('account-panel-cards')).toContainText('挂失');
  // The panel now offers 解挂, not 挂失; a lost card pays nothing at the counter.
  await expect(panel.getByRole('button', { name: '解挂' })).toBeVisible();
  await expect(panel.getByRole('button', { name: '挂失' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: '柜台消费' })).toHaveCount(0);
});

test('refunds, reversals and closing an account ask for the amount again; a reversal by the same operator is refused', async ({ page, signedIn, console }) => {
  test.setTimeout(90_000);
  await signedIn('admin');

  // 消费退款: the whole payment is offered; typed again, it goes back.
  await openScreen(page, 'xiaofeijilu', '/payments/consumption', 'consumption-list');
  const payments = onView(page).getByTestId('consumption-list');
  await expect(payments.locator('.ag-row[row-index="0"]').first()).toBeVisible();
  await payments.locator('.ag-row[row-index="0"]').getByRole('button', { name: '退款' }).first().click();
  const refund = page.getByTestId('refund-form');
  await expect(refund.getByLabel('退款金额')).not.toHaveValue('');
  const amount = await refund.getByLabel('退款金额').inputValue();
  await refund.getByLabel('再次输入金额').fill(amount);
  await refund.getByLabel('原因').fill('菜品售罄');
  await console.screenshot('card-office-refund');
  await refund.getByLabel('原因').press('Enter');
  await expect(page.getByText('退款成功！')).toBeVisible();
  await expect(refund).toHaveCount(0);
  await expect(payments.locator('.ag-row', { hasText: '消费退款' }).first()).toBeVisible();

  // 充值冲正 by the operator who posted it: refused, with the reason, nothing posted.
  await openScreen(page, 'chongzhijilu', '/payments/charges', 'charge-list');
  const charges = onView(page).getByTestId('charge-list');
  await expect(charges.locator('.ag-row[row-index="0"]').first()).toBeVisible();
  await charges.locator('.ag-row[row-index="0"]').getByRole('button', { name: '冲正' }).first().click();
  const reverse = page.getByTestId('reverse-recharge-form');
  // The dialog reads the recharge by id: wait until it is drawn before reading its amount.
  await expect(reverse.getByTestId('reverse-recharge-show-amount')).toContainText('¥');
  const original = await reverse.getByTestId('reverse-recharge-show-amount').innerText();
  await reverse.getByLabel('再次输入金额').fill(original.match(/¥([\d.]+)/)![1]!);
  await reverse.getByLabel('原因').fill('录错金额');
  await reverse.getByLabel('原因').press('Enter');
  await expect(reverse.getByTestId('reverse-recharge-error')).toHaveText('充值冲正须由另一位操作员办理');
  await page.keyboard.press('Escape');
  // The palette is not opened over a dialog: Ctrl+K once the dialog has gone (a loaded machine takes a moment).
  await expect(reverse).toHaveCount(0);

  // 销户 from the account page: cash and deposit paid out, typed again; the cards are cancelled.
  await openPalette(page);
  await page.keyboard.type('20260003\n');
  await expect(page).toHaveURL(/\/members\/accounts\?id=/);
  const panel = page.getByTestId('account-panel');
  await expect(panel.getByTestId('account-panel-cards')).toContainText('20260003');
  await panel.getByRole('button', { name: '销户' }).click();
  const close = page.getByTestId('close-account-form');
  await expect(close.getByTestId('close-account-figure-payOut')).toHaveText(/^¥\d/);
  const payOut = (await close.getByTestId('close-account-figure-payOut').innerText()).replace('¥', '');
  expect(Number(payOut)).toBeGreaterThan(20);
  await close.getByLabel('再次输入应退金额').fill('1.00');
  await close.getByLabel('原因').fill('转学');
  await close.getByLabel('原因').press('Enter');
  await expect(close.getByText('两次输入的应退金额不一致')).toBeVisible();
  await close.getByLabel('再次输入应退金额').fill(payOut);
  await console.screenshot('card-office-close');
  await close.getByLabel('原因').press('Enter');
  await expect(page.getByText(`销户成功！已退 ¥${payOut}`)).toBeVisible();
  await expect(panel).toContainText('已销户');
  await expect(panel.getByTestId('account-panel-cards')).toContainText('注销');
  await expect(panel.getByTestId('account-panel-cash')).toHaveText('¥0.00');
});

test('a payment a terminal posts through its signed API shows in 消费记录 and lowers the balance on the account page', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  // The card's balance before, as the clerk sees it.
  await openPalette(page);
  await page.keyboard.type('20260007\n');
  await expect(page).toHaveURL(/\/members\/accounts\?id=/);
  const panel = page.getByTestId('account-panel');
  await expect(panel.getByTestId('account-panel-cards')).toContainText('20260007');
  await expect(panel.getByTestId('account-panel-cash')).toHaveText(/^¥\d/);
  // What the card can spend: a payment takes the subsidy and the gift (充值赠送) before the cash.
  const spendable = async () => {
    let total = 0;
    for (const wallet of ['cash', 'subsidy', 'gift']) total += Math.round(Number((await panel.getByTestId(`account-panel-${wallet}`).innerText()).replace('¥', '')) * 100);
    return total;
  };
  const before = await spendable();

  // The canteen's terminal is given a key, then posts a lunch of ¥12.50 signed with it.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token')!).value as string);
  const headers = { 'X-Access-Token': token };
  const terminals = (await (await page.request.get('/ccu-boot/dev/device/list?serialNo=POS0101', { headers })).json()).result.records as { id: string; serialNo: string }[];
  const terminal = terminals.find((row) => row.serialNo === 'POS0101')!;
  const issued = (await (await page.request.post('/ccu-boot/dev/device/issueKey', { headers, data: { id: terminal.id } })).json()).result as { secret: string };
  // A lunch by name (the record's meal): a pupil pays lunch at its price whatever the hour the test runs.
  const records: TerminalRecord[] = [{ serialNo: `E2E${Date.now()}`, cardNo: '20260007', amount: 1250, deviceTime: dateTimeIn('Asia/Shanghai'), mealType: '2' }];
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', issued.secret)
    .update(terminalSigningText('POS0101', timestamp, records))
    .digest('hex');
  const posted = await page.request.post('/ccu-boot/terminal/consume', { headers: { 'x-terminal-serial': 'POS0101', 'x-timestamp': timestamp, 'x-signature': signature }, data: { records } });
  expect(posted.ok(), await posted.text()).toBe(true);

  // 消费记录 lists it first, with the holder and the amount.
  await openScreen(page, 'xiaofeijilu', '/payments/consumption', 'consumption-list');
  const first = onView(page).getByTestId('consumption-list').locator('.ag-row[row-index="0"]').filter({ hasText: '12.50' });
  await expect(first.first()).toBeVisible();
  await expect(first.first()).toContainText('20240107');
  await console.screenshot('card-office-terminal-payment');

  // The account page shows the balance less the lunch, and the posting.
  await openPalette(page);
  await page.keyboard.type('20260007\n');
  await expect(panel.getByTestId('account-panel-postings').locator('tr').first()).toContainText('-12.50');
  expect(await spendable()).toBe(before - 1250);
});

test('柜台消费 at 消费记录 with no record: the card read in first, its cash shown, the first canteen and the clock’s meal suggested, a store among the canteen’s', async ({
  page,
  signedIn,
  console,
}) => {
  await signedIn('admin');
  await openScreen(page, 'xiaofeijilu', '/payments/consumption', 'consumption-list');
  await run(page, '柜台消费');
  const pay = page.getByTestId('counter-payment-form');
  await expect(pay.getByLabel('卡号')).toBeFocused();
  await page.keyboard.type('20260011');
  await expect(pay.getByTestId('counter-payment-figure-cash')).toHaveText(/^¥\d/);
  await expect(pay.getByRole('combobox', { name: '食堂' })).toContainText('第一食堂');
  await expect(pay.getByRole('combobox', { name: '餐次' })).toContainText(/早餐|午餐|晚餐|夜宵/);
  // The stores offered are the first canteen's: the second's 清真窗口 is not among them.
  await pay.getByRole('combobox', { name: '档口' }).click();
  await expect(page.getByRole('option', { name: '风味小吃' })).toBeVisible();
  await expect(page.getByRole('option', { name: '清真窗口' })).toHaveCount(0);
  await page.getByRole('option', { name: '风味小吃' }).click();
  await pay.getByLabel('消费金额').fill('3.00');
  await pay.getByLabel('再次输入金额').fill('3.00');
  await console.screenshot('card-office-counter-scan');
  await pay.getByLabel('再次输入金额').press('Enter');
  await expect(page.getByText(/^消费成功！实付 ¥[\d.]+，现金余额 ¥[\d.-]+$/)).toBeVisible();
  await expect(pay).toHaveCount(0);
  // Listed first, at the store chosen (the list reloads by itself).
  await expect(onView(page).getByTestId('consumption-list').locator('.ag-row[row-index="0"]').first()).toContainText('风味小吃');
});

test('换卡 and 退卡 by keyboard: a damaged card swapped (its bill in 补卡管理), then returned with its last four digits and the deposit paid back; 家长名单 lists the pupils’ parents', async ({
  page,
  signedIn,
  console,
}) => {
  test.setTimeout(90_000);
  await signedIn('admin');
  const newCardNo = `87${String(Date.now()).slice(-6)}`;

  // 换卡 for a seed pupil's card (20260010): the reason picked from the list, the new card read in.
  await openScreen(page, 'kapianguanli', '/members/cards', 'card-list');
  await findAndSelect(page, '20260010');
  await run(page, '换卡');
  const change = page.getByTestId('replace-card-form');
  await expect(change.getByTestId('replace-card-records')).toContainText('20260010');
  await expect(change.getByLabel('新卡号')).toBeFocused();
  await page.keyboard.type(newCardNo);
  await page.keyboard.press('Tab');
  await page.keyboard.type('FACE0010');
  await chooseOption(change.getByRole('combobox', { name: '换卡原因' }), '消磁/无法识别');
  await console.screenshot('card-office-change-card');
  await change.getByLabel('新卡号').press('Enter');
  await expect(page.getByText(new RegExp(`换卡成功！新卡 ${newCardNo}，单号 BK\\d{8}`))).toBeVisible();
  await expect(change).toHaveCount(0);
  await expect(onView(page).getByRole('row', { name: /20260010/ })).toContainText('注销');

  // The bill, newest first in 补卡管理.
  await openScreen(page, 'bukaguanli', '/members/card-repair', 'cardReplace-list');
  const bills = onView(page).getByTestId('cardReplace-list');
  await expect(bills.locator('.ag-row[row-index="0"]', { hasText: newCardNo }).first()).toBeVisible();
  await expect(bills.getByRole('row', { name: new RegExp(newCardNo) })).toContainText('消磁/无法识别');
  await console.screenshot('card-repair-list');

  // 退卡 of the new card: a wrong last four is caught, the right one returns it with the deposit.
  await openScreen(page, 'kapianguanli', '/members/cards', 'card-list');
  await findAndSelect(page, newCardNo);
  await run(page, '退卡');
  const giveBack = page.getByTestId('return-card-form');
  await expect(giveBack.getByTestId('return-card-figure-deposit')).toHaveText('¥20.00');
  await expect(giveBack.getByLabel('卡号后四位')).toBeFocused();
  await page.keyboard.type('0000');
  await giveBack.getByLabel('原因').fill('转学离校');
  await page.keyboard.press('Enter');
  await expect(giveBack.getByText('请输入卡号的后四位以确认')).toBeVisible();
  await giveBack.getByLabel('卡号后四位').fill(newCardNo.slice(-4));
  await console.screenshot('card-office-return-card');
  await giveBack.getByLabel('卡号后四位').press('Enter');
  await expect(page.getByText('退卡成功！退还押金 ¥20.00')).toBeVisible();
  await expect(giveBack).toHaveCount(0);
  await expect(onView(page).getByRole('row', { name: new RegExp(newCardNo) })).toContainText('注销');

  // 家长名单: the seed's parents, with each pupil's number and class.
  await openScreen(page, 'jiazhangmingdan', '/members/parents', 'parent-list');
  const parents = onView(page).getByTestId('parent-list');
  await expect(parents.locator('.ag-row[row-index="0"]', { hasText: '班' }).first()).toBeVisible();
  await expect(onView(page).getByTestId('pagination')).toContainText(/共 \d+ 条/);
  await console.screenshot('parent-list');
});

test('手工调账: entered by one operator, approved by another with the amount typed again; one’s own request can be neither approved nor rejected', async ({ page, signedIn, console }) => {
  test.setTimeout(90_000);
  await signedIn('admin');
  await openScreen(page, 'zhanghuguanli', '/members/accounts', 'account-list');
  const requests = onView(page).getByTestId('adjustment-list');

  // The seed's waiting request, entered by the canteen's clerk: admin approves it.
  const waiting = requests.getByRole('row', { name: /充值时多记5元/ });
  await expect(waiting).toContainText('待审核');
  // The flow's action, its dialog drawn from the declaration: the bill named, the amount typed again.
  await waiting.getByRole('button', { name: '调账审核' }).click();
  const review = page.getByTestId('flow-action-form');
  await expect(review.getByTestId('flow-action-records')).toContainText(/^TZ\d{8}/);
  // What the checker checks: the amount and why, and who entered it.
  await expect(review.getByTestId('flow-action-show-amount')).toHaveText('¥5.00');
  await expect(review.getByTestId('flow-action-show-reason')).toContainText('充值时多记5元');
  await expect(review.getByTestId('flow-action-show-memberName')).not.toHaveText('—');
  await expect(review.getByLabel('再次输入金额')).toBeFocused();
  await review.getByLabel('再次输入金额').fill('50');
  await review.getByLabel('再次输入金额').press('Enter');
  await expect(review.getByText('两次输入的金额不一致')).toBeVisible();
  await review.getByLabel('再次输入金额').fill('5.00');
  await console.screenshot('adjustment-review');
  await review.getByLabel('再次输入金额').press('Enter');
  await expect(page.getByText('调账已入账')).toBeVisible();
  await expect(review).toHaveCount(0);
  await expect(waiting).toContainText('已入账');
  // Settled: nothing left to approve or reject on its row.
  await expect(waiting.getByRole('button', { name: '调账审核' })).toHaveCount(0);

  // admin enters one for an account found by its number, by keyboard.
  const accounts = onView(page).getByTestId('account-list');
  const accountNo = (await accounts.locator('.ag-row[row-index="0"]').first().innerText()).match(/A\d{8}/)![0];
  await accounts.getByTestId('query-area').getByRole('textbox').first().focus();
  await findAndSelect(page, accountNo);
  await run(page, '手工调账');
  const enter = page.getByTestId('adjust-form');
  await expect(enter.getByTestId('adjust-show-memberId')).toHaveText(/[^—…]/);
  await expect(enter.getByLabel('调账金额')).toBeFocused();
  await page.keyboard.type('2.50');
  await page.keyboard.press('Tab');
  await page.keyboard.type('2.50');
  await page.keyboard.press('Tab');
  await page.keyboard.type('补录赠送');
  await console.screenshot('adjustment-enter');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/调账单 TZ\d{8}[0-9A-F]{8} 已提交/)).toBeVisible();
  const mine = requests.getByRole('row', { name: /补录赠送/ });
  await expect(mine).toContainText('待审核');

  // The one who entered it is offered neither approving nor rejecting it (rejecting is a checker's act
  // too; the server refuses it as well): its row offers only its history.
  await expect(mine.getByTestId('row-actions').getByRole('button')).toHaveText(['历史']);
  await expect(mine).toContainText('待审核');
});

test('访客管理 at the gate by keyboard: a walk-in registered, let in, checked in with a temporary card and checked out', async ({ page, signedIn, console }) => {
  test.setTimeout(90_000);
  await signedIn('admin');
  await openScreen(page, 'fangkeguanli', '/members/guests', 'visitor-list');
  const visits = onView(page).getByTestId('visitor-list');
  await expect(visits.locator('.ag-row', { hasText: '已离开' }).first()).toBeVisible();

  // 登记: the form by keys; the host picked in the member picker.
  await run(page, '新增访客');
  const form = page.getByTestId('entity-form');
  await expect(form.getByLabel('访客姓名')).toBeFocused();
  await page.keyboard.type('郑晓东');
  await form.getByLabel('手机').fill('13955550001');
  await chooseOption(form.getByRole('combobox', { name: '来访事由' }), '送物');
  await form.getByTestId('field-hostMemberId').focus();
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('ref-picker');
  await expect(picker.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('T01001');
  await expect(picker.getByRole('option').first()).toContainText('T01001');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  // A walk-in comes now, on the school's clock (a fixed day would age into the list's later pages).
  await form.getByLabel('预约来访时间').fill(dateTimeIn('Asia/Shanghai'));
  await console.screenshot('visitor-form');
  await form.getByLabel('访客姓名').press('Enter');
  await expect(form).toHaveCount(0);
  // Found by name, whatever else the day's list holds.
  const nameQuery = visits.getByTestId('query-area').getByRole('textbox').first();
  await nameQuery.fill('郑晓东');
  await nameQuery.press('Enter');
  const row = visits.getByRole('row', { name: /郑晓东/ });
  await expect(row).toContainText('待审核');

  // 审核 → 签到 with a card read in → 签离, each from its row.
  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '审核' }).click();
  // The flow's action dialog, drawn from its declared inputs: 审核结果 (通过 by default) and the note.
  const review = page.getByTestId('flow-action-form');
  await expect(review.getByTestId('flow-action-records')).toContainText('郑晓东');
  await expect(review.getByRole('radio', { name: '通过' })).toBeChecked();
  await review.getByLabel('审核意见').press('Enter');
  await expect(page.getByText('审核通过')).toBeVisible();
  await expect(row).toContainText('已通过');
  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '签到' }).click();
  const checkIn = page.getByTestId('flow-action-form');
  await expect(checkIn.getByLabel('临时卡号')).toBeFocused();
  await page.keyboard.type('99008888');
  await console.screenshot('visitor-check-in');
  await page.keyboard.press('Enter');
  await expect(page.getByText('签到成功！')).toBeVisible();
  await expect(row).toContainText('已到访');
  await expect(row).toContainText('99008888');
  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '签离' }).click();
  await expect(page.getByTestId('confirm')).toContainText('请收回临时卡');
  await page.keyboard.press('Enter');
  await expect(page.getByText('签离成功！')).toBeVisible();
  await expect(row).toContainText('已离开');
  await console.screenshot('visitor-list');

  // The visit selected: the palette no longer offers 签离, and says why under `!`.
  await visits.getByTestId('query-area').getByRole('textbox').first().focus();
  await findAndSelect(page, '郑晓东');
  await openPalette(page);
  await page.keyboard.type('签离');
  const palette = page.getByTestId('palette');
  await expect(palette.locator('[cmdk-item][data-entry-kind="command"]', { hasText: '签离' })).toHaveCount(0);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('!签离');
  const locked = palette.locator('[cmdk-item][data-entry-kind="locked"]', { hasText: '签离' });
  await expect(locked).toContainText('「郑晓东」当前状态为已离开，不能签离');
  await console.screenshot('visitor-palette-reason');
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);

  // Its history, one key away: every step, newest first, with who and the states it moved between.
  await page.keyboard.press('Alt+Shift+J');
  const history = page.getByTestId('record-history');
  const entries = history.getByTestId('history-entry');
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toContainText('签离');
  await expect(entries.nth(0)).toContainText('已到访 → 已离开');
  await expect(entries.nth(1)).toContainText('临时卡号: 99008888');
  await expect(entries.nth(2)).toContainText('审核结果: 通过');
  await expect(entries.nth(3)).toContainText('新增');
  await expect(entries.nth(3)).toContainText('admin');
  await console.screenshot('visitor-history');
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);
});

test('人员类型与折扣: choosing a type shows its discount rows, and a new row is added for it', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  await openScreen(page, 'renyuanleixingyuzhekou', '/members/types', 'memberType-list');
  const screen = onView(page).getByTestId('member-type-screen');
  await expect(screen.getByTestId('member-type-chosen')).toHaveText('选择上方的人员类型，查看和维护它的折扣规则');
  await findAndSelect(page, '学生');
  await expect(screen.getByTestId('member-type-chosen')).toHaveText('「学生」的折扣规则');
  const discounts = screen.getByTestId('typeDiscount-list');
  await expect(discounts.getByRole('row', { name: /学生早餐补贴/ })).toContainText('800');
  await discounts.getByRole('button', { name: '新增' }).click();
  const form = page.getByTestId('entity-form');
  await form.getByLabel('规则名称').fill('午餐九五折');
  await chooseOption(form.getByRole('combobox', { name: /餐次/ }), '午餐');
  await form.getByLabel(/折扣/).fill('950');
  // A fixed allowance needs its amount: the form says so before it sends.
  await chooseOption(form.getByRole('combobox', { name: '餐补方式' }), '固定补贴');
  await form.getByLabel('规则名称').press('Enter');
  await expect(form.getByText('固定补贴请填写餐补金额')).toBeVisible();
  await form.getByLabel('餐补金额').fill('2.00');
  await form.getByLabel('生效日期').fill('2026-09-01');
  await console.screenshot('member-type-discounts');
  await form.getByLabel('规则名称').press('Enter');
  await expect(form).toHaveCount(0);
  const added = discounts.getByRole('row', { name: /午餐九五折/ });
  await expect(added).toContainText('950');
  await expect(added).toContainText('固定补贴');
  await expect(added).toContainText('2.00');
});

test('补卡管理: a replacement’s receipt printed, then 撤销 the same day with the new card’s last four digits, the fee paid back', async ({ page, signedIn, console }) => {
  test.setTimeout(90_000);
  await signedIn('admin');
  const newCardNo = `86${String(Date.now()).slice(-6)}`;
  // A seed pupil's card (20260014) reported lost and replaced, the fee paid at the counter.
  await openScreen(page, 'kapianguanli', '/members/cards', 'card-list');
  await findAndSelect(page, '20260014');
  await run(page, '挂失');
  await expect(page.getByTestId('confirm')).toContainText('挂失后该卡不能消费');
  await page.keyboard.press('Enter');
  await expect(page.getByText('挂失成功！')).toBeVisible();
  await run(page, '补卡');
  const replace = page.getByTestId('replace-card-form');
  await expect(replace.getByTestId('replace-card-show-cardStatus')).toContainText('挂失');
  await page.keyboard.type(newCardNo);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`ce${newCardNo}`);
  await chooseOption(replace.getByRole('combobox', { name: '补卡费收取' }), '现金');
  await replace.getByLabel('补卡原因').fill('丢失');
  await replace.getByLabel('新卡号').press('Enter');
  await expect(page.getByText(`补卡成功！新卡 ${newCardNo}`)).toBeVisible();

  // 打印凭条 from the bill's row: both cards, the fee and the line to sign; only the receipt on paper.
  await openScreen(page, 'bukaguanli', '/members/card-repair', 'cardReplace-list');
  const bill = onView(page)
    .getByTestId('cardReplace-list')
    .getByRole('row', { name: new RegExp(newCardNo) });
  await bill.getByRole('button', { name: '打印凭条' }).click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toContainText('补卡凭条');
  await expect(receipt).toContainText('20260014');
  await expect(receipt).toContainText(newCardNo);
  await expect(receipt).toContainText('¥20.00');
  await expect(receipt).toContainText('收费方式现金');
  await console.screenshot('card-repair-receipt');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('side-menu')).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/card-repair-receipt-print.png' });
  await page.emulateMedia({ media: 'screen' });
  // 打印 calls the browser's print and closes the dialog.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByTestId('replacement-receipt-ok').click();
  await expect(page.getByTestId('replacement-receipt')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // 撤销: a wrong last four is caught; the right one undoes it and pays the fee back.
  await bill.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '撤销' }).click();
  const cancel = page.getByTestId('cancel-replacement-form');
  await expect(cancel.getByTestId('cancel-replacement-show-newCardId')).toContainText(newCardNo);
  await expect(cancel.getByLabel('新卡号后四位')).toBeFocused();
  await page.keyboard.type('0000');
  await page.keyboard.press('Tab');
  await page.keyboard.type('卡号录错');
  await page.keyboard.press('Enter');
  await expect(cancel.getByText('请输入新卡号的后四位以确认')).toBeVisible();
  await cancel.getByLabel('新卡号后四位').fill(newCardNo.slice(-4));
  await console.screenshot('card-repair-cancel');
  await cancel.getByLabel('新卡号后四位').press('Enter');
  await expect(page.getByText('补卡已撤销，退还补卡费 ¥20.00')).toBeVisible();
  await expect(bill).toContainText('已撤销');
  // The old card is lost again (the cards' list, still searched for it, reloads by itself).
  await openScreen(page, 'kapianguanli', '/members/cards', 'card-list');
  await expect(onView(page).getByRole('row', { name: /20260014/ })).toContainText('挂失');
});

test('访客黑名单 and 家长名单’s operations: a visitor blocked from a visit’s row, listed below and unblocked; a parent invited by SMS and unbound from WeChat', async ({ page, signedIn, console }) => {
  test.setTimeout(90_000);
  await signedIn('admin');
  await openScreen(page, 'fangkeguanli', '/members/guests', 'visitor-list');
  const visits = onView(page).getByTestId('visitor-list');
  const waiting = visits.locator('.ag-row', { hasText: '待审核' }).first();
  await expect(waiting).toBeVisible();
  const name = (await waiting.locator('[col-id="visitorName"]').textContent())!.trim();
  await waiting.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '拉黑' }).click();
  const block = page.getByTestId('flow-action-form');
  await expect(block.getByTestId('flow-action-records')).toContainText(name);
  await expect(block.getByLabel('拉黑原因')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(block.getByText('请填写拉黑原因')).toBeVisible();
  await page.keyboard.type('冒用他人身份');
  await console.screenshot('visitor-block');
  await page.keyboard.press('Enter');
  await expect(page.getByText('已拉黑')).toBeVisible();
  const blacklist = onView(page).getByTestId('visitorBlock-list');
  const entry = blacklist.getByRole('row', { name: new RegExp(name) });
  await expect(entry).toContainText('冒用他人身份');
  await console.screenshot('visitor-blacklist');
  await entry.getByRole('button', { name: '解除拉黑' }).click();
  await expect(page.getByTestId('confirm')).toContainText('解除后此人可再次登记来访');
  await page.keyboard.press('Enter');
  await expect(page.getByText('已解除拉黑')).toBeVisible();
  await expect(entry).toHaveCount(0);

  // 家长名单: the invitation goes to a parent not bound to WeChat; 解绑微信 unbinds one who is.
  await openScreen(page, 'jiazhangmingdan', '/members/parents', 'parent-list');
  const parents = onView(page).getByTestId('parent-list');
  // The first parent bound (or not) to WeChat, found through the query's 微信绑定 and named by its mobile.
  const query = parents.getByTestId('query-area');
  await query.getByRole('button', { name: '展开' }).click();
  const rowOf = async (wx: '是' | '否') => {
    // Bound and unbound parents differ in number: the total changing says the list is the new one.
    const total = parents.getByTestId('pagination').locator('span').first();
    const before = (await total.textContent())!;
    await chooseOption(query.getByRole('combobox', { name: '微信绑定' }), wx);
    await query.getByRole('button', { name: '查询' }).click();
    await expect(total).not.toHaveText(before);
    const cell = parents.locator('.ag-row[row-index="0"] [col-id="mobile"]').first();
    await expect(cell).toHaveText(/^1\d{10}$/);
    const mobile = (await cell.textContent())!.trim();
    return parents.getByRole('row', { name: new RegExp(mobile) });
  };
  const unbound = await rowOf('否');
  await unbound.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '发邀请短信' }).click();
  await expect(page.getByTestId('confirm')).toContainText('发送家长端邀请短信');
  await page.keyboard.press('Enter');
  await expect(page.getByText('邀请短信已发送')).toBeVisible();
  const bound = await rowOf('是');
  await bound.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '解绑微信' }).click();
  await expect(page.getByTestId('confirm')).toContainText('确定解绑');
  await page.keyboard.press('Enter');
  await expect(page.getByText('已解绑微信')).toBeVisible();
  // The list reloads: the parent now unbound is no longer among those bound.
  await expect(bound).toHaveCount(0);
  await console.screenshot('parent-actions');
});

test('请假管理 by keyboard: a pupil’s leave typed in, counted in half days, approved from the palette with the request in view, and its slip printed', async ({ page, signedIn, console }) => {
  test.setTimeout(90_000);
  await signedIn('admin');
  await openScreen(page, 'qingjiaguanli', '/members/leave', 'leave-list');
  const leaves = onView(page).getByTestId('leave-list');

  // The head teacher types it in: the pupil picked by number (one the sample week left alone).
  await run(page, '新增请假单');
  const form = page.getByTestId('entity-form');
  await form.getByTestId('field-memberId').focus();
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('ref-picker');
  await expect(picker.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('20240130');
  await expect(picker.getByRole('option').first()).toContainText('20240130');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await chooseOption(form.getByRole('combobox', { name: '请假类型' }), '病假');
  await form.getByLabel('开始时间').fill('2026-12-10 08:00:00');
  await form.getByLabel('结束时间').fill('2026-12-11 12:00:00');
  await form.getByLabel('事由').fill('发烧就医');
  await form.getByLabel('申请人').fill('王老师');
  await console.screenshot('leave-form');
  await form.getByLabel('事由').press('Enter');
  await expect(form).toHaveCount(0);
  const row = leaves.getByRole('row', { name: /发烧就医/ });
  await expect(row).toContainText('待审批');
  // A day and a half: the 10th whole, the 11th's morning.
  await expect(row.locator('[col-id="days"]')).toHaveText('1.5');
  const billNo = (await row.locator('[col-id="billNo"]').textContent())!.trim();
  expect(billNo).toMatch(/^QJ\d{12}$/);

  // Approved from the palette on the selected row, the request shown in the dialog.
  await leaves.getByTestId('query-area').getByRole('textbox').first().focus();
  await findAndSelect(page, billNo);
  await run(page, '审批通过');
  const approve = page.getByTestId('flow-action-form');
  await expect(approve.getByTestId('flow-action-show-reason')).toHaveText('发烧就医');
  await expect(approve.getByTestId('flow-action-show-days')).toHaveText('1.5');
  await expect(approve.getByLabel('审批意见')).toBeFocused();
  await page.keyboard.type('注意休息');
  await page.keyboard.press('Enter');
  await expect(page.getByText('已审批通过')).toBeVisible();
  await expect(leaves.locator('.ag-row', { hasText: billNo })).toContainText('已通过');

  // The slip for the gate: who, when, how long, and who approved it.
  await run(page, '打印请假单');
  const slip = page.getByTestId('print-page');
  await expect(slip.getByTestId('print-billNo')).toHaveText(billNo);
  await expect(slip.getByTestId('print-days')).toHaveText('1.5');
  await expect(slip.getByTestId('print-approveStatus')).toHaveText('已通过');
  await expect(slip.getByTestId('print-signatures')).toContainText('王老师');
  await console.screenshot('leave-slip');
  await page.keyboard.press('Escape');
  await expect(slip).toHaveCount(0);
});

test('cz <card> 50 in the palette: the person recognised, Tab between the arguments, a wrong amount says why; Enter opens 充值 pre-filled, the amount typed again posts it', async ({
  page,
  signedIn,
  console,
}) => {
  await signedIn('admin');
  const [before] = (await apiAs(page, 'GET', '/memb/member/search?keyword=20260002')).result as { realName: string; cash: number }[];
  await openPalette(page);
  await page.keyboard.type('cz 20260002 5o');
  const row = page.getByTestId('palette').locator('[cmdk-item][aria-selected="true"]');
  await expect(row).toContainText('充值');
  const args = row.getByTestId('palette-args');
  await expect(args.locator('[data-arg-state="ok"]').first()).toContainText(before!.realName);
  await expect(args.locator('[data-arg-state="error"]')).toContainText('金额格式不正确');
  // Enter does nothing while an argument is wrong.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('palette')).toBeVisible();
  // Tab selects the card number, Tab again the amount: typed over.
  const input = page.getByTestId('palette').getByRole('combobox');
  await page.keyboard.press('Tab');
  await expect.poll(() => input.evaluate((element: HTMLInputElement) => element.value.slice(element.selectionStart!, element.selectionEnd!))).toBe('20260002');
  await page.keyboard.press('Tab');
  await expect.poll(() => input.evaluate((element: HTMLInputElement) => element.value.slice(element.selectionStart!, element.selectionEnd!))).toBe('5o');
  await page.keyboard.type('¥50');
  await expect(args.locator('[data-arg-state="ok"]').nth(1)).toHaveText('金额：¥50.00');
  await console.screenshot('palette-inline-arguments');
  await page.keyboard.press('Enter');

  // The recharge dialog on that person's account, ¥50 filled in, the keyboard in the confirmation.
  const recharge = page.getByTestId('recharge-form');
  await expect(recharge.getByTestId('recharge-show-memberId')).toContainText(before!.realName);
  await expect(recharge.getByLabel('充值金额')).toHaveValue('50');
  await expect(recharge.getByLabel('再次输入金额')).toBeFocused();
  await page.keyboard.type('50');
  await page.keyboard.press('Enter');
  await expect(recharge).toHaveCount(0);
  await expect(page.getByText(`充值成功！现金余额 ¥${(before!.cash + 50).toFixed(2)}`)).toBeVisible();
  const [after] = (await apiAs(page, 'GET', '/memb/member/search?keyword=20260002')).result as { cash: number }[];
  expect(after!.cash).toBeCloseTo(before!.cash + 50, 2);
});

test('a card scanned on a list screen opens the person; scanned into a search box it is searched there', async ({ page, signedIn }) => {
  await signedIn('admin');
  await openScreen(page, 'shitangguanli', '/meals/canteens', 'canteen-list');
  // Into the list's search box: the number is typed there, nothing opens.
  const search = onView(page).getByTestId('canteen-list').getByTestId('query-area').getByRole('textbox').first();
  await search.focus();
  await page.keyboard.type('20260001\n');
  await expect(search).toHaveValue('20260001');
  await expect(page).toHaveURL('/meals/canteens');
  // On the list itself (the keyboard in its rows), the reader's burst and Enter open the person's account.
  await search.fill('');
  await page.keyboard.press('Enter');
  await expect(onView(page).getByTestId('canteen-list').locator('.ag-row[row-index="0"]').first()).toBeVisible();
  await page.keyboard.press('Alt+Shift+G');
  await expect(page.locator('.ag-cell:focus')).toHaveCount(1);
  await page.keyboard.type('20260001\n');
  await expect(page).toHaveURL(/\/members\/accounts\?id=/);
  await expect(page.getByTestId('account-panel').getByTestId('account-panel-cards')).toContainText('20260001');
});

test('more commands take a person typed after their name: 请假 <学号> 明天 opens the leave form filled in, 账户流水 <学号> the statement, 挂失 <学号> asks about that person’s card', async ({
  page,
  signedIn,
  console,
}) => {
  await signedIn('admin');
  const [pupil] = (await apiAs(page, 'GET', '/memb/member/search?keyword=20240131')).result as { realName: string; accountNo: string; cardNo: string }[];
  const tomorrow = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + 86_400_000));
  const selected = page.getByTestId('palette').locator('[cmdk-item][aria-selected="true"]');

  await openPalette(page);
  await page.keyboard.type('请假 20240131 明天');
  await expect(selected).toContainText('新增请假单');
  await expect(selected.getByTestId('palette-args').locator('[data-arg-state="ok"]').first()).toContainText(pupil!.realName);
  await expect(selected.getByTestId('palette-args').locator('[data-arg-state="ok"]').nth(1)).toContainText(tomorrow);
  await page.keyboard.press('Enter');
  const form = page.getByTestId('entity-form');
  await expect(form.getByTestId('field-memberId')).toContainText(pupil!.realName);
  await expect(form.getByLabel('开始时间')).toHaveValue(`${tomorrow} 00:00:00`);
  await expect(form.getByLabel('结束时间')).toHaveValue(`${tomorrow} 23:59:59`);
  // The keyboard in the first field left to fill.
  await expect(form.getByLabel('事由')).toBeFocused();
  await console.screenshot('palette-inline-leave');
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  await openPalette(page);
  await page.keyboard.type('zhanghuliushui 20240131');
  await expect(selected).toContainText('账户流水');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('statement-holder')).toContainText(pupil!.realName);
  await page.keyboard.press('Escape');

  await openPalette(page);
  await page.keyboard.type('挂失 20240131');
  await expect(selected).toContainText('挂失');
  await page.keyboard.press('Enter');
  const confirm = page.getByTestId('confirm');
  await expect(confirm).toContainText('挂失');
  // Not this time: the card stays in use.
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
});

test('a command that cannot apply says so before any typing: gtxf on a person whose card is lost is refused on the palette’s row, and a link to it warns instead of opening the dialog', async ({
  page,
  signedIn,
  console,
}) => {
  await signedIn('admin');
  // A pupil of 高二 (no account in the sample school) gets an account and card, ¥50 on it for the
  // replacement fee taken later, then reports the card lost.
  const lost = await lostCard(page, '2023061', '85');
  const { cardNo, memberNo } = lost;
  expect((await apiAs(page, 'POST', '/memb/account/recharge', { idempotencyKey: `lost-r-${cardNo}`, accountId: lost.accountId, amount: '50', channel: 'cash' })).success).toBe(true);
  await openPalette(page);
  await page.keyboard.type(`gtxf ${memberNo} 8`);
  const row = page.getByTestId('palette').locator('[cmdk-item][aria-selected="true"]');
  await expect(row).toContainText('柜台消费');
  await expect(row.getByTestId('palette-args').locator('[data-arg-state="error"]')).toContainText(`「${cardNo}」当前状态为挂失，不能柜台消费`);
  await console.screenshot('palette-refused-lost-card');
  // Enter does nothing: no dialog asks for the amount.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('palette')).toBeVisible();
  await expect(page.getByTestId('counter-payment-form')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A link to the same action on that card: the reason, and no dialog.
  await page.goto(`/do/card.pay?id=${lost.cardId}&amount=8`);
  await expect(page.getByText(`「${cardNo}」当前状态为挂失，不能柜台消费`)).toBeVisible();
  await expect(page.getByTestId('counter-payment-form')).toHaveCount(0);

  // 解挂 from the palette for the same person is offered (their card is lost).
  await openPalette(page);
  await page.keyboard.type(`jiegua ${memberNo}`);
  await expect(row).toContainText('解挂');
  await expect(row.getByTestId('palette-args').locator('[data-arg-state="error"]')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // 补卡 from the person found, staying on them: Ctrl+K, their number, Enter opens them; Ctrl+K, bk,
  // Enter opens 补卡 on their lost card; the new card's numbers and why, Tab between, Enter.
  let keys = 0;
  const press = async (key: string) => {
    keys += 1;
    await page.keyboard.press(key);
  };
  await press('Control+k');
  await page.keyboard.type(`${memberNo}\n`);
  keys += 1;
  await expect(page).toHaveURL(new RegExp(`/members/accounts\\?id=${lost.accountId}`));
  await expect(page.getByTestId('account-panel').getByTestId('account-panel-cards')).toContainText(cardNo);
  const personUrl = page.url();
  await press('Control+k');
  await page.keyboard.type('bk');
  keys += 2;
  // The command on their card, once the person's card is known — not the screen 补卡管理.
  await expect(row).toHaveAttribute('data-entry-kind', 'command');
  await expect(row).toContainText('补卡');
  await press('Enter');
  const replace = page.getByTestId('replace-card-form');
  await expect(replace.getByTestId('replace-card-records')).toContainText(cardNo);
  await expect(replace.getByLabel('新卡号')).toBeFocused();
  await page.keyboard.type(`84${cardNo.slice(2)}`);
  await press('Tab');
  await page.keyboard.type(`C0FF${cardNo}`);
  // Past 补卡费收取 (卡内扣除 by default) to the reason.
  await press('Tab');
  await press('Tab');
  await expect(replace.getByLabel('补卡原因')).toBeFocused();
  await page.keyboard.type('丢失');
  await press('Enter');
  await expect(page.getByText(/^补卡成功！/)).toBeVisible();
  await expect(replace).toHaveCount(0);
  expect(keys).toBeLessThanOrEqual(12);
  // Still on the person, their new card shown.
  expect(page.url()).toBe(personUrl);
  await expect(page.getByTestId('account-panel').getByTestId('account-panel-cards')).toContainText(`84${cardNo.slice(2)}`);
});
