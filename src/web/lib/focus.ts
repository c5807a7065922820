import { keysWaiting, pageReady } from './typeAhead';

/**
 * Where keyboard focus goes in the console: into the page when a screen opens, back to where it
 * came from when a dialog or confirmation closes — never left on `<body>`.
 */

/** What focus returns to: an element, and for a grid cell its row and column (rows re-render). */
interface Remembered {
  element: HTMLElement;
  cell: { grid: HTMLElement; rowIndex: string; colId: string | null } | null;
}

let remembered: Remembered | null = null;

/** How long a page still drawing may keep the keys typed for it before taking them where it is. */
const KEYS_WAIT_MS = 15_000;

/** What sits above the page and holds the keys while open: the palette, dialogs, select lists and menus. */
const OVERLAYS = '[data-palette], [role="dialog"], [role="alertdialog"], [data-radix-popper-content-wrapper]:has([role="listbox"], [role="menu"])';

/** The page on view: the visible tab view (or the only one). */
export function currentPage(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[data-tab-view]:not([hidden])');
}

/**
 * Remembers the focused element to come back to after an overlay (palette, dialog, confirmation)
 * opens. Focus already inside an overlay keeps what was remembered before it opened.
 */
export function rememberFocus(element: Element | null = document.activeElement): void {
  if (!(element instanceof HTMLElement) || element === document.body || element.closest(OVERLAYS)) return;
  const row = element.closest<HTMLElement>('[row-index]');
  const grid = row?.closest<HTMLElement>('.ag-root-wrapper') ?? null;
  const colId = element.closest<HTMLElement>('[col-id]')?.getAttribute('col-id') ?? null;
  remembered = { element, cell: row && grid ? { grid, rowIndex: row.getAttribute('row-index')!, colId } : null };
}

const visible = (element: HTMLElement) => element.isConnected && element.getClientRects().length > 0;

/** A grid cell of the remembered row: the same column when it is still there, else the row's first cell. */
function cellOf(cell: NonNullable<Remembered['cell']>): HTMLElement | null {
  if (!cell.grid.isConnected) return null;
  const rows = cell.grid.querySelectorAll<HTMLElement>(`[row-index="${cell.rowIndex}"]`);
  for (const row of rows) {
    const same = cell.colId ? row.querySelector<HTMLElement>(`[col-id="${cell.colId}"]`) : null;
    if (same && visible(same)) return same;
  }
  for (const row of rows) {
    const first = row.querySelector<HTMLElement>('[role="gridcell"]');
    if (first && visible(first)) return first;
  }
  return null;
}

/**
 * Focus back where it was before the overlay, else the page's own starting point — unless another
 * overlay has taken the focus meanwhile (a dialog a palette command opened): it gives it back later.
 */
export function restoreFocus(): void {
  if (document.activeElement instanceof HTMLElement && document.activeElement.closest(OVERLAYS)) return;
  // An overlay opened in the meantime (Ctrl+K pressed right after Esc) has not focused itself yet:
  // taking the focus to the page now would close it.
  if ([...document.querySelectorAll<HTMLElement>(OVERLAYS)].some(visible)) return;
  const target = remembered;
  remembered = null;
  if (target && visible(target.element)) {
    target.element.focus();
    return;
  }
  const cell = target?.cell ? cellOf(target.cell) : null;
  if (cell) {
    cell.focus();
    return;
  }
  focusPage();
}

/** The first query field of a page: typed, or a select, several-of or picker button. */
export const queryFieldOf = (page: ParentNode) => page.querySelector<HTMLElement>('[data-testid="query-area"] :is(input, select, button[role="combobox"], button[aria-haspopup])');

/**
 * The first cell of the list after the one holding the focus (a master–detail screen has two), or
 * of the first list: pressed again, 转到列表 moves on to the next list.
 */
export function nextGridOf(page: ParentNode): HTMLElement | null {
  const grids = [...page.querySelectorAll<HTMLElement>('.ag-root-wrapper')].filter(visible);
  const current = grids.findIndex((grid) => grid.contains(document.activeElement));
  if (current < 0 || grids.length < 2) return gridOf(page);
  return gridOf(grids[(current + 1) % grids.length]!);
}
/** The first cell of a page's first list, or the list itself when it has no rows. */
export const gridOf = (page: ParentNode) => page.querySelector<HTMLElement>('.ag-row [role="gridcell"]') ?? page.querySelector<HTMLElement>('.ag-root-wrapper [tabindex], [data-testid="list-grid"]');

/** Focuses a page's starting point: its first query field, else its list, else its main area. */
export function focusPage(page: HTMLElement | null = currentPage()): boolean {
  if (!page) return false;
  const target = queryFieldOf(page) ?? gridOf(page) ?? page;
  target.focus();
  return document.activeElement === target;
}

/** Whether moving focus into a newly opened page would take it from the user (a dialog, a field they type in). */
function focusIsTaken(page: HTMLElement): boolean {
  // A dialog or list opened before the page was drawn (a slow machine) keeps the keys.
  if ([...document.querySelectorAll<HTMLElement>(OVERLAYS)].some(visible)) return true;
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return false;
  if (page.contains(active) || active.closest(OVERLAYS)) return true;
  // A field of the page being left is not the user's choice of where to be.
  if (active.closest('[data-tab-view]')) return false;
  return active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement;
}

/** The page's screen is drawn: its code has arrived (the view no longer shows the loading spinner). */
const drawn = (page: HTMLElement) => page.firstElementChild !== null && !page.querySelector(':scope > [role="status"]');

/** A list of the page is still fetching its rows (a tree or a chart is not a list that loads). */
const listsLoading = (page: HTMLElement) => page.querySelector('[data-testid="list-grid"][aria-busy="true"]') !== null;

/**
 * After a screen opens (menu, palette, tab, link): focus its starting point as soon as it is
 * drawn (a lazy screen and its list arrive a little later), unless the user is elsewhere by then.
 * Returns a cancel function.
 */
export function focusPageWhenReady(page: HTMLElement, timeoutMs = 3000): () => void {
  let done = false;
  const started = performance.now();
  const attempt = () => {
    if (done) return;
    if (focusIsTaken(page)) {
      stop();
      return;
    }
    // Its first query field or list row; or, a page with neither, once it is drawn with its lists loaded.
    if (queryFieldOf(page) || gridOf(page)?.matches('[role="gridcell"]') || (drawn(page) && !listsLoading(page))) {
      focusPage(page);
      stop();
    }
  };
  const observer = new MutationObserver(attempt);
  let timer = 0;
  const giveUp = () => {
    attempt();
    // Keys typed for this page are waiting: a slow machine gets longer to draw it and its rows.
    if (!done && keysWaiting() && (!drawn(page) || listsLoading(page)) && performance.now() - started < KEYS_WAIT_MS) {
      timer = window.setTimeout(giveUp, 250);
      return;
    }
    // Nothing better arrived: whatever the page has.
    if (!done && !focusIsTaken(page)) focusPage(page);
    stop();
  };
  timer = window.setTimeout(giveUp, timeoutMs);
  function cancel() {
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
  }
  function stop() {
    if (done) return;
    cancel();
    // The page's keys (held since the address changed) are given to where the keyboard now is.
    pageReady(page.dataset.tabView ?? '');
  }
  observer.observe(page, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  // A dialog opens in a portal beside the page: then the keys are the dialog's.
  observer.observe(document.body, { childList: true });
  attempt();
  return cancel;
}
