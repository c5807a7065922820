import type { car as carSpec } from '@areas/property/shared/entities/car';
import type { FlowEffects } from '@server/crud/flowActions';
import { and, eq, ne } from 'drizzle-orm';
import { dayIn } from '@shared/schoolTime';
import type { EntityHooks } from '@server/crud/registerEntity';
import { tenants } from '@server/db/schema';
import { cars, moveCarRequests } from './tables';
import type { RowOf, Work } from '@server/db/work';
import { badRequest } from '@server/http/envelope';
import { billHooks } from '@server/modules/bills/billHooks';
import { queueCarPushes } from './barriers';
import { schoolZone } from '@server/modules/schools/settings';
import { templateText } from '@server/modules/messages/delivery';
import { textsLater } from '@server/modules/messages/texts';

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
export const CAR_HOOKS: EntityHooks<RowOf<typeof cars>> = {
  normalise(values) {
    if (values.plateNo !== undefined) values.plateNo = plateOf(values.plateNo);
  },
  async beforeSave({ work, id, values, before }) {
    const plateNo = values.plateNo ?? before?.plateNo ?? '';
    const [taken] = await work.rows(cars, and(eq(cars.plateNo, plateNo), id ? ne(cars.id, id) : undefined), { limit: 1 });
    if (taken) throw badRequest(`车牌 ${plateNo} 已登记`, `Plate ${plateNo} is registered already`);
    const status = before?.status ?? '1';
    const validTo = (values.validTo !== undefined ? values.validTo : before?.validTo) as string | null | undefined;
    if (status !== '3') values.status = validTo && validTo < (await today(work)) ? '2' : '1';
  },
  actions: {
    async renew({ work, row: car, input }) {
      const next = input.validTo;
      if (next < (await today(work))) throw badRequest('新有效期不能早于今天', 'The new validity cannot end before today');
      if (car.validTo && next <= car.validTo) throw badRequest(`新有效期须晚于原有效期 ${car.validTo}`, `The new validity must end after ${car.validTo}`);
      await toBarriers(work, car, { status: '1', validTo: next });
      return { set: { validTo: next }, note: `有效期至 ${next}` };
    },
    async block({ work, row, input }) {
      await toBarriers(work, row, { status: '3' });
      return { set: { blockReason: input.blockReason } };
    },
    async unblock({ work, row: car }) {
      const expired = car.validTo && car.validTo < (await today(work));
      await toBarriers(work, car, { status: expired ? '2' : '1' });
      return { set: { blockReason: null, ...(expired ? { status: '2' } : {}) } };
    },
    async push({ work, row }) {
      const taskNo = await toBarriers(work, row, {});
      if (!taskNo) throw badRequest('没有在用的车辆道闸，请先在设备授权中登记', 'No car barrier in use: register one on 设备授权 first');
      return { note: `下发任务 ${taskNo}`, done: { 'zh-CN': `已下发，任务 ${taskNo}`, en: `Sent: task ${taskNo}` } };
    },
  } satisfies FlowEffects<typeof carSpec, RowOf<typeof cars>>,
};

/** The school's today. */
const today = async (work: Work) => dayIn(await schoolZone(work.tx, work.tenantId));

/** A car as it will be after this change, queued to the barriers (none in use: nothing, answered null). */
function toBarriers(work: Work, car: RowOf<typeof cars>, change: { status?: string; validTo?: string }) {
  return queueCarPushes(work, [
    {
      id: car.id,
      plateNo: car.plateNo,
      plateColor: car.plateColor,
      validTo: change.validTo ?? (car.validTo || null),
      status: change.status ?? car.status,
    },
  ]);
}

/**
 * 挪车管理 (declared in moveCar.ts): numbered NC…, the plate matched to a registered car (its owner
 * copied) when saved; 通知车主 texts that owner, at most every 5 minutes for one request.
 */
export const MOVE_CAR_HOOKS: EntityHooks<RowOf<typeof moveCarRequests>> = {
  normalise(values) {
    if (values.plateNo !== undefined) values.plateNo = plateOf(values.plateNo);
  },
  ...billHooks('NC', {
    async beforeSave({ work, values, before }) {
      const plateNo = String(values.plateNo ?? before?.plateNo);
      const [found] = await work.rows(cars, eq(cars.plateNo, plateNo), { limit: 1 });
      values.carId = found?.id ?? null;
      values.ownerName = found?.ownerName ?? null;
      values.ownerMobile = found?.mobile ?? null;
    },
  }),
  actions: {
    async unreachable({ input }) {
      return { set: { remark: input.remark } };
    },
    async notify({ work, row: request }) {
      const { plateNo, location } = request;
      if (!request.carId || !request.ownerMobile) throw badRequest(`车牌 ${plateNo} 未登记，无法通知车主；请电话联系或标记无法联系`, `Plate ${plateNo} is not registered: no owner to tell`);
      const last = request.notifiedAt;
      if (last && Date.now() - last.getTime() < NOTIFY_INTERVAL_MS) throw badRequest('5 分钟内已通知过车主，请稍后再试', 'The owner was told within 5 minutes: try again later');
      const [school] = await work.tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, work.tenantId));
      // The school's MOVE_CAR template when it has one running; these words otherwise.
      const worded = await templateText(work, 'MOVE_CAR', { plate: plateNo, location });
      const text = `【${worded?.signName || school?.name || '校园一卡通'}】${worded?.text ?? `您的车辆 ${plateNo} 停放在 ${location}，影响他人通行，请尽快挪车。`}`;
      const mobile = request.ownerMobile;
      return {
        set: { notifiedAt: new Date(), notifyCount: request.notifyCount + 1 },
        note: `短信 ${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
        // The clerk waits for it: its failure is the answer.
        later: textsLater([{ mobile, text, scene: '7', templateCode: worded ? 'MOVE_CAR' : null, by: work.username }], { failed: 'refuse' }),
      };
    },
  },
};
