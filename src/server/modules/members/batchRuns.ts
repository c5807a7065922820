import type { Titles } from '@shared/engine/spec';
import type { AppContext } from '../../context';
import { inSchool, type Worker } from '../../db/work';
import { afterTheAnswer } from '../../db/writes';
import { deliverQueued, outboxHandler, type OutboxItem } from '../../outbox/deliver';

/** Who a queued effect works as: its school, and whoever queued it (the job's name when nobody did). */
export const workerOf = (item: Pick<OutboxItem, 'tenantId' | 'createBy'>): Worker => ({ tenantId: item.tenantId, username: item.createBy ?? 'system' });

/**
 * A batch run too long for its requester to wait (thousands of people, one transaction each),
 * through the outbox in two steps: the action's effect (`kind`) answers at once and queues the run
 * itself (`kind.run`), delivered in the background — by this instance at once, or by any worker
 * after a crash (its claim lapses). `run` is resumable: it takes up only the people not yet done
 * and acts on each under its own lock, so a second delivery never does anyone twice.
 */
export function batchRun(
  kind: string,
  handlers: { said: (payload: Record<string, unknown>) => Titles; run: (context: AppContext, worker: Worker, payload: Record<string, unknown>) => Promise<unknown> },
): void {
  outboxHandler(kind, async (context, item) => {
    const id = await inSchool(context.db, workerOf(item), (work) => work.later({ kind: `${kind}.run`, payload: item.payload }));
    // Not awaited: the answer goes now; a run that stops here is taken up again by the worker.
    // Outside the request's recording: its writes come after the answer, and are told to the lists as such.
    void afterTheAnswer(() => deliverQueued(context, [id])).catch((error: unknown) => console.error(`${kind}: effect ${id} stopped:`, error));
    return { said: handlers.said(item.payload) };
  });
  outboxHandler(`${kind}.run`, async (context, item) => {
    await handlers.run(context, workerOf(item), item.payload);
  });
}
