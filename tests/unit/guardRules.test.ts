import { describe, expect, it } from 'vitest';
import { decideNavigation, isPublicPath, safeRedirect } from '@web/app/guardRules';

const decide = (pathname: string, hasToken: boolean, permissionsLoaded = false, search = '') => decideNavigation({ pathname, search, hasToken, permissionsLoaded });

describe('the navigation guard', () => {
  it('sends a signed-in user away from the sign-in page to home', () => {
    expect(decide('/user/login', true)).toEqual({ kind: 'redirect', to: '/dashboard/analysis' });
  });

  it('follows the redirect query when a signed-in user is on the sign-in page', () => {
    expect(decide('/user/login', true, false, '?redirect=%2Fsystem%2Fusers%3Fa%3D1')).toEqual({ kind: 'redirect', to: '/system/users?a=1' });
  });

  it('loads the permissions first when a signed-in user has none yet', () => {
    expect(decide('/system/users', true, false)).toEqual({ kind: 'loadPermissions' });
  });

  it('renders once the permissions are there', () => {
    expect(decide('/system/users', true, true)).toEqual({ kind: 'render' });
  });

  it('sends a signed-out visitor of a protected path to sign-in with the full path as redirect', () => {
    expect(decide('/system/users', false, false, '?tab=2')).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2Fsystem%2Fusers%3Ftab%3D2' });
  });

  it.each(['/user', '/user/login', '/user/register', '/user/register-result', '/user/alteration'])('lets a signed-out visitor open the public path %s', (path) => {
    expect(isPublicPath(path)).toBe(true);
    expect(decide(path, false)).toEqual({ kind: 'render' });
  });

  it('treats unknown paths as protected', () => {
    expect(decide('/some/deep/link', false)).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2Fsome%2Fdeep%2Flink' });
  });
});

describe('redirect targets', () => {
  it.each([
    ['/system/users', '/system/users'],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['', null],
    [null, null],
  ])('accepts only same-site paths: %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });
});
