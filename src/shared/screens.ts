/**
 * The product's menu screens whose pages are not built yet. The server leaves them out of every
 * user's menu answer (so the side menu, the palette and the menu search never offer a dead
 * entry), and the console says "not available yet" at their paths. Building a screen takes it off
 * this list (a unit test insists); a menu an administrator adds with an unknown component is not
 * on it, and still opens MODULE_NOT_FOUND.
 */
export const SCREENS_NOT_BUILT: ReadonlySet<string> = new Set<string>();

/** True when a stored menu component names a product screen still to come. */
export const isScreenNotBuilt = (component: string | null | undefined): boolean => Boolean(component && SCREENS_NOT_BUILT.has(component));
