import { HOME_PATH, LOGIN_PATH, PUBLIC_PATHS } from '@shared/constants';

export type GuardDecision = { kind: 'render' } | { kind: 'redirect'; to: string } | { kind: 'loadPermissions' };

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  permissionsLoaded: boolean;
}

/** Public routes: the sign-in family; `/user` itself redirects to sign-in. */
export function isPublicPath(pathname: string): boolean {
  return pathname === '/user' || (PUBLIC_PATHS as readonly string[]).includes(pathname);
}

export function loginRedirectFor(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

/**
 * The navigation guard of the spec as a pure function:
 * - with a token, the sign-in page goes home (or to its redirect query);
 * - with a token and no permissions yet, they are fetched first;
 * - without a token, a non-public path goes to sign-in with a redirect query.
 */
export function decideNavigation({ pathname, search, hasToken, permissionsLoaded }: GuardInput): GuardDecision {
  if (hasToken) {
    // Just signed in (or a stale bookmark of the sign-in page): follow the redirect query.
    if (pathname === LOGIN_PATH) return { kind: 'redirect', to: safeRedirect(new URLSearchParams(search).get('redirect')) ?? HOME_PATH };
    if (!permissionsLoaded) return { kind: 'loadPermissions' };
    return { kind: 'render' };
  }
  if (isPublicPath(pathname)) return { kind: 'render' };
  return { kind: 'redirect', to: loginRedirectFor(`${pathname}${search}`) };
}

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
