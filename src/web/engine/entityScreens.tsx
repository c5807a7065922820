import type { ComponentType } from 'react';
import { entityById } from '@shared/entities';
import { EntityListScreen } from './EntityListScreen';

const screens = new Map<string, ComponentType>();

/** The list screen of a declared entity, as a screen module's page (one component per entity). */
export function entityScreen(id: string): ComponentType {
  let screen = screens.get(id);
  if (!screen) {
    const spec = entityById(id);
    if (!spec) throw new Error(`no entity ${id}`);
    const Screen = () => <EntityListScreen spec={spec} />;
    Screen.displayName = `EntityScreen(${id})`;
    screens.set(id, (screen = Screen));
  }
  return screen;
}
