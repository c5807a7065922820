import type { ServerConfig } from './config';
import type { Database } from './db/client';
import type { SessionStore } from './modules/auth/sessions';
import type { EventBus } from './realtime/bus';

/** What every route module receives: configuration, the database and the session store. */
export interface AppContext {
  config: Pick<ServerConfig, 'basePath' | 'tokenTtlMinutes' | 'webRoot'>;
  db: Database;
  sessions: SessionStore;
  /** Events shared by every server instance (live grid rows, notices). */
  bus: EventBus;
}
