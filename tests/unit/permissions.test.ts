import { describe, expect, it } from 'vitest';
import { allowsAny, collectCodes, menuCodeForPath, splitActions } from '@shared/permissions';

describe('permission codes', () => {
  it('splits comma-separated actions and drops blanks', () => {
    expect(splitActions('user:add, user:edit,,')).toEqual(['user:add', 'user:edit']);
    expect(splitActions(null)).toEqual([]);
  });

  it('collects every code a user holds', () => {
    expect([...collectCodes(['a:b,c:d', null, 'a:b'])].sort()).toEqual(['a:b', 'c:d']);
  });

  it.each([
    [['user:add'], undefined, true],
    [['user:add'], '', true],
    [['user:add'], 'user:add', true],
    [['user:add'], 'user:edit,user:add', true],
    [['user:add'], ['role:add', 'user:add'], true],
    [['user:add'], 'user:delete', false],
    [[], 'user:add', false],
  ] as const)('a user holding %j may use a route requiring %j: %s', (held, required, expected) => {
    expect(allowsAny(new Set(held), required as string | string[] | undefined)).toBe(expected);
  });

  it('derives a screen code from its path', () => {
    expect(menuCodeForPath('/system/users')).toBe('system:users');
    expect(menuCodeForPath('/activities/')).toBe('activities');
  });
});
