/**
 * The web app's composition root: every listed area's shared and web manifests, installed once
 * before the console draws (`src/web/main.tsx`). Nothing in the platform imports this file or an area.
 */
import { installAreaCommands } from '@commands/index';
import { installSharedAreas, type SharedArea } from '@shared/areas';
import { installWebAreas, type WebArea } from '@web/registry/areas';
import { AREAS } from './list';

const shared = import.meta.glob<{ default?: SharedArea }>('./*/shared/index.ts', { eager: true });
const web = import.meta.glob<{ default?: WebArea }>('./*/web/index.ts', { eager: true });

/** An area's manifest: its index's default export. */
function manifestOf<T>(modules: Record<string, { default?: T }>, area: string, half: string): T {
  const manifest = modules[`./${area}/${half}/index.ts`]?.default;
  if (!manifest) throw new Error(`src/areas/${area}/${half}/index.ts must export its manifest as its default`);
  return manifest;
}

let installed = false;

/** Installs the areas for the web app (idempotent). */
export function installAreasForWeb(): void {
  if (installed) return;
  installed = true;
  installSharedAreas(AREAS.map((area) => manifestOf(shared, area, 'shared')));
  const areas = AREAS.map((area) => manifestOf(web, area, 'web'));
  installWebAreas(areas);
  installAreaCommands(areas.flatMap((area) => area.commands ?? []));
}
