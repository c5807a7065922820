/**
 * The menu's seeds (areas, screens and their button permissions) and the helpers that write them:
 * the product's own menu (menu.ts) and each area's place in it (an area's shared manifest).
 */
import { entityMenuScreen } from './engine/derive';
import type { EntitySpec } from './engine/spec';

/** A button permission: code, Chinese and English description. */
export type ButtonSeed = readonly [code: string, title: string, titleEn: string];

export interface ScreenSeed {
  title: string;
  titleEn: string;
  path: string;
  component: string;
  icon?: string;
  keepAlive?: boolean;
  hidden?: boolean;
  buttons?: readonly ButtonSeed[];
}

export interface AreaSeed {
  title: string;
  titleEn: string;
  path: string;
  icon: string;
  /** An area with a component and no screens is a top-level leaf. */
  component?: string;
  /** A top-level leaf's buttons. */
  buttons?: readonly ButtonSeed[];
  screens?: readonly ScreenSeed[];
}

export const screen = (title: string, titleEn: string, path: string, component: string, extra: Partial<ScreenSeed> = {}): ScreenSeed => ({
  title,
  titleEn,
  path,
  component,
  ...extra,
});

export const crud = (prefix: string, noun: string, nounEn: string): ButtonSeed[] => [
  [`${prefix}:add`, `添加${noun}`, `Add ${nounEn}`],
  [`${prefix}:edit`, `编辑${noun}`, `Edit ${nounEn}`],
  [`${prefix}:delete`, `删除${noun}`, `Delete ${nounEn}`],
];

/**
 * An entity's screen, all from its declaration (titles, path, component, the buttons its operations
 * and restricted columns imply), plus the buttons of its named routes. `sharing` are the entities
 * edited on the same screen (a dictionary's items).
 */
export const entityScreen = (spec: EntitySpec, extra: readonly ButtonSeed[] = [], sharing: readonly EntitySpec[] = []): ScreenSeed => {
  const derived = entityMenuScreen(spec, ...sharing);
  return {
    title: derived.title['zh-CN'],
    titleEn: derived.title.en,
    path: derived.path,
    component: derived.component,
    buttons: [...derived.buttons.map((button): ButtonSeed => [button.code, button.title['zh-CN'], button.title.en]), ...extra],
  };
};
