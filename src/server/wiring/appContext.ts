import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { createDownloads } from '../crud/downloads';
import { createGrantCache } from '../modules/auth/grants';
import { createSmsCodes } from '../modules/auth/smsCodes';
import { createTerminalDirectory } from '../modules/devices/terminals';
import { createDictionaryTexts } from '../modules/dictionaries/texts';
import { createObjectStore } from '../modules/files/objectStore';
import { createSmsSender, type SmsSender } from '../sms/sender';

/**
 * What a context is made from: the configuration, the database, the sessions and the event bus;
 * and the text gateway, where it is not the configured one (the sample weeks' gateway).
 */
export type AppContextBase = Omit<AppContext, 'grants' | 'dictionaries' | 'downloads' | 'sms' | 'smsCodes' | 'files' | 'terminals' | 'outbox' | 'lifecycle'> & { sms?: SmsSender };

/**
 * The context the routes, jobs and effects share, made from its base: the server's (`buildApp`)
 * and the sample school's weeks (`sampleSchool/sampleContext.ts`, in a server of their own), which run the same jobs and
 * effects on a simulated clock.
 */
export function createAppContext(given: AppContextBase, log: FastifyBaseLogger, outbox: { paused: boolean }): AppContext {
  const sms = given.sms ?? createSmsSender(given.config.sms ?? { driver: 'log' }, log);
  return {
    ...given,
    grants: createGrantCache(given.db, given.bus),
    dictionaries: createDictionaryTexts(given.db, given.bus),
    // Export files sit beside the uploads, in a folder the static route never serves.
    downloads: createDownloads(given.db, path.join(given.config.uploadDir, '.downloads')),
    sms,
    smsCodes: createSmsCodes(given.db, sms),
    files: createObjectStore(given.config.storage ?? { driver: 'local' }, given.config.uploadDir),
    terminals: createTerminalDirectory(given.db, given.bus),
    outbox: { paused: outbox.paused, inHand: new Set() },
    lifecycle: { stopping: false },
  };
}
