/**
 * Permission rules, one implementation for the server guard, the menu and (later) the buttons,
 * columns and palette. Pure functions only.
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
