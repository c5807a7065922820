import { expect, test } from './support/pages';
import type { Page } from '@playwright/test';

const css = (page: Page, testId: string, property: string) => page.getByTestId(testId).evaluate((el, prop) => getComputedStyle(el).getPropertyValue(prop), property);
const rootVar = (page: Page, name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

test('the settings drawer changes colour, menu theme and layout, and they survive a reload', async ({ page, console, signedIn }) => {
  await signedIn('admin');
  await page.goto('/system/users');
  await expect(console.sideMenu()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/layout-light.png' });
  expect(await css(page, 'side-menu', 'background-color')).toBe('rgb(255, 255, 255)');

  await page.getByTestId('settings-button').click();
  const drawer = page.getByTestId('settings-drawer');
  await expect(drawer.getByRole('heading', { name: '界面设置' })).toBeVisible();

  await drawer.getByRole('radio', { name: /酱紫/ }).click();
  await expect.poll(() => rootVar(page, '--color-primary')).toBe('#722ed1');
  // The accent follows: the active menu entry and the palette button hover use the variable.
  await expect(console.sideMenu().locator('a[aria-current="page"]')).toHaveCSS('color', 'rgb(114, 46, 209)');

  await drawer.getByRole('radio', { name: '暗色' }).click();
  await expect.poll(() => css(page, 'side-menu', 'background-color')).toBe('rgb(0, 21, 41)');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: 'test-results/screenshots/layout-dark.png' });

  // A bad custom colour is refused with the spec's message and changes nothing.
  await page.getByTestId('settings-button').click();
  await drawer.getByRole('textbox', { name: '自定义颜色' }).fill('#12');
  await drawer.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('主题更新失败 (failed to update theme)')).toBeVisible();
  expect(await rootVar(page, '--color-primary')).toBe('#722ed1');

  // Fixed side menu, then top-menu layout: the rule turns fixed side menu off.
  await drawer.getByRole('switch', { name: '固定侧边菜单' }).click();
  await expect(console.sideMenu()).toHaveAttribute('data-fixed', 'true');
  await drawer.getByRole('radio', { name: '顶部菜单布局' }).click();
  await expect(page.getByTestId('top-menu')).toBeVisible();
  await expect(console.sideMenu()).toHaveCount(0);
  await expect(drawer.getByRole('switch', { name: '固定侧边菜单' })).toHaveAttribute('aria-checked', 'false');
  await expect(drawer.getByRole('switch', { name: '固定侧边菜单' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('top-menu')).toContainText('系统管理');
  await page.screenshot({ path: 'test-results/screenshots/layout-topmenu.png' });

  // Everything is still there after a reload, painted before the app starts.
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--color-primary'))).toBe('#722ed1');
  await expect(page.getByTestId('top-menu')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.menuTheme)).toBe('dark');
});

test('the top menu puts what does not fit under 更多', async ({ page, signedIn }) => {
  await signedIn('admin');
  await page.goto('/do/appearance.layout?layout=topmenu');
  await expect(page.getByTestId('top-menu')).toBeVisible();
  await page.getByTestId('top-menu-more').click();
  await expect(page.getByRole('menuitem', { name: '示例' })).toBeVisible();
  await page.getByRole('menuitem', { name: '示例' }).hover();
  await page.getByRole('menuitem', { name: '查询表格' }).click();
  await expect(page).toHaveURL('/list/query');
});

test('fixed header with hide-on-scroll hides the header after 100 px; turning fixed header off turns it off', async ({ page, signedIn }) => {
  await page.setViewportSize({ width: 1280, height: 420 });
  await signedIn('admin');
  await page.getByTestId('settings-button').click();
  const drawer = page.getByTestId('settings-drawer');
  await drawer.getByRole('switch', { name: '固定 Header' }).click();
  await drawer.getByRole('switch', { name: '下滑时隐藏 Header' }).click();
  await expect(drawer.getByRole('switch', { name: '下滑时隐藏 Header' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');

  await page.mouse.wheel(0, 60);
  await expect(page.getByTestId('header-block')).not.toHaveAttribute('data-hidden', 'true');
  await page.mouse.wheel(0, 400);
  await expect(page.getByTestId('header-block')).toHaveAttribute('data-hidden', 'true');
  await page.mouse.wheel(0, -200);
  await expect(page.getByTestId('header-block')).not.toHaveAttribute('data-hidden', 'true');

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('settings-button').click();
  await drawer.getByRole('switch', { name: '固定 Header' }).click();
  await expect(drawer.getByRole('switch', { name: '下滑时隐藏 Header' })).toHaveAttribute('aria-checked', 'false');
});

test('colour-weak mode filters the whole app; content width switches', async ({ page, signedIn }) => {
  await signedIn('admin');
  await page.goto('/do/appearance.colorWeak?on=true');
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).filter)).toBe('invert(0.8)');
  await page.goto('/do/appearance.colorWeak?on=false');
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).filter)).toBe('none');

  await expect(page.getByTestId('content')).toHaveCSS('max-width', '1200px');
  await page.goto('/do/appearance.contentWidth?width=Fluid');
  await expect(page.getByTestId('content')).toHaveCSS('max-width', 'none');
});

test('on a phone: mobile layout, no tab strip', async ({ page, console, signedIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn('admin');
  await expect(page.getByTestId('tab-strip')).toHaveCount(0);
  await expect(console.sideMenu()).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/layout-mobile.png' });
  await page.getByTestId('menu-search').click();
  await expect(page.getByTestId('palette')).toBeVisible();
});
