import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@shared/types';
import { findChain, isVisible, routableItems, visibleLeaves } from '@web/menu/menuModel';

const item = (path: string, title: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id: path,
  route: '1',
  path,
  name: path,
  component: extra.children ? 'layouts/RouteView' : `screens${path}`,
  meta: { title, keepAlive: false, internalOrExternal: false, componentName: title },
  ...extra,
});

const menu: MenuItem[] = [
  item('/dashboard/analysis', '首页'),
  item('/system', '系统管理', {
    children: [item('/system/users', '用户管理'), item('/system/secret', '隐藏页', { hidden: true }), item('/system/menu-only', '无路由', { route: '0' })],
  }),
  item('/ghost', '全隐藏', { children: [item('/ghost/a', 'A', { hidden: true })] }),
  item('/links', '外链', {
    children: [
      item('abc', '新窗口', { meta: { title: '新窗口', url: 'https://example.com', internalOrExternal: true, keepAlive: false, componentName: 'x' } }),
      item('def', '内嵌', { component: 'layouts/IframePageView', meta: { title: '内嵌', url: 'https://example.org', internalOrExternal: false, keepAlive: false, componentName: 'x' } }),
    ],
  }),
];

describe('the menu model', () => {
  it('hides hidden items and groups whose children are all hidden', () => {
    expect(menu.filter(isVisible).map((m) => m.meta.title)).toEqual(['首页', '系统管理', '外链']);
  });

  it('makes routes of screens, including hidden ones, but not of route flag 0 or new-window links', () => {
    expect(routableItems(menu).map((m) => m.path)).toEqual(['/dashboard/analysis', '/system/users', '/system/secret', '/ghost/a', 'def']);
  });

  it('finds the chain from the top level to the current screen', () => {
    expect(findChain(menu, '/system/users').map((m) => m.meta.title)).toEqual(['系统管理', '用户管理']);
    expect(findChain(menu, '/nowhere')).toEqual([]);
  });

  it('lists visible leaves with their parents for the menu search', () => {
    const leaves = visibleLeaves(menu).map(({ item: leaf, parents }) => [...parents.map((p) => p.meta.title), leaf.meta.title].join('/'));
    expect(leaves).toEqual(['首页', '系统管理/用户管理', '系统管理/无路由', '外链/新窗口', '外链/内嵌']);
  });
});
