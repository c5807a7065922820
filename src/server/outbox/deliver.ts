import { sql } from 'drizzle-orm';
import type { Titles } from '@shared/engine/spec';
import type { AppContext } from '../context';
import { rowsOf } from '../db/rows';
import { unscoped } from '../db/work';
import { createTicker } from '../jobs/ticker';
import { tellingChanges } from '../realtime/listChanges';

/**
 * The outbox's deliveries (ARCHITECTURE.md, "Data access"): an effect a unit of work queued with
 * `work.later` is taken by one deliverer at a time (`FOR UPDATE SKIP LOCKED`, then a claim that
 * lapses if its deliverer dies), handed to its kind's handler, and marked done — or, when the
 * handler throws, tried again after a growing pause, and after its last attempt kept as failed
 * for someone to see and retry. Delivery is at least once: handlers are idempotent.
 */

/** One queued effect as its handler receives it. */
export interface OutboxItem {
  id: number;
  tenantId: number;
  kind: string;
  payload: Record<string, unknown>;
  /** Who queued it. */
  createBy: string | null;
  /** This is the n-th attempt. */
  attempts: number;
}

/** What a delivery says: words for whoever asked (a job's result), and whether they mean a refusal. */
export interface OutboxOutcome {
  said?: Titles;
  refused?: boolean;
  /** The HTTP status a refusal answers with (400 when not said: a provider's failure is a 502). */
  status?: number;
}

export type OutboxHandler = (context: AppContext, item: OutboxItem) => Promise<OutboxOutcome | void>;

const handlers = new Map<string, OutboxHandler>();

/** Declares how one kind of effect is delivered (beside the area that queues it). */
export function outboxHandler(kind: string, handler: OutboxHandler): void {
  if (handlers.has(kind) && handlers.get(kind) !== handler) throw new Error(`outbox kind ${kind} has two handlers`);
  handlers.set(kind, handler);
}

export const outboxKinds = (): string[] => [...handlers.keys()];

/** Attempts before an effect is kept as failed. */
export const OUTBOX_ATTEMPTS = 6;
/** How long a deliverer holds an effect before another may take it (it died, or hangs). */
const CLAIM_SECONDS = 300;
/** The pause before attempt n+1: 5 s, 20 s, 80 s … capped at an hour. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 5 * 4 ** Math.max(0, attempts - 1));

interface Claimed {
  id: string | number;
  tenant_id: number;
  kind: string;
  payload: Record<string, unknown>;
  create_by: string | null;
  attempts: number;
}

/**
 * Takes one due effect (the one given, or the oldest due) and delivers it. Answers its outcome,
 * or null when there was none to take (another deliverer has it, or it is done).
 */
export async function deliverOne(context: AppContext, id?: number): Promise<{ id: number; outcome: OutboxOutcome | void; error?: string } | null> {
  const db = unscoped(context.db, 'outbox: the deliverer takes every school’s effects');
  const [row] = await rowsOf<Claimed>(
    db,
    sql`update sys_outbox set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1
         where id = (select id from sys_outbox
                      where state = 'queued' and next_at <= now() and (claimed_until is null or claimed_until < now())
                        ${id === undefined ? sql`` : sql`and id = ${id}`}
                      order by id limit 1 for update skip locked)
     returning id, tenant_id, kind, payload, create_by, attempts`,
  );
  if (!row) return null;
  const item: OutboxItem = { id: Number(row.id), tenantId: row.tenant_id, kind: row.kind, payload: row.payload, createBy: row.create_by, attempts: row.attempts };
  const handler = handlers.get(item.kind);
  context.outbox.inHand.add(item.id);
  try {
    if (!handler) throw new Error(`no handler for ${item.kind}`);
    const outcome = await tellingChanges(context, item.tenantId, () => handler(context, item));
    await db.execute(
      sql`update sys_outbox set state = 'done', delivered_at = now(), claimed_until = null, last_error = null, result = ${outcome?.said ? JSON.stringify(outcome.said) : null}::jsonb where id = ${item.id}`,
    );
    return { id: item.id, outcome };
  } catch (failure) {
    const error = failure instanceof Error ? failure.message : String(failure);
    const gaveUp = item.attempts >= OUTBOX_ATTEMPTS;
    await db.execute(
      sql`update sys_outbox set claimed_until = null, last_error = ${error.slice(0, 2000)},
            state = ${gaveUp ? 'failed' : 'queued'}, next_at = now() + make_interval(secs => ${backoffSeconds(item.attempts)})
          where id = ${item.id}`,
    );
    return { id: item.id, outcome: undefined, error };
  } finally {
    context.outbox.inHand.delete(item.id);
  }
}

/**
 * At a stop that could not wait for them, gives back the effects this instance still holds: due
 * again at once for another deliverer (or this one's next start), the attempt not counted, rather
 * than left claimed until the claim lapses. A handler still running may deliver one twice: delivery
 * is at least once. Answers how many were given back.
 */
export async function handBackClaims(context: AppContext): Promise<number> {
  const ids = [...context.outbox.inHand];
  if (!ids.length) return 0;
  const db = unscoped(context.db, 'outbox: an instance gives back what it claimed, of any school');
  const given = await rowsOf<{ id: number }>(
    db,
    sql`update sys_outbox set claimed_until = null, next_at = now(), attempts = greatest(attempts - 1, 0)
         where id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )}) and state = 'queued' returning id`,
  );
  context.outbox.inHand.clear();
  return given.length;
}

/**
 * Delivers effects just queued by a job's own transactions without waiting for the worker's next
 * tick; one that fails now stays queued and the worker retries it (nothing here is refused).
 */
export async function deliverQueued(context: AppContext, ids: readonly (number | null | undefined)[]): Promise<void> {
  if (context.outbox.paused) return;
  for (const id of ids) if (id != null) await deliverOne(context, id);
}

/** Puts a failed effect back in the queue, due now, with fresh attempts (someone chose to retry it). */
export async function retryEffect(context: AppContext, tenantId: number | null, id: number): Promise<boolean> {
  const db = unscoped(context.db, 'outbox: the platform retries any school’s effect');
  const again = await rowsOf<{ id: number }>(
    db,
    sql`update sys_outbox set state = 'queued', attempts = 0, next_at = now(), claimed_until = null
         where id = ${id} and state = 'failed' ${tenantId === null ? sql`` : sql`and tenant_id = ${tenantId}`} returning id`,
  );
  return again.length > 0;
}

/**
 * The deliverer of one instance: every tick it delivers what is due until none is. `paused` queues
 * without delivering (an instance kept out of deliveries, or a test stopping time between commit
 * and delivery).
 */
export function createOutboxWorker(context: AppContext, options: { tickMs: number; log?: (message: string, error?: unknown) => void }) {
  const ticker = createTicker(
    async () => {
      while (!ticker.stopped) {
        const delivered = await deliverOne(context);
        if (!delivered) return;
        if (delivered.error) options.log?.(`outbox: effect ${delivered.id} failed`, new Error(delivered.error));
      }
    },
    { tickMs: options.tickMs, name: 'outbox', log: options.log },
  );
  return ticker;
}
