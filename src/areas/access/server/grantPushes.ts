import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { newId } from '@server/db/ids';
import type { EntityHooks } from '@server/crud/registerEntity';
import { pushItems, pushTasks } from '@server/db/schema';
import { accessGrants } from './tables';
import type { Work } from '@server/db/work';
import { nextBillNo } from '@server/modules/bills/billNo';
import { recountTask, supersedeItems } from '@server/modules/devices/pushes';

/**
 * Grant changes as 设备下发 tasks (DOMAIN.md §16 门禁授权 ④ 生成下发任务 ⑤ 下发结果): each change of a door's
 * grants is a 门禁权限 task with one item a grant, settled when the door's controller takes the grants
 * (下发中) and answers them (成功/失败) through the gate API. The grant's own 下发状态 stays what the
 * gate reads; the task is what 设备下发 shows and counts.
 */

/** One task a door and kind of change within a transaction: a class granted in one go is one task. */
const openTasks = new WeakMap<Executor, Map<string, { id: string; taskNo: string }>>();

export interface GrantChange {
  id: string;
  memberId: string;
}

/**
 * Queues a door's changed grants (1 新增/更新 · 2 删除) as a 门禁权限 task, or as a 时段 task when their
 * time group changed; an earlier item of the same grant not yet answered is superseded.
 */
export async function queueGrantPushes(work: Work, doorId: string, grants: readonly GrantChange[], addDel: '1' | '2', pushType: '4' | '5' = '4'): Promise<string | null> {
  if (!grants.length) return null;
  const touched = await supersedeItems(
    work.tx,
    grants.map((grant) => grant.id),
  );
  const open = openTasks.get(work.tx) ?? new Map<string, { id: string; taskNo: string }>();
  openTasks.set(work.tx, open);
  const key = `${doorId}|${addDel}|${pushType}`;
  let task = open.get(key);
  if (!task) {
    task = { id: newId(), taskNo: await nextBillNo(work.tx, work.tenantId, 'XD') };
    await work.insert(pushTasks, { id: task.id, taskNo: task.taskNo, pushType, targetMode: '1', doorId, addDel, status: '0' });
    open.set(key, task);
  }
  const taskId = task.id;
  const rows = grants.map((grant) => ({
    id: newId(),
    taskId,
    doorId,
    subjectId: grant.id,
    memberId: grant.memberId,
    payload: { type: pushType, action: addDel === '2' ? 'delete' : 'upsert', grantId: grant.id },
  }));
  for (let at = 0; at < rows.length; at += 500) await work.insert(pushItems, rows.slice(at, at + 500));
  touched.add(taskId);
  for (const id of touched) await recountTask(work.tx, id);
  return task.taskNo;
}

/** The gate took these grants: their waiting items are 下发中, and so are their tasks. */
export async function grantItemsSent(work: Work, doorId: string, grantIds: readonly string[]): Promise<void> {
  if (!grantIds.length) return;
  const sent = await work.tx
    .update(pushItems)
    .set({ status: '1', sentTime: new Date() })
    .where(and(work.school(pushItems), eq(pushItems.doorId, doorId), inArray(pushItems.subjectId, [...grantIds]), inArray(pushItems.status, ['0', '1'])))
    .returning({ taskId: pushItems.taskId });
  for (const taskId of new Set(sent.map((row) => row.taskId))) await recountTask(work.tx, taskId);
}

/** The gate answered a grant: its item is 成功 or 失败 (with the gate's reason), and the task counts again. */
export async function grantItemAnswered(work: Work, doorId: string, answer: { grantId: string; success: boolean; message?: string }): Promise<void> {
  const settled = await work.tx
    .update(pushItems)
    .set(answer.success ? { status: '2', errMsg: null, doneTime: new Date() } : { status: '3', retries: 1, errMsg: (answer.message ?? '设备未说明原因').slice(0, 200), doneTime: new Date() })
    .where(and(work.school(pushItems), eq(pushItems.doorId, doorId), eq(pushItems.subjectId, answer.grantId), eq(pushItems.status, '1')))
    .returning({ taskId: pushItems.taskId });
  for (const taskId of new Set(settled.map((row) => row.taskId))) await recountTask(work.tx, taskId);
}

/**
 * 时间组 (declared in timeGroup.ts): a group's days, periods or holiday rule changed, each of its grants
 * goes to its door again (a 时段/节假日 task a door) — the controllers decide offline by what they hold.
 */
export const TIME_GROUP_HOOKS: EntityHooks = {
  async beforeSave({ work, id, values, before }) {
    if (!before || !id) return;
    const changed = Object.keys(values).some((key) => (key === 'weekdays' || key === 'holidayPolicy' || key.startsWith('period')) && String(values[key] ?? '') !== String(before[key] ?? ''));
    if (!changed) return;
    const grants = await work.update(accessGrants, { pushStatus: '0' }, eq(accessGrants.timeGroupId, id));
    for (const doorId of new Set(grants.map((grant) => grant.doorId)))
      await queueGrantPushes(
        work,
        doorId,
        grants.filter((grant) => grant.doorId === doorId),
        '1',
        '5',
      );
  },
};
