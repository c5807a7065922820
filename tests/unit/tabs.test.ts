import { describe, expect, it } from 'vitest';
import { EMPTY_TABS, neighbourOf, tabsReducer, type TabAction, type TabsState } from '@shared/tabs';

const HOME = '/dashboard/analysis';
const entry = (fullPath: string, keepAlive = true) => ({ fullPath, path: fullPath.split('?')[0]!, title: fullPath, keepAlive });
const visit = (...paths: string[]): TabsState => paths.reduce((state, path) => tabsReducer(state, { type: 'visit', entry: entry(path) }).state, EMPTY_TABS);
const paths = (state: TabsState) => state.tabs.map((tab) => tab.fullPath);
const act = (state: TabsState, action: TabAction) => tabsReducer(state, action);

describe('multi-page tabs', () => {
  it('adds a tab for a new path and keeps home first', () => {
    const state = visit('/a', HOME, '/b');
    expect(paths(state)).toEqual([HOME, '/a', '/b']);
    expect(state.active).toBe('/b');
  });

  it('keys tabs by full path and replaces the entry when a path is revisited', () => {
    let state = visit(HOME, '/a', '/a?x=1');
    expect(paths(state)).toEqual([HOME, '/a', '/a?x=1']);
    state = act(state, { type: 'visit', entry: { ...entry('/a'), title: '新标题' } }).state;
    expect(paths(state)).toEqual([HOME, '/a', '/a?x=1']);
    expect(state.tabs[1]!.title).toBe('新标题');
    expect(state.active).toBe('/a');
  });

  it('refuses to close home: 首页不能关闭!', () => {
    const result = act(visit(HOME, '/a'), { type: 'close', fullPath: HOME });
    expect(result.refused).toBe('homeCannotClose');
    expect(paths(result.state)).toEqual([HOME, '/a']);
  });

  it('refuses to close the last remaining tab: 这是最后一页，不能再关闭了啦', () => {
    const result = act(visit('/a'), { type: 'close', fullPath: '/a' });
    expect(result.refused).toBe('lastCannotClose');
    expect(paths(result.state)).toEqual(['/a']);
  });

  it('moves to the right neighbour when the active tab closes, the left one at the end', () => {
    let state = act(visit(HOME, '/a', '/b', '/c'), { type: 'visit', entry: entry('/b') }).state;
    let result = act(state, { type: 'close', fullPath: '/b' });
    expect(paths(result.state)).toEqual([HOME, '/a', '/c']);
    expect(result.navigateTo).toBe('/c');
    state = result.state;
    result = act(state, { type: 'close', fullPath: '/c' });
    expect(result.navigateTo).toBe('/a');
  });

  it('the page whose tab was just closed is not reopened before the browser has left it', () => {
    const state = act(visit(HOME, '/a', '/b', '/c'), { type: 'visit', entry: entry('/a') }).state;
    const closed = act(state, { type: 'close' });
    expect(closed.navigateTo).toBe('/b');
    // A re-render (menu reload, a remounted tracker) still on /a before the navigation lands.
    const stale = act(closed.state, { type: 'visit', entry: entry('/a') });
    expect(paths(stale.state)).toEqual([HOME, '/b', '/c']);
    // Once the browser is on /b, going back to /a is a real visit again, and reopen still works.
    const arrived = act(stale.state, { type: 'visit', entry: entry('/b') }).state;
    expect(paths(act(arrived, { type: 'visit', entry: entry('/a') }).state)).toEqual([HOME, '/b', '/c', '/a']);
    expect(paths(act(closed.state, { type: 'reopen' }).state)).toEqual([HOME, '/b', '/c', '/a']);
    // The address bar showing /a again (the user went back to it before any render) is a visit.
    expect(paths(act(closed.state, { type: 'visit', entry: entry('/a'), confirmed: true }).state)).toEqual([HOME, '/b', '/c', '/a']);
  });

  it('closing a tab that is not active stays where it is', () => {
    const result = act(visit(HOME, '/a', '/b'), { type: 'close', fullPath: '/a' });
    expect(result.navigateTo).toBeUndefined();
    expect(result.state.active).toBe('/b');
  });

  it('closes left, right and others, never home, and makes the clicked tab current', () => {
    const state = act(visit(HOME, '/a', '/b', '/c', '/d'), { type: 'visit', entry: entry('/d') }).state;
    const left = act(state, { type: 'closeLeft', fullPath: '/b' });
    expect(paths(left.state)).toEqual([HOME, '/b', '/c', '/d']);
    expect(left.navigateTo).toBe('/b');
    const right = act(state, { type: 'closeRight', fullPath: '/b' });
    expect(paths(right.state)).toEqual([HOME, '/a', '/b']);
    const others = act(state, { type: 'closeOthers', fullPath: '/c' });
    expect(paths(others.state)).toEqual([HOME, '/c']);
    expect(others.state.active).toBe('/c');
  });

  it('refresh bumps only that tab, so only that page remounts', () => {
    const result = act(visit(HOME, '/a', '/b'), { type: 'refresh', fullPath: '/a' });
    expect(result.state.tabs.map((tab) => tab.version)).toEqual([0, 1, 0]);
  });

  it('reopens the most recently closed tab', () => {
    const closed = act(visit(HOME, '/a', '/b'), { type: 'close', fullPath: '/a' }).state;
    const reopened = act(closed, { type: 'reopen' });
    expect(paths(reopened.state)).toEqual([HOME, '/b', '/a']);
    expect(reopened.navigateTo).toBe('/a');
    expect(act(reopened.state, { type: 'reopen' }).navigateTo).toBeUndefined();
  });

  it('turning multi-page mode off leaves only the current page', () => {
    const result = act(visit(HOME, '/a', '/b'), { type: 'singlePage' });
    expect(paths(result.state)).toEqual(['/b']);
  });

  it('finds the next and previous tab, wrapping around', () => {
    const state = visit(HOME, '/a', '/b');
    expect(neighbourOf(state, 1)?.fullPath).toBe(HOME);
    expect(neighbourOf(state, -1)?.fullPath).toBe('/a');
  });
});
