/**
 * Permission rules, one implementation for the server guard, the menu, the buttons, the columns
 * and the palette. Pure functions only.
 */

/** A permission entry's action may hold several codes separated by commas. */
export function splitActions(action: string | null | undefined): string[] {
  if (!action) return [];
  return action
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code.length > 0);
}

/** The set of codes a user holds, from the perms of every permission row granted to them. */
export function collectCodes(actions: Iterable<string | null | undefined>): Set<string> {
  const codes = new Set<string>();
  for (const action of actions) for (const code of splitActions(action)) codes.add(code);
  return codes;
}

/**
 * A route or element that requires permissions is allowed when the user holds any of them;
 * one that requires none is allowed to every signed-in user.
 */
export function allowsAny(userCodes: ReadonlySet<string>, required: string | readonly string[] | undefined): boolean {
  const list = typeof required === 'string' ? splitActions(required) : (required ?? []);
  if (list.length === 0) return true;
  return list.some((code) => userCodes.has(code));
}

/** The menu permission code of a screen path: `/system/users` → `system:users`. */
export function menuCodeForPath(path: string): string {
  return path.replace(/^\/+/, '').replace(/\/+$/, '').split('/').join(':');
}

/**
 * Data-column visibility (type '1' entries under a prefix such as `user:list:col:`): the columns
 * the default list (allAuth) restricts with status '1', minus those the user's own list grants,
 * are hidden; every other column is shown.
 */
export function hiddenColumns(prefix: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): Set<string> {
  const granted = new Set<string>();
  for (const entry of auth) {
    if (entry.type !== '1') continue;
    for (const code of splitActions(entry.action)) if (code.startsWith(prefix)) granted.add(code.slice(prefix.length));
  }
  const hidden = new Set<string>();
  for (const entry of allAuth) {
    if (entry.type !== '1' || entry.status !== '1') continue;
    for (const code of splitActions(entry.action)) {
      if (!code.startsWith(prefix)) continue;
      const column = code.slice(prefix.length);
      if (!granted.has(column)) hidden.add(column);
    }
  }
  return hidden;
}

/** The columns a user may see, in order. */
export function visibleColumns<C extends { key: string }>(columns: readonly C[], prefix: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): C[] {
  const hidden = hiddenColumns(prefix, auth, allAuth);
  return columns.filter((column) => !hidden.has(column.key));
}

/** A button/permission entry of the permission answer: `auth` (the user's) or `allAuth` (the system's). */
export interface AuthEntry {
  action: string;
  type: string;
  status?: string;
}

export type ButtonState = 'shown' | 'disabled' | 'removed';

/**
 * Each list's entries by the codes they hold, built once per list: the palette and every button ask
 * of hundreds of commands at a time, and splitting every entry's action for each was most of it.
 * The lists are never changed once made (a new permission answer is a new list).
 */
const byCode = new WeakMap<readonly AuthEntry[], Map<string, AuthEntry[]>>();
function entriesByCode(entries: readonly AuthEntry[]): Map<string, AuthEntry[]> {
  let index = byCode.get(entries);
  if (!index) {
    index = new Map();
    for (const entry of entries)
      for (const code of new Set(splitActions(entry.action))) {
        const holders = index.get(code);
        if (holders) holders.push(entry);
        else index.set(code, [entry]);
      }
    byCode.set(entries, index);
  }
  return index;
}

const holds = (entries: readonly AuthEntry[], code: string, accept: (entry: AuthEntry) => boolean) => entriesByCode(entries).get(code)?.some(accept) ?? false;

/**
 * Button visibility (spec section 6): shown when the user's own entries of a non-'2' type hold
 * the code; shown disabled when the system list holds it with status '0'; otherwise removed —
 * a code configured nowhere is removed too.
 */
export function buttonState(code: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): ButtonState {
  if (holds(auth, code, (entry) => entry.type !== '2')) return 'shown';
  if (holds(allAuth, code, (entry) => entry.status === '0')) return 'disabled';
  return 'removed';
}

/**
 * Page-level check (spec section 6): allowed when the page's permission list (from its menu
 * entry) holds the action. Otherwise the default list decides: status '0' there denies; listed
 * there, it is allowed unless the user's own list holds it; a user without button entries gets
 * the default list's answer.
 */
export function pageAllows(action: string, pagePermissions: readonly AuthEntry[], allAuth: readonly AuthEntry[], auth: readonly AuthEntry[]): boolean {
  if (holds(pagePermissions, action, () => true)) return true;
  if (holds(allAuth, action, (entry) => entry.status === '0')) return false;
  const inDefault = holds(allAuth, action, () => true);
  if (auth.length === 0) return inDefault;
  return inDefault && !holds(auth, action, () => true);
}

/** What a signed-in user holds: their codes and the two button lists of the permission answer. */
export interface HeldPermissions {
  codes: ReadonlySet<string>;
  auth: readonly AuthEntry[];
  allAuth: readonly AuthEntry[];
}

/**
 * The one answer to "may this user do it" for a requirement (a comma list: any of them), asked
 * by the server's route guard, the screen buttons, the palette and deep links alike. A code that
 * is configured as a button follows the button rule (status '0' shows it disabled and refuses
 * it); any other code, a menu's, is held or not.
 */
export function actionState(required: string | undefined, held: HeldPermissions): ButtonState {
  const codes = splitActions(required);
  if (codes.length === 0) return 'shown';
  let state: ButtonState = 'removed';
  for (const code of codes) {
    const isButton = entriesByCode(held.allAuth).has(code);
    const own = isButton ? buttonState(code, held.auth, held.allAuth) : held.codes.has(code) ? 'shown' : 'removed';
    if (own === 'shown') return 'shown';
    if (own === 'disabled') state = 'disabled';
  }
  return state;
}
