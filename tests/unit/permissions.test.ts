import { describe, expect, it } from 'vitest';
import { actionState, allowsAny, buttonState, collectCodes, hiddenColumns, menuCodeForPath, pageAllows, splitActions, visibleColumns, type AuthEntry } from '@shared/permissions';

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

describe('data-column visibility, type 1 (spec section 6)', () => {
  const prefix = 'demo:col:';
  it.each<[string, AuthEntry[], AuthEntry[], string[]]>([
    ['no rules: nothing hidden', [], [], []],
    ['restricted by the default list (status 1), not held: hidden', [], [entry('demo:col:amount', '1', '1')], ['amount']],
    ['restricted and held by the user: shown', [entry('demo:col:amount')], [entry('demo:col:amount', '1', '1')], []],
    ['restricted in a comma list, one of them held', [entry('demo:col:phone')], [entry('demo:col:phone,demo:col:email', '1', '1')], ['email']],
    ['a rule that is off (status 0): shown', [], [entry('demo:col:tags', '1', '0')], []],
    ['a type 2 rule is not a column rule: shown', [], [entry('demo:col:code', '2', '1')], []],
    ['held only as a type 2 entry: still hidden', [entry('demo:col:amount', '2')], [entry('demo:col:amount', '1', '1')], ['amount']],
    ["another prefix: not this list's column", [], [entry('other:col:name', '1', '1')], []],
  ])('%s', (_name, auth, allAuth, hidden) => {
    expect([...hiddenColumns(prefix, auth, allAuth)].sort()).toEqual(hidden);
  });

  it('keeps the visible columns in their order', () => {
    const columns = ['name', 'phone', 'amount', 'email'].map((key) => ({ key }));
    const allAuth = [entry('demo:col:phone,demo:col:email', '1', '1'), entry('demo:col:amount', '1', '1')];
    expect(visibleColumns(columns, prefix, [entry('demo:col:email')], allAuth).map((c) => c.key)).toEqual(['name', 'email']);
  });
});

describe('one rule for routes, buttons, palette and deep links', () => {
  const held = (codes: string[], auth: AuthEntry[], allAuth: AuthEntry[]) => ({ codes: new Set(codes), auth, allAuth });
  it.each<[string, string | undefined, ReturnType<typeof held>, string]>([
    ['no requirement', undefined, held([], [], []), 'shown'],
    ['a menu code held', 'system:users', held(['system:users'], [], []), 'shown'],
    ['a menu code not held', 'system:users', held([], [], []), 'removed'],
    ['a button held', 'user:add', held(['user:add'], [entry('user:add')], [entry('user:add', '1', '1')]), 'shown'],
    ['a button switched off (status 0), not held', 'user:add', held([], [], [entry('user:add', '1', '0')]), 'disabled'],
    ['a button granted only as type 2', 'user:add', held(['user:add'], [entry('user:add', '2')], [entry('user:add', '2', '1')]), 'removed'],
    ['any of a comma list: one shown', 'user:edit,user:add', held(['user:add'], [entry('user:add')], [entry('user:add', '1', '1'), entry('user:edit', '1', '1')]), 'shown'],
    ['any of a comma list: disabled beats removed', 'user:edit,user:add', held([], [], [entry('user:add', '1', '0'), entry('user:edit', '1', '1')]), 'disabled'],
    ['a menu code beside a removed button', 'user:add,system:users', held(['system:users'], [], [entry('user:add', '1', '1')]), 'shown'],
  ])('%s → %s', (_name, required, holding, expected) => {
    expect(actionState(required, holding)).toBe(expected);
  });
});
