import { describe, expect, it } from 'vitest';
import { buildMenuTree, buttonEntries, routeNameOf, type MenuSourceRow } from '@server/modules/permissions/menu';

const row = (id: string, extra: Partial<MenuSourceRow>): MenuSourceRow => ({
  id,
  parentId: null,
  name: id,
  nameEn: null,
  perms: null,
  permsType: '1',
  icon: null,
  component: null,
  componentName: null,
  url: `/${id}`,
  redirect: null,
  sortNo: 1,
  menuType: 1,
  isRoute: true,
  keepAlive: false,
  hidden: false,
  alwaysShow: false,
  internalOrExternal: false,
  status: '1',
  ...extra,
});

describe('the menu of the permission answer', () => {
  it('nests by parent, sorts by sortNo, and leaves out buttons and orphans', () => {
    const tree = buildMenuTree([
      row('b', { menuType: 0, sortNo: 2 }),
      row('a', { menuType: 0, sortNo: 1, component: 'x/A' }),
      row('b2', { parentId: 'b', sortNo: 2, component: 'x/B2' }),
      row('b1', { parentId: 'b', sortNo: 1, component: 'x/B1' }),
      row('btn', { parentId: 'b1', menuType: 2, perms: 'b:add', name: '添加' }),
      row('orphan', { parentId: 'not-granted' }),
    ]);
    expect(tree.map((item) => item.id)).toEqual(['a', 'b']);
    expect(tree[1]!.children!.map((item) => item.id)).toEqual(['b1', 'b2']);
    expect(tree[1]!.component).toBe('layouts/RouteView');
    expect(tree[1]!.children![0]!.meta.permissionList).toEqual([{ action: 'b:add', type: '1', describe: '添加', status: '1' }]);
    expect(tree[0]).toHaveProperty('redirect', null);
    expect(tree[1]!.children![0]).not.toHaveProperty('redirect');
  });

  it('turns external urls into md5 paths with meta.url, and the route flag into a string', () => {
    const [external] = buildMenuTree([row('ext', { menuType: 0, url: 'https://example.com/a', internalOrExternal: true, isRoute: false, hidden: true })]);
    expect(external!.path).toMatch(/^[0-9a-f]{32}$/);
    expect(external!.meta).toMatchObject({ url: 'https://example.com/a', internalOrExternal: true });
    expect(external!.component).toBe('layouts/IframePageView');
    expect(external!.route).toBe('0');
    expect(external!.hidden).toBe(true);
  });

  it('leaves out an area whose screens are all left out, but keeps a page and an external link', () => {
    const tree = buildMenuTree([
      row('monitor', { menuType: 0, url: '/monitor', component: 'layouts/RouteView' }),
      row('home', { menuType: 0, url: '/dashboard/analysis', component: 'dashboard/Analysis' }),
      row('ext', { menuType: 0, url: 'https://example.com/a' }),
      row('system', { menuType: 0, url: '/system', component: 'layouts/RouteView' }),
      row('users', { menuType: 1, url: '/system/users', parentId: 'system' }),
    ]);
    expect(tree.map((item) => item.id)).toEqual(['home', 'ext', 'system']);
  });

  it('names routes after their url', () => {
    expect(routeNameOf('/system/users')).toBe('system-users');
    expect(routeNameOf('/a/:id')).toBe('a-@id');
  });

  it('splits valid user buttons (auth) from every button of the system (allAuth)', () => {
    const granted = [row('x', { menuType: 2, perms: 'x:add', name: '加' }), row('y', { menuType: 2, perms: 'y:off', status: '0' })];
    const all = [...granted, row('z', { menuType: 2, perms: 'z:del', permsType: '2' })];
    const { auth, allAuth } = buttonEntries(granted, all);
    expect(auth).toEqual([{ action: 'x:add', type: '1', describe: '加' }]);
    expect(allAuth.map((entry) => [entry.action, entry.status, entry.type])).toEqual([
      ['x:add', '1', '1'],
      ['y:off', '0', '1'],
      ['z:del', '1', '2'],
    ]);
  });
});
