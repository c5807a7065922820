/**
 * What the web app takes from each area's web manifest (`src/areas/<area>/web/index.ts`): its
 * screens and dialogs (each its own chunk), its commands and its texts. The composition root
 * (`src/areas/web.ts`) installs them before the console draws; the platform only reads them here.
 */
import type { ComponentType } from 'react';
import type { Command } from '@commands/types';
import type { SharedArea } from '@shared/areas';
import { installable } from '@shared/areas';

/** A screen or dialog module: its default export is the component. */
export type ComponentModule = { default: ComponentType<Partial<Record<string, string>>> };

export interface WebArea {
  shared: SharedArea;
  /** Screens by the component path the menu names (`security/VideoRecordList`). */
  screens?: Readonly<Record<string, () => Promise<ComponentModule>>>;
  /** Dialogs by the kind a command opens (`videoPlayback`). */
  dialogs?: Readonly<Record<string, () => Promise<ComponentModule>>>;
  commands?: readonly Command[];
  /** Its texts under its own prefix (`security.cameras`), in both languages. */
  texts?: { 'zh-CN': Readonly<Record<string, string>>; en: Readonly<Record<string, string>> };
}

const registry = installable<readonly WebArea[]>('areas (web)');

export const installWebAreas = (areas: readonly WebArea[]): void => registry.install(areas);

/** The installed areas' web manifests, in the list's order. */
export const webAreas = (): readonly WebArea[] => registry.read();
