import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { unscoped } from '../../db/work';

/** How long readiness waits for the database before it says DOWN (a load balancer's probe is short). */
const DATABASE_PROBE_MS = 2000;

/**
 * What a load balancer or an orchestrator asks, in Spring Boot's shape as the family's servers
 * answer it (bare, no envelope), without a token:
 * - `GET /actuator/health/liveness`: the process answers (restart it if not);
 * - `GET /actuator/health` and `/actuator/health/readiness`: it can serve, its database too —
 *   503 and DOWN while the database is away (send requests elsewhere), UP again once it is back;
 *   503 and OUT_OF_SERVICE once the instance is stopping.
 */
export function healthRoutes(api: FastifyInstance, context: AppContext): void {
  const db = unscoped(context.db, 'health: one trivial statement, of no school');
  const open = { config: { public: true, notLogged: true } } as const;

  api.get('/actuator/health/liveness', open, async () => ({ status: 'UP' }));

  const readiness = async (_request: unknown, reply: { code(status: number): unknown }) => {
    // Stopping (SIGTERM): still answering what reaches it, but send nothing new here.
    if (context.lifecycle.stopping) {
      reply.code(503);
      return { status: 'OUT_OF_SERVICE' };
    }
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const database = await Promise.race([
      db.execute(sql`select 1`).then(
        () => ({ status: 'UP' as const }),
        (error: unknown) => ({ status: 'DOWN' as const, details: { error: error instanceof Error ? error.message : String(error) } }),
      ),
      new Promise<{ status: 'DOWN'; details: { error: string } }>((resolve) => {
        timer = setTimeout(() => resolve({ status: 'DOWN', details: { error: `no answer in ${DATABASE_PROBE_MS} ms` } }), DATABASE_PROBE_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    const status = database.status;
    if (status === 'DOWN') reply.code(503);
    return {
      status,
      components: { db: { ...database, details: { database: context.config.databaseKind ?? 'pglite', ms: Date.now() - started, ...('details' in database ? database.details : {}) } } },
    };
  };
  api.get('/actuator/health', open, readiness);
  api.get('/actuator/health/readiness', open, readiness);
}
