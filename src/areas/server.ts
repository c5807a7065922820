/**
 * The server's composition root: loads every listed area's shared and server manifests and installs
 * them, once, before the app is built or the database seeded (`src/server/main.ts`, the tests' set-up).
 * Nothing in the platform imports this file or an area.
 */
import { installSharedAreas, type SharedArea } from '@shared/areas';
import { installServerAreas, type ServerArea } from '@server/registry/areas';
import { AREAS } from './list';

let installing: Promise<void> | null = null;

/** An area's manifest: its index's default export. */
function manifestOf<T>(module: { default?: T }, area: string, half: string): T {
  if (!module.default) throw new Error(`src/areas/${area}/${half}/index.ts must export its manifest as its default`);
  return module.default;
}

/** Installs the areas for the server (idempotent: the entry point and the tests' helpers may both ask). */
export function installAreasForServer(): Promise<void> {
  return (installing ??= (async () => {
    const shared = await Promise.all(AREAS.map(async (area) => manifestOf<SharedArea>(await import(`./${area}/shared/index.ts`), area, 'shared')));
    const server = await Promise.all(AREAS.map(async (area) => manifestOf<ServerArea>(await import(`./${area}/server/index.ts`), area, 'server')));
    installSharedAreas(shared);
    installServerAreas(server);
  })());
}
