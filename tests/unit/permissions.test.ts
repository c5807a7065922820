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

describe('data-column visibility (type 1)', async () => {
  const { hiddenColumns, visibleColumns } = await import('@shared/permissions');
  const prefix = 'demo:col:';
  const allAuth = [
    { action: 'demo:col:amount', type: '1', status: '1' },
    { action: 'demo:col:phone,demo:col:email', type: '1', status: '1' },
    { action: 'demo:col:tags', type: '1', status: '0' },
    { action: 'demo:col:code', type: '2', status: '1' },
    { action: 'other:col:name', type: '1', status: '1' },
  ];
  const columns = ['name', 'code', 'phone', 'email', 'amount', 'tags'].map((key) => ({ key }));

  it('hides columns the default list restricts (status 1) unless the user holds them', () => {
    expect([...hiddenColumns(prefix, [], allAuth)].sort()).toEqual(['amount', 'email', 'phone']);
    expect(visibleColumns(columns, prefix, [{ action: 'demo:col:amount', type: '1' }], allAuth).map((c) => c.key)).toEqual(['name', 'code', 'amount', 'tags']);
  });

  it('ignores rules that are off (status 0), disable-type entries and other prefixes', () => {
    const hidden = hiddenColumns(prefix, [], allAuth);
    expect(hidden.has('tags')).toBe(false);
    expect(hidden.has('code')).toBe(false);
    expect(hidden.has('name')).toBe(false);
  });
});
