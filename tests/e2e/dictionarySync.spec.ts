import { expect, openPalette, test } from './support/pages';

test('字典同步: a school override of a platform item is listed and, once chosen and confirmed, the platform’s item applies again', async ({ page, signedIn, console }) => {
  await signedIn('admin');
  // The school renamed 女 to 女生 in its own items.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('Access-Token')!).value as string);
  const headers = { 'X-Access-Token': token };
  const dictId = (await (await page.request.get('/ccu-boot/sys/dict/list?dictCode=sex', { headers })).json()).result.records[0].id as string;
  const added = await (await page.request.post('/ccu-boot/sys/dictOrgItem/add', { headers, data: { dictId, itemText: '女生', itemValue: '2', sortOrder: 2, status: '1' } })).json();
  expect(added.success, added.message).toBe(true);

  await openPalette(page);
  await page.keyboard.type('zidiantongbu');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/system/dict-sync');
  const sync = page.locator('[data-tab-view]:not([hidden])').getByTestId('dictionary-sync');
  const row = sync.getByTestId('dict-sync-table').getByRole('row', { name: /性别.*女生/ });
  await expect(row).toContainText('本校覆盖');
  await expect(row).toContainText('名称');
  // Its dictionary picker loaded without a refusal.
  await expect(page.getByText('系统提示')).toHaveCount(0);
  await console.screenshot('dictionary-sync');
  await row.getByRole('checkbox').check();
  await sync.getByTestId('dict-sync-apply').click();
  await expect(page.getByTestId('confirm')).toContainText('所选 1 项将恢复为平台字典');
  await page.keyboard.press('Enter');
  await expect(page.getByText('字典同步成功')).toBeVisible();
  await expect(row).toHaveCount(0);
  const items = (await (await page.request.get('/ccu-boot/sys/dict/getDictItems/sex', { headers })).json()).result as { value: string; text: string }[];
  expect(items.find((item) => item.value === '2')?.text).toBe('女');
});
