import { and, asc, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FlowEffect } from '../../crud/flowActions';
import type { EntityHooks, FormValues } from '../../crud/registerEntity';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { Work, type RowOf } from '../../db/work';
import { cards, devices, mealConfigs, mealStores, members, pushItems, pushTasks } from '../../db/schema';
import { badRequest } from '../../http/envelope';
import { nextBillNo } from '../bills/billNo';
import { departmentAndBelow } from '../members/subsidies';
import { areaPushType } from '../../registry/areas';

/**
 * 设备下发's work (DOMAIN.md 2.15). A task, once written, becomes one item per device and subject;
 * a terminal takes what waits for it (待下发, or 下发中 it never answered for ten minutes) and answers
 * each; a failure queues again until it has failed three times. The task counts its items after
 * every answer.
 */

/** An item sent but not answered for this long is sent again. */
export const PUSH_LEASE_MS = 10 * 60_000;
/** Failures before an item stays 失败 (重试失败项 queues it again). */
export const PUSH_ATTEMPTS = 3;
/** The most items a terminal takes at once. */
export const PUSH_PAGE = 200;

type Subject = { memberId: string | null; payload: Record<string, unknown> };
/** A task as written: its form's values (a new task's, or the seed's). */
type TaskValues = FormValues<RowOf<typeof pushTasks>>;

/** The devices a task goes to: one, a canteen's, or every one in use. */
async function targetDevices(work: Work, task: TaskValues) {
  const mode = task.targetMode;
  return work.rows(devices, and(eq(devices.status, '1'), mode === '1' ? eq(devices.id, task.deviceId ?? '') : mode === '2' ? eq(devices.canteenId, task.canteenId ?? '') : undefined), {
    orderBy: asc(devices.serialNo),
  });
}

/** The people a list is about: in service (a grade or class when named), with a live card. */
async function people(work: Work, deptId: unknown, withPhoto: boolean) {
  const departments = deptId ? await departmentAndBelow(work.tx, work.tenantId, String(deptId)) : null;
  return work.tx
    .select({ id: members.id, memberNo: members.memberNo, name: members.realName, photo: members.photo, cardNo: cards.cardNo, physNo: cards.physNo })
    .from(members)
    .innerJoin(cards, and(eq(cards.memberId, members.id), inArray(cards.cardStatus, ['1', '3'])))
    .where(and(work.school(members), eq(members.memberStatus, '1'), departments ? inArray(members.deptId, departments) : undefined, withPhoto ? isNotNull(members.photo) : undefined))
    .orderBy(asc(members.memberNo));
}

/** What each device of a task is given: the same list for every device, or its own settings. */
async function subjectsOf(work: Work, task: TaskValues, device: RowOf<typeof devices>): Promise<Subject[]> {
  switch (task.pushType) {
    case '1':
      return (await people(work, task.deptId, false)).map((row) => ({ memberId: row.id, payload: { memberNo: row.memberNo, name: row.name, cardNo: row.cardNo, physNo: row.physNo } }));
    case '2':
      return (await people(work, task.deptId, true)).map((row) => ({ memberId: row.id, payload: { memberNo: row.memberNo, photo: row.photo } }));
    case '3': {
      // Lost and cancelled cards: a terminal refuses them offline too.
      const blocked = await work.rows(cards, inArray(cards.cardStatus, ['2', '4']), { orderBy: asc(cards.cardNo) });
      return blocked.map((row) => ({ memberId: row.memberId, payload: { cardNo: row.cardNo, physNo: row.physNo, cardStatus: row.cardStatus } }));
    }
    case '6': {
      const [store] = device.storeId ? await work.tx.select().from(mealStores).where(eq(mealStores.id, device.storeId)) : [];
      return [
        {
          memberId: null,
          payload: {
            canteenId: device.canteenId,
            storeId: device.storeId,
            storeName: store?.name ?? null,
            storeType: store?.storeType ?? null,
            consumeMode: store?.consumeMode ?? null,
            fixedAmount: store?.fixedAmount ?? null,
          },
        },
      ];
    }
    case '7': {
      const meals = await work.rows(mealConfigs, eq(mealConfigs.canteenId, device.canteenId));
      return [
        {
          memberId: null,
          payload: { meals: meals.map((meal) => ({ mealType: meal.mealType, startTime: meal.startTime, endTime: meal.endTime, price: meal.standardPrice })) },
        },
      ];
    }
    default: {
      const elsewhere = areaPushType(task.pushType)?.madeElsewhere;
      throw elsewhere ? badRequest(elsewhere['zh-CN'], elsewhere.en) : badRequest('下发类型无效', 'No such kind of push');
    }
  }
}

/** A task as written: numbered, its target named, then its items made (none to send is refused). */
export const pushTaskHooks: EntityHooks<RowOf<typeof pushTasks>> = {
  async beforeSave({ work, values, before }) {
    if (before) return;
    // A kind an area sends itself (门禁权限, 车辆名单) is never written here.
    const elsewhere = areaPushType(values.pushType)?.madeElsewhere;
    if (elsewhere) throw badRequest(elsewhere['zh-CN'], elsewhere.en);
    if (values.targetMode === '1' && !values.deviceId) throw badRequest('请选择要下发的设备', 'Choose the device');
    if (values.targetMode === '2' && !values.canteenId) throw badRequest('请选择要下发的食堂', 'Choose the canteen');
    values.taskNo = await nextBillNo(work.tx, work.tenantId, 'XD');
    values.status = '0';
  },
  async afterAdd({ work, id, values }) {
    await itemsOf(work, id, values);
  },
};

/** A task's items: one per device it goes to and subject it sends (none to send is refused). */
async function itemsOf(work: Work, id: string, values: TaskValues): Promise<number> {
  const targets = await targetDevices(work, values);
  if (!targets.length) throw badRequest('没有可下发的在用设备', 'No device in use to send to');
  let total = 0;
  for (const device of targets) {
    const subjects = await subjectsOf(work, values, device);
    const rows = subjects.map((subject) => ({
      id: newId(),
      taskId: id,
      deviceId: device.id,
      memberId: subject.memberId,
      payload: { type: values.pushType ?? '', action: values.addDel === '2' ? 'delete' : 'upsert', fullSync: Boolean(values.fullSync), ...subject.payload },
    }));
    for (let at = 0; at < rows.length; at += 500) await work.insert(pushItems, rows.slice(at, at + 500));
    total += rows.length;
  }
  if (!total) throw badRequest('没有需要下发的内容', 'There is nothing to send');
  await work.tx
    .update(pushTasks)
    .set({ total })
    .where(and(work.school(pushTasks), eq(pushTasks.id, id)));
  return total;
}

/**
 * A door's items of these grants or cars still waiting, or sent and unanswered, are superseded (已取消):
 * the door takes the subject as it is now, and its answer to the old item no longer matches. Answers
 * the tasks touched, to be counted again.
 */
export async function supersedeItems(tx: Executor, subjectIds: readonly string[]): Promise<Set<string>> {
  const touched = new Set<string>();
  for (let at = 0; at < subjectIds.length; at += 1000) {
    const superseded = await tx
      .update(pushItems)
      .set({ status: '4', errMsg: '已被新的变更取代', updatedAt: new Date() })
      .where(and(inArray(pushItems.subjectId, subjectIds.slice(at, at + 1000)), inArray(pushItems.status, ['0', '1'])))
      .returning({ taskId: pushItems.taskId });
    for (const { taskId } of superseded) touched.add(taskId);
  }
  return touched;
}

/**
 * The task's counts from its items: 待下发 while no device has taken any, 下发中 while any waits
 * after that, then 成功, 部分失败 or 失败.
 */
export async function recountTask(tx: Executor, taskId: string): Promise<void> {
  const [counted] = await tx
    .select({
      total: sql<number>`count(*) filter (where ${pushItems.status} <> '4')::int`,
      success: sql<number>`count(*) filter (where ${pushItems.status} = '2')::int`,
      failed: sql<number>`count(*) filter (where ${pushItems.status} = '3')::int`,
      waiting: sql<number>`count(*) filter (where ${pushItems.status} in ('0', '1'))::int`,
      // Taken by a device at least once: sent, answered, or queued again after a failed answer.
      taken: sql<number>`count(*) filter (where ${pushItems.status} in ('1', '2', '3') or ${pushItems.retries} > 0)::int`,
    })
    .from(pushItems)
    .where(eq(pushItems.taskId, taskId));
  const { total, success, failed, waiting, taken } = counted!;
  const status = waiting ? (taken ? '1' : '0') : !failed ? '2' : success ? '3' : '4';
  await tx
    .update(pushTasks)
    .set({ total, success, failed, status, finishTime: waiting ? null : new Date() })
    // A cancelled task keeps its state.
    .where(and(eq(pushTasks.id, taskId), ne(pushTasks.status, '5')));
}

/** 重试失败项 and 取消 (declared in pushTask.ts). */
export const pushTaskActions: Readonly<Record<string, FlowEffect<RowOf<typeof pushTasks>>>> = {
  async retryFailed({ work, row }) {
    const again = await work.update(pushItems, { status: '0', retries: 0 }, and(eq(pushItems.taskId, row.id), eq(pushItems.status, '3')));
    // An area's items (a door's grants) wait for delivery again on the area's records too.
    const subjectIds = again.flatMap((item) => (item.subjectId ? [item.subjectId] : []));
    const retried = areaPushType(row.pushType)?.retried;
    if (retried && subjectIds.length) await retried(work, subjectIds);
    return { set: { failed: 0, finishTime: null } };
  },
  async cancel({ work, row }) {
    const withdrawn = await work.update(pushItems, { status: '4' }, and(eq(pushItems.taskId, row.id), inArray(pushItems.status, ['0', '1'])));
    return { note: `撤回 ${withdrawn.length} 项`, set: { finishTime: new Date() } };
  },
};

/** Whose queue: a terminal's (设备下发 by terminal), or a door's (a car barrier's plates). */
export type PushHolder = { deviceId: string } | { doorId: string };
const heldBy = (holder: PushHolder) => ('deviceId' in holder ? eq(pushItems.deviceId, holder.deviceId) : eq(pushItems.doorId, holder.doorId));

/**
 * What a terminal takes: its items waiting (and those it took without answering within the lease),
 * oldest first, marked 下发中 — under a lock, so two requests of one terminal never take one item twice.
 */
export async function takeItems(tx: Executor, holder: PushHolder, limit = PUSH_PAGE) {
  const leaseEnd = new Date(Date.now() - PUSH_LEASE_MS);
  const due = await tx
    .select({ id: pushItems.id, taskId: pushItems.taskId, payload: pushItems.payload })
    .from(pushItems)
    .where(and(heldBy(holder), or(eq(pushItems.status, '0'), and(eq(pushItems.status, '1'), lt(pushItems.sentTime, leaseEnd)))))
    .orderBy(asc(pushItems.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length)
    await tx
      .update(pushItems)
      .set({ status: '1', sentTime: new Date() })
      .where(
        inArray(
          pushItems.id,
          due.map((item) => item.id),
        ),
      );
  // A task a device took from is 下发中 (no longer 待下发).
  for (const taskId of new Set(due.map((item) => item.taskId))) await recountTask(tx, taskId);
  return due;
}

/** A terminal's answers: each item of its own still 下发中 becomes 成功, or 失败 (queued again while attempts remain). */
export async function acknowledgeItems(tx: Executor, holder: PushHolder, results: readonly { itemId: string; success: boolean; message?: string }[]): Promise<{ accepted: number }> {
  const touched = new Set<string>();
  let accepted = 0;
  for (const result of results) {
    const [item] = await tx
      .select()
      .from(pushItems)
      .where(and(eq(pushItems.id, result.itemId), heldBy(holder), eq(pushItems.status, '1')))
      .for('update');
    // Another device's item, or one answered already (a retried answer): nothing changes.
    if (!item) continue;
    accepted += 1;
    touched.add(item.taskId);
    const now = new Date();
    if (result.success) await tx.update(pushItems).set({ status: '2', errMsg: null, doneTime: now }).where(eq(pushItems.id, item.id));
    else {
      const retries = item.retries + 1;
      await tx
        .update(pushItems)
        .set({ status: retries < PUSH_ATTEMPTS ? '0' : '3', retries, errMsg: (result.message ?? '设备未说明原因').slice(0, 200), doneTime: retries < PUSH_ATTEMPTS ? null : now })
        .where(eq(pushItems.id, item.id));
    }
  }
  for (const taskId of touched) await recountTask(tx, taskId);
  return { accepted };
}
