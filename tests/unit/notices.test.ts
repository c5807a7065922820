import { describe, expect, it } from 'vitest';
import { componentPathOf } from '@web/notices/paths';

describe('opening an announcement', () => {
  it('goes to a component announcement’s page with its record, and shows the rest in the reader', () => {
    expect(componentPathOf({ openType: 'component', openPage: '/members/accounts', busId: 'a b' })).toBe('/members/accounts?id=a%20b');
    expect(componentPathOf({ openType: 'component', openPage: '/members/accounts', busId: null })).toBe('/members/accounts');
    expect(componentPathOf({ openType: 'url', openPage: '/members/accounts', busId: 'x' })).toBeNull();
    expect(componentPathOf({ openType: null, openPage: null, busId: null })).toBeNull();
    // Only the console's own pages: never another site.
    expect(componentPathOf({ openType: 'component', openPage: 'https://evil.example/', busId: null })).toBeNull();
  });
});
