import type { Locator } from '@playwright/test';
import type { MenuItem } from '@shared/types';
import { apiAs, expect, test } from './support/pages';
import { settled } from './support/settled';

/**
 * At 1440 × 900 every list's amounts and states are whole and in sight: no money or state cell (nor
 * the 合计 line's) is cut by its column or scrolled out of the grid's view, amounts sit under their
 * headers, and no list's last row is painted over, on every screen of the
 * administrator's menu, in Chinese. The screens are shared out between a few tests, each in time.
 */
const SHARDS = 6;

/** The cut cells of the lists shown in `root`: `列 值 (cut | off-screen)`. */
async function cutCells(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const found: string[] = [];
    for (const grid of element.querySelectorAll<HTMLElement>('[data-testid="list-grid"] .ag-root-wrapper')) {
      if (!grid.checkVisibility()) continue;
      const box = grid.getBoundingClientRect();
      if (box.right > window.innerWidth + 1) found.push(`the list itself ends at ${Math.round(box.right)} px, past the window`);
      for (const cell of grid.querySelectorAll<HTMLElement>('.ag-cell.cell-money, .ag-cell.cell-state')) {
        const text = cell.textContent?.trim() ?? '';
        if (!text) continue;
        // What shows the cell: the scrolling centre, or the pinned part it sits in.
        const clip =
          cell.closest(
            '.ag-center-cols-viewport, .ag-floating-bottom-viewport, .ag-floating-top-viewport, .ag-pinned-right-cols-container, .ag-pinned-left-cols-container, .ag-pinned-right-floating-bottom, .ag-pinned-left-floating-bottom',
          ) ?? grid;
        const seen = clip.getBoundingClientRect();
        const at = cell.getBoundingClientRect();
        const offScreen = at.left < seen.left - 1 || at.right > seen.right + 1 || at.right > window.innerWidth + 1;
        const cut = [cell, ...cell.querySelectorAll<HTMLElement>('*')].some((each) => each.scrollWidth > each.clientWidth + 1 && getComputedStyle(each).overflowX !== 'visible');
        if (offScreen || cut) found.push(`${cell.getAttribute('col-id')} ${text} (${offScreen ? 'off-screen' : 'cut'})`);
        // An amount under a right-aligned header is right-aligned itself.
        const header = grid.querySelector(`.ag-header-cell[col-id="${cell.getAttribute('col-id')}"]`);
        if (header?.classList.contains('ag-right-aligned-header') && !cell.classList.contains('ag-right-aligned-cell'))
          found.push(`${cell.getAttribute('col-id')} ${text} (left under a right header)`);
      }
      // The last row is not painted over (by the horizontal scrollbar laid over the rows): whatever
      // lies above its lower edge lets it show through.
      const rows = [...grid.querySelectorAll<HTMLElement>('.ag-grid-scrolling-container .ag-row')];
      const last = rows.sort((a, b) => b.getBoundingClientRect().bottom - a.getBoundingClientRect().bottom)[0];
      if (last) {
        const edge = last.getBoundingClientRect();
        const stack = document.elementsFromPoint(Math.min(edge.left + 40, window.innerWidth - 1), edge.bottom - 4);
        const above = stack.slice(
          0,
          Math.max(
            0,
            stack.findIndex((each) => last.contains(each)),
          ),
        );
        const covering = above.find((each) => !each.contains(last) && getComputedStyle(each).backgroundColor !== 'rgba(0, 0, 0, 0)');
        if (covering) found.push(`the last row is covered by ${covering.className}`);
      }
    }
    return found;
  });
}

test.use({ viewport: { width: 1440, height: 900 } });

for (let shard = 0; shard < SHARDS; shard += 1) {
  test(`at 1440 px every list's amounts and states are whole and in sight (screens ${shard + 1} of ${SHARDS})`, async ({ page, signedIn }) => {
    test.setTimeout(180_000);
    await signedIn('admin');
    const { menu } = (await apiAs(page, 'GET', '/sys/permission/getUserPermissionByToken')).result as { menu: MenuItem[] };
    const leaves = (items: readonly MenuItem[]): MenuItem[] => items.flatMap((item) => (item.children?.length ? leaves(item.children) : item.hidden || item.meta.url ? [] : [item]));
    const screens = leaves(menu)
      .map((item) => item.path)
      .filter((_, index) => index % SHARDS === shard);
    expect(screens.length).toBeGreaterThan(10);
    const view = page.locator('[data-tab-view]:not([hidden])');
    const found: string[] = [];
    let lists = 0;
    for (const path of screens) {
      await page.goto(path);
      await expect(view).toBeVisible();
      await settled(page, view);
      lists += await view.locator('[data-testid="list-grid"] .ag-cell.cell-money, [data-testid="list-grid"] .ag-cell.cell-state').count();
      found.push(...(await cutCells(view)).map((cell) => `${path}: ${cell}`));
    }
    // Each share holds lists with amounts or states to look at.
    expect(lists).toBeGreaterThan(0);
    expect(found).toEqual([]);
  });
}
