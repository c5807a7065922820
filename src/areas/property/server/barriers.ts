import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { dayIn } from '@shared/schoolTime';
import { pushSigningText, type PushAnswer } from '@shared/terminal';
import type { AppContext } from '@server/context';
import type { Executor } from '@server/db/client';
import { newId } from '@server/db/ids';
import { inSchool, type Work, type Worker } from '@server/db/work';
import { doors } from '@areas/access/server';
import { pushItems, pushTasks } from '@server/db/schema';
import { ok } from '@server/http/envelope';
import { parseInput } from '@server/http/validate';
import { nextBillNo } from '@server/modules/bills/billNo';
import { acknowledgeItems, recountTask, supersedeItems, takeItems } from '@server/modules/devices/pushes';
import { signedDevice, signedTake } from '@server/modules/devices/keys';
import { ackSchema } from '@server/modules/devices/routes';
import { schoolZone } from '@server/modules/schools/settings';

/**
 * 下发道闸 (DOMAIN.md §14 车辆管理): the cars a school's barriers (门禁设备 of the kind 车辆道闸) know, sent as a
 * 车辆名单 task of 设备下发 — one item a barrier and car, the car as it is now: 白名单 while 正常 within its
 * validity, 黑名单 when blocked, dropped once expired. A barrier takes its items and answers each through
 * the gate API, signed with its door's key; the task counts the answers.
 */

/** One task a transaction: the cars of one 下发道闸 (or one 续期 of many) are one task. */
const openTasks = new WeakMap<Executor, { id: string; taskNo: string }>();

export interface CarState {
  id: string;
  plateNo: string;
  plateColor: string;
  validTo: string | null;
  status: string;
}

/** What a barrier is told of a car: let in (white), kept out (black), or dropped from its list. */
export function plateEntry(car: CarState, today: string): { action: 'upsert' | 'delete'; list?: 'white' | 'black' } {
  if (car.status === '3') return { action: 'upsert', list: 'black' };
  if (car.status === '1' && (!car.validTo || car.validTo >= today)) return { action: 'upsert', list: 'white' };
  return { action: 'delete' };
}

/** Queues the cars to every barrier in use; none in use: nothing queued (answers null). An item of a car still waiting is superseded. */
export async function queueCarPushes(work: Work, cars: readonly CarState[]): Promise<string | null> {
  const barriers = await work.tx
    .select({ id: doors.id })
    .from(doors)
    .where(and(work.school(doors), eq(doors.status, '1'), eq(doors.deviceKind, '4')));
  if (!barriers.length || !cars.length) return null;
  const touched = await supersedeItems(
    work.tx,
    cars.map((car) => car.id),
  );
  let task = openTasks.get(work.tx);
  if (!task) {
    task = { id: newId(), taskNo: await nextBillNo(work.tx, work.tenantId, 'XD') };
    await work.insert(pushTasks, { id: task.id, taskNo: task.taskNo, pushType: '8', targetMode: '3', addDel: '1', status: '0' });
    openTasks.set(work.tx, task);
  }
  const today = dayIn(await schoolZone(work.tx, work.tenantId));
  const rows = barriers.flatMap((barrier) =>
    cars.map((car) => ({
      id: newId(),
      taskId: task.id,
      doorId: barrier.id,
      subjectId: car.id,
      subjectLabel: car.plateNo,
      payload: { type: '8', ...plateEntry(car, today), plateNo: car.plateNo, plateColor: car.plateColor, validTo: car.validTo },
    })),
  );
  for (let at = 0; at < rows.length; at += 500) await work.insert(pushItems, rows.slice(at, at + 500));
  for (const taskId of touched.add(task.id)) await recountTask(work.tx, taskId);
  return task.taskNo;
}

/** A barrier works for its door's school, under its own name. */
const barrierWorker = (door: { tenantId: number; serialNo: string }): Worker => ({ tenantId: door.tenantId, username: `gate:${door.serialNo}` });

/** The barriers' side: what waits for a barrier (a take request: signed with its route and a nonce), and its answers (`itemId|1` or `itemId|0|reason`). */
export function barrierRoutes(api: FastifyInstance, context: AppContext): void {
  api.post('/gate/plates/pending', { config: { public: true } }, async (request) => {
    const door = await signedTake(context, doors, request, '/gate/plates/pending');
    const items = await inSchool(context.db, barrierWorker(door), (work) => takeItems(work.tx, { doorId: door.id }));
    return ok(items.map((item) => ({ itemId: item.id, taskId: item.taskId, ...(item.payload as Record<string, unknown>) })));
  });
  api.post('/gate/plates/ack', { config: { public: true } }, async (request) => {
    const body = parseInput(ackSchema, request.body);
    const door = await signedDevice(context, doors, request, (serial, timestamp) => pushSigningText(serial, timestamp, body.results as PushAnswer[]));
    return ok(await inSchool(context.db, barrierWorker(door), (work) => acknowledgeItems(work.tx, { doorId: door.id }, body.results)));
  });
}
