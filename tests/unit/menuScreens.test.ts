import { describe, expect, it } from 'vitest';
import { menu } from '@server/db/seed/menu';
import { SCREENS_NOT_BUILT } from '@shared/screens';
import { screenLoader } from '@web/screens/registry';

const components = menu().flatMap((area) => [...(area.component ? [area.component] : []), ...(area.screens ?? []).map((screen) => screen.component)]);

describe('the menu and the screen registry', () => {
  it.each(components.filter((component) => !SCREENS_NOT_BUILT.has(component)))('%s names a screen', (component) => {
    expect(screenLoader(component)).toBeTypeOf('function');
  });

  it('lists as not built only menu components that indeed have no screen yet', () => {
    for (const component of SCREENS_NOT_BUILT) {
      expect(components, component).toContain(component);
      expect(screenLoader(component), `${component} is built: take it off SCREENS_NOT_BUILT`).toBeUndefined();
    }
  });
});
