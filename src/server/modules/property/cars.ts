import { and, eq, ne } from 'drizzle-orm';
import { dayIn } from '@shared/schoolTime';
import type { EntityHooks } from '../../crud/registerEntity';
import { cars, tenants } from '../../db/schema';
import { badRequest } from '../../http/envelope';
import type { Executor } from '../../db/client';
import { billHooks } from '../bills/billHooks';
import { queueCarPushes } from './barriers';
import { schoolZone } from '../schools/settings';
import { templateText } from '../messages/delivery';
import { sendTextOrFail } from '../messages/texts';

/** A plate as it reads: upper case, no spaces (粤 b·12345 → 粤B12345). */
export const plateOf = (text: unknown) =>
  String(text ?? '')
    .replace(/[\s·.-]/g, '')
    .toUpperCase();

/** At most one text to an owner this often for one request. */
const NOTIFY_INTERVAL_MS = 5 * 60_000;

/**
 * 车辆管理 (declared in car.ts): a plate once in the school; a car past its validity is 过期 when
 * saved; 续期 only later; 解除拉黑 back to 正常 (or 过期 when its validity is over).
 */
export const CAR_HOOKS: EntityHooks = {
  normalise(values) {
    if (values.plateNo !== undefined) values.plateNo = plateOf(values.plateNo);
  },
  async beforeSave({ tx, tenantId, id, values, before }) {
    const plateNo = String(values.plateNo ?? before?.plateNo);
    const [taken] = await tx
      .select({ id: cars.id })
      .from(cars)
      .where(and(eq(cars.tenantId, tenantId), eq(cars.plateNo, plateNo), eq(cars.delFlag, 0), ...(id ? [ne(cars.id, id)] : [])))
      .limit(1);
    if (taken) throw badRequest(`车牌 ${plateNo} 已登记`, `Plate ${plateNo} is registered already`);
    const status = String(before?.status ?? '1');
    const validTo = (values.validTo !== undefined ? values.validTo : before?.validTo) as string | null | undefined;
    if (status !== '3') values.status = validTo && validTo < dayIn(await schoolZone(tx, tenantId)) ? '2' : '1';
  },
  actions: {
    async renew({ tx, caller, row, input }) {
      const next = String(input.validTo);
      if (next < dayIn(await schoolZone(tx, caller.tenantId))) throw badRequest('新有效期不能早于今天', 'The new validity cannot end before today');
      if (row.validTo && next <= String(row.validTo)) throw badRequest(`新有效期须晚于原有效期 ${String(row.validTo)}`, `The new validity must end after ${String(row.validTo)}`);
      await toBarriers(tx, caller, row, { status: '1', validTo: next });
      return { set: { validTo: next }, note: `有效期至 ${next}` };
    },
    async block({ tx, caller, row, input }) {
      await toBarriers(tx, caller, row, { status: '3' });
      return { set: { blockReason: input.blockReason } };
    },
    async unblock({ tx, caller, row }) {
      const expired = row.validTo && String(row.validTo) < dayIn(await schoolZone(tx, caller.tenantId));
      await toBarriers(tx, caller, row, { status: expired ? '2' : '1' });
      return { set: { blockReason: null, ...(expired ? { status: '2' } : {}) } };
    },
    async push({ tx, caller, row }) {
      const taskNo = await toBarriers(tx, caller, row, {});
      if (!taskNo) throw badRequest('没有在用的车辆道闸，请先在设备授权中登记', 'No car barrier in use: register one on 设备授权 first');
      return { note: `下发任务 ${taskNo}`, done: { 'zh-CN': `已下发，任务 ${taskNo}`, en: `Sent: task ${taskNo}` } };
    },
  },
};

/** A car as it will be after this change, queued to the barriers (none in use: nothing, answered null). */
function toBarriers(tx: Executor, caller: { tenantId: number; username: string }, row: Record<string, unknown>, change: { status?: string; validTo?: string }) {
  return queueCarPushes(tx, caller.tenantId, caller.username, [
    {
      id: String(row.id),
      plateNo: String(row.plateNo),
      plateColor: String(row.plateColor),
      validTo: change.validTo ?? ((row.validTo as string | null) || null),
      status: change.status ?? String(row.status),
    },
  ]);
}

/**
 * 挪车管理 (declared in moveCar.ts): numbered NC…, the plate matched to a registered car (its owner
 * copied) when saved; 通知车主 texts that owner, at most every 5 minutes for one request.
 */
export const MOVE_CAR_HOOKS: EntityHooks = {
  normalise(values) {
    if (values.plateNo !== undefined) values.plateNo = plateOf(values.plateNo);
  },
  ...billHooks('NC', {
    async beforeSave({ tx, tenantId, values, before }) {
      const plateNo = String(values.plateNo ?? before?.plateNo);
      const [found] = await tx
        .select()
        .from(cars)
        .where(and(eq(cars.tenantId, tenantId), eq(cars.plateNo, plateNo), eq(cars.delFlag, 0)))
        .limit(1);
      values.carId = found?.id ?? null;
      values.ownerName = found?.ownerName ?? null;
      values.ownerMobile = found?.mobile ?? null;
    },
  }),
  actions: {
    async unreachable({ input }) {
      return { set: { remark: input.remark } };
    },
    async notify({ tx, context, caller, row }) {
      if (!row.carId || !row.ownerMobile)
        throw badRequest(`车牌 ${String(row.plateNo)} 未登记，无法通知车主；请电话联系或标记无法联系`, `Plate ${String(row.plateNo)} is not registered: no owner to tell`);
      const last = row.notifiedAt as Date | null;
      if (last && Date.now() - last.getTime() < NOTIFY_INTERVAL_MS) throw badRequest('5 分钟内已通知过车主，请稍后再试', 'The owner was told within 5 minutes: try again later');
      const [school] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, caller.tenantId));
      // The school's MOVE_CAR template when it has one running; these words otherwise.
      const worded = await templateText(tx, caller.tenantId, 'MOVE_CAR', { plate: String(row.plateNo), location: String(row.location) });
      const text = `【${worded?.signName || school?.name || '校园一卡通'}】${worded?.text ?? `您的车辆 ${String(row.plateNo)} 停放在 ${String(row.location)}，影响他人通行，请尽快挪车。`}`;
      const mobile = String(row.ownerMobile);
      return {
        set: { notifiedAt: new Date(), notifyCount: Number(row.notifyCount ?? 0) + 1 },
        note: `短信 ${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
        after: async () => {
          await sendTextOrFail(context, caller.tenantId, { mobile, text, scene: '7', templateCode: worded ? 'MOVE_CAR' : null, by: caller.username });
        },
      };
    },
  },
};
