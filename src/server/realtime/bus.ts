import pg from 'pg';

/** Events between server instances: in-process by default, LISTEN/NOTIFY on PostgreSQL. */
export interface EventBus {
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, handler: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

type Handlers = Map<string, Set<(payload: unknown) => void>>;

function deliver(handlers: Handlers, channel: string, payload: unknown): void {
  for (const handler of handlers.get(channel) ?? []) handler(payload);
}

function subscriber(handlers: Handlers) {
  return (channel: string, handler: (payload: unknown) => void) => {
    const set = handlers.get(channel) ?? new Set();
    set.add(handler);
    handlers.set(channel, set);
    return () => {
      set.delete(handler);
      if (set.size === 0) handlers.delete(channel);
    };
  };
}

/** One process: events go straight to the local subscribers. */
export function createMemoryBus(): EventBus {
  const handlers: Handlers = new Map();
  return {
    async publish(channel, payload) {
      deliver(handlers, channel, payload);
    },
    subscribe: subscriber(handlers),
    async close() {
      handlers.clear();
    },
  };
}

/**
 * Delivered on this instance alone when events may have been missed (the listening connection
 * dropped, and again once it is back): whoever keeps what events would have changed drops it all.
 */
export const BUS_RESYNC = 'bus:resync';

const PG_CHANNEL = 'ccu_events';

/** The first try to listen again is at once (a cut connection, the database still up), then every 2 s. */
const FIRST_RELISTEN_MS = 100;
const RELISTEN_MS = 2_000;

/**
 * Several instances on one PostgreSQL: every event goes through NOTIFY and comes back to every
 * instance (this one included) through LISTEN, so all deliver it the same way. A dropped
 * listening connection (database restart, network) is opened again until it is back. NOTIFY
 * keeps nothing for a listener that is away, so the loss and the return are each told to local
 * subscribers as BUS_RESYNC: caches of sessions, grants and dictionaries start again from the
 * database, and tables catch up at their next load.
 */
export async function createPgBus(connectionString: string, log: (message: string) => void = () => {}): Promise<EventBus> {
  const handlers: Handlers = new Map();
  let closed = false;
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let failedTries = 0;

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', (error) => {
      log(`event bus: listening connection lost (${error.message}), reconnecting`);
      relisten(client);
    });
    client.on('end', () => relisten(client));
    client.on('notification', (message) => {
      if (message.channel !== PG_CHANNEL || !message.payload) return;
      try {
        const { channel, payload } = JSON.parse(message.payload) as { channel: string; payload: unknown };
        deliver(handlers, channel, payload);
      } catch {
        // A payload that does not parse is not ours.
      }
    });
    await client.connect();
    await client.query(`LISTEN ${PG_CHANNEL}`);
    listener = client;
  };
  const relisten = (lost: pg.Client) => {
    if (closed || retry || (listener !== lost && listener !== null)) return;
    if (listener === lost) deliver(handlers, BUS_RESYNC, null);
    listener = null;
    void lost.end().catch(() => {});
    retry = setTimeout(
      () => {
        retry = undefined;
        listen()
          .then(() => {
            failedTries = 0;
            log('event bus: listening again');
            deliver(handlers, BUS_RESYNC, null);
          })
          .catch((error: Error) => {
            failedTries += 1;
            log(`event bus: cannot listen yet (${error.message})`);
            relisten(lost);
          });
      },
      failedTries ? RELISTEN_MS : FIRST_RELISTEN_MS,
    );
  };

  await listen();
  const publisher = new pg.Pool({ connectionString, max: 2 });
  publisher.on('error', (error) => log(`event bus: publisher connection error (${error.message})`));
  return {
    async publish(channel, payload) {
      await publisher.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, JSON.stringify({ channel, payload })]);
    },
    subscribe: subscriber(handlers),
    async close() {
      closed = true;
      clearTimeout(retry);
      handlers.clear();
      await listener?.end().catch(() => {});
      await publisher.end();
    },
  };
}
