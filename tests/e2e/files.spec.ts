import { expect, openPalette, test } from './support/pages';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

test('对象存储: the upload popup takes several files, the list previews a picture and deletes a file', async ({ page, signedIn, console }) => {
  const stamp = Date.now().toString(36);
  await signedIn('admin');
  await openPalette(page);
  await page.keyboard.type('duixiangcunchu');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/system/files');
  const list = page.locator('[data-tab-view]:not([hidden])').getByTestId('file-list');

  await list.getByRole('button', { name: '上传' }).click();
  const dialog = page.getByTestId('upload-dialog');
  await expect(dialog).toBeVisible();
  // OK with nothing uploaded: told, and the popup stays.
  await dialog.getByTestId('upload-dialog-ok').click();
  await expect(dialog.getByRole('alert')).toHaveText('未上传任何文件');
  await dialog.getByTestId('upload-input').setInputFiles([
    { name: `校徽${stamp}.png`, mimeType: 'image/png', buffer: PNG },
    { name: `通知${stamp}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% test\n') },
  ]);
  await expect(dialog.getByTestId('upload-entries').locator('[data-status="done"]')).toHaveCount(2);
  await console.screenshot('upload-dialog');
  await dialog.getByTestId('upload-dialog-ok').click();
  await expect(dialog).toHaveCount(0);

  const picture = list.getByRole('row', { name: new RegExp(`校徽${stamp}`) });
  await expect(picture).toContainText('image/png');
  await expect(picture).toContainText('示例学校');
  await picture.getByRole('button', { name: '预览' }).click();
  const preview = page.getByTestId('file-preview');
  await expect(preview.getByTestId('preview-image')).toBeVisible();
  await expect.poll(() => preview.getByTestId('preview-image').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
  await console.screenshot('file-preview');
  await page.keyboard.press('Escape');

  const pdf = list.getByRole('row', { name: new RegExp(`通知${stamp}`) });
  await pdf.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  await expect(page.getByTestId('confirm')).toContainText('删除后无法恢复');
  await page.keyboard.press('Enter');
  await expect(pdf).toHaveCount(0);
  await expect(picture).toBeVisible();
});
