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

const PG_CHANNEL = 'ccu_events';

/**
 * Several instances on one PostgreSQL: every event goes through NOTIFY and comes back to every
 * instance (this one included) through LISTEN, so all deliver it the same way.
 */
export async function createPgBus(connectionString: string): Promise<EventBus> {
  const handlers: Handlers = new Map();
  const listener = new pg.Client({ connectionString });
  await listener.connect();
  listener.on('notification', (message) => {
    if (message.channel !== PG_CHANNEL || !message.payload) return;
    try {
      const { channel, payload } = JSON.parse(message.payload) as { channel: string; payload: unknown };
      deliver(handlers, channel, payload);
    } catch {
      // A payload that does not parse is not ours.
    }
  });
  await listener.query(`LISTEN ${PG_CHANNEL}`);
  const publisher = new pg.Pool({ connectionString, max: 2 });
  return {
    async publish(channel, payload) {
      await publisher.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, JSON.stringify({ channel, payload })]);
    },
    subscribe: subscriber(handlers),
    async close() {
      handlers.clear();
      await listener.end();
      await publisher.end();
    },
  };
}
