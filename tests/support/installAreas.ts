/**
 * Vitest's set-up for every test file: the areas are installed first, as the server's and the web
 * app's entry points do, so declarations read at a test's collection see every area.
 */
import { installAreasForServer } from '@areas/server';
import { installAreaCommands } from '@commands/index';
import { installWebAreas, type WebArea } from '@web/registry/areas';
import { AREAS } from '@areas/list';

await installAreasForServer();
// The web halves too (commands, screens, texts): unit tests read the palette's commands.
const web = await Promise.all(AREAS.map(async (area) => ((await import(`../../src/areas/${area}/web/index.ts`)) as { default: WebArea }).default));
installWebAreas(web);
installAreaCommands(web.flatMap((area) => area.commands ?? []));
