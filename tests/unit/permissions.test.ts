import { describe, expect, it } from 'vitest';
import { allowsAny, buttonState, collectCodes, menuCodeForPath, pageAllows, splitActions, type AuthEntry } from '@shared/permissions';

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

const entry = (action: string, type = '1', status?: string): AuthEntry => ({ action, type, ...(status ? { status } : {}) });

describe('button visibility (spec section 6)', () => {
  it.each<[string, string, AuthEntry[], AuthEntry[], string]>([
    ['held by the user, type 1', 'user:add', [entry('user:add')], [entry('user:add', '1', '1')], 'shown'],
    ['held inside a comma-separated action', 'user:edit', [entry('user:add,user:edit')], [entry('user:add,user:edit', '1', '1')], 'shown'],
    ['held only as a type 2 (disable strategy) entry', 'user:add', [entry('user:add', '2')], [entry('user:add', '2', '1')], 'removed'],
    ['not held, system rule off (status 0): shown disabled', 'user:add', [], [entry('user:add', '1', '0')], 'disabled'],
    ['not held, status 0 inside a comma list', 'user:delete', [], [entry('user:add,user:delete', '1', '0')], 'disabled'],
    ['not held, system rule on (status 1)', 'user:add', [entry('user:edit')], [entry('user:add', '1', '1')], 'removed'],
    ['configured nowhere', 'user:unknown', [entry('user:add')], [entry('user:add', '1', '1')], 'removed'],
    ['held by the user while the rule is off', 'user:add', [entry('user:add')], [entry('user:add', '1', '0')], 'shown'],
  ])('%s → %s', (_name, code, auth, allAuth, expected) => {
    expect(buttonState(code, auth, allAuth)).toBe(expected);
  });
});

describe('page-level check (spec section 6)', () => {
  const page = [entry('user:add')];
  it.each<[string, string, AuthEntry[], AuthEntry[], AuthEntry[], boolean]>([
    ['in the page permission list', 'user:add', page, [entry('user:add', '1', '0')], [entry('user:add')], true],
    ['status 0 in the default list denies', 'user:edit', page, [entry('user:edit', '1', '0')], [], false],
    ['in the default list, user has no entries → default answer (allowed)', 'user:edit', page, [entry('user:edit', '1', '1')], [], true],
    ['in the default list, user list holds it → denied', 'user:edit', page, [entry('user:edit', '1', '1')], [entry('user:edit')], false],
    ['in the default list, user list lacks it → allowed', 'user:edit', page, [entry('user:edit', '1', '1')], [entry('user:view')], true],
    ['in a comma-separated default entry', 'user:delete', [], [entry('user:edit,user:delete', '1', '1')], [entry('x')], true],
    ['nowhere, user has no entries → default answer (denied)', 'user:zzz', [], [entry('user:edit', '1', '1')], [], false],
    ['nowhere, user has entries → denied', 'user:zzz', [], [entry('user:edit', '1', '1')], [entry('user:edit')], false],
  ])('%s', (_name, action, pagePermissions, allAuth, auth, expected) => {
    expect(pageAllows(action, pagePermissions, allAuth, auth)).toBe(expected);
  });
});
