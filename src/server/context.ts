import type { ServerConfig } from './config';
import type { Database } from './db/client';
import type { Downloads } from './crud/downloads';
import type { GrantCache } from './modules/auth/grants';
import type { DictionaryTexts } from './modules/dictionaries/texts';
import type { SessionStore } from './modules/auth/sessions';
import type { EventBus } from './realtime/bus';
import type { SmsSender } from './sms/sender';
import type { SmsCodes } from './modules/auth/smsCodes';
import type { ObjectStore } from './modules/files/objectStore';
import type { TerminalDirectory } from './modules/devices/terminals';

/** What every route module receives: configuration, the database and the session store. */
export interface AppContext {
  config: Pick<ServerConfig, 'basePath' | 'tokenTtlMinutes' | 'webRoot'> & {
    /** Where uploaded files are kept (DATA_DIR/upload). */
    uploadDir: string;
    /** Online payment channels' callback keys (absent: the channel is not offered). */
    paymentSecrets?: ServerConfig['paymentSecrets'];
    /** How text messages are sent; the log driver when absent. */
    sms?: ServerConfig['sms'];
    /** The CAS server of single sign-on, when there is one. */
    casServerUrl?: string | undefined;
    /** The service this console's CAS tickets are issued for (tickets for other services are refused). */
    casServiceUrl?: string | undefined;
    /** The console's outside address (PUBLIC_URL), for links in text messages. */
    publicUrl?: string | undefined;
    /** Where uploads are kept; the folder `uploadDir` when absent. */
    storage?: ServerConfig['storage'];
    /** Which database this is (数据库监控 says so). */
    databaseKind?: 'pglite' | 'postgres';
  };
  db: Database;
  sessions: SessionStore;
  /** Events shared by every server instance (live grid rows, notices). */
  bus: EventBus;
  /** What each user holds, kept in memory until grants change. */
  grants: GrantCache;
  /** Dictionary items in memory, for `_dictText` and value checks. */
  dictionaries: DictionaryTexts;
  /** Export jobs of the download centre. */
  downloads: Downloads;
  /** Text messages to phones (parents' invitations, sign-in codes). */
  sms: SmsSender;
  /** The codes texted for sign-in, registration, reset and binding a phone. */
  smsCodes: SmsCodes;
  /** Uploaded files, on the configured storage. */
  files: ObjectStore;
  /** The consumption terminals, kept in memory for their payments. */
  terminals: TerminalDirectory;
  /**
   * Effects queued for after a commit (outbox/deliver.ts): paused, they wait for another deliverer;
   * `inHand`, the effects this instance has claimed and not yet marked (handed back at a stop).
   */
  outbox: { paused: boolean; inHand: Set<number> };
  /** Set when the instance is stopping (http/gracefulStop.ts): readiness says so, answers close their connection. */
  lifecycle: { stopping: boolean };
}
