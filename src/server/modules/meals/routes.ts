import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { menuCodeForPath } from '@shared/permissions';
import { mealOrder } from '@shared/entities/meals/mealOrder';
import { z } from 'zod';
import { addDays, dayIn } from '@shared/schoolTime';
import type { AppContext } from '../../context';
import { mealCanteens, mealOrders, memberDepartments, members } from '../../db/schema';
import { schoolReads } from '../../db/work';
import { authOf } from '../../http/auth';
import { ApiError, badRequest, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { signedTerminal } from '../devices/routes';
import { deviceTimeRefusal } from '../devices/deviceTime';
import { schoolSettings, schoolZone } from '../schools/settings';
import { departmentAndBelow } from '../members/subsidies';
import { mealOrderService } from './orders';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const placeSchema = z
  .object({
    /** A class (or grade): its pupils; or the people themselves. */
    deptId: z.string().trim().min(1).max(64).optional(),
    memberIds: z.array(z.string().trim().min(1).max(64)).max(2000).optional(),
    canteenId: z.string().trim().min(1).max(64),
    mealType: z.string().trim().min(1).max(10),
    dateFrom: day,
    dateTo: day,
    quantity: z.number().int().min(1).max(10).default(1),
    dineWay: z.enum(['1', '2']).default('1'),
  })
  .refine((body) => body.deptId || body.memberIds?.length, { message: '请选择班级或人员', path: ['deptId'] });

const serveSchema = z.object({
  records: z
    .array(
      z.object({
        serialNo: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_-]{1,40}$/),
        cardNo: z.string().trim().min(4).max(20),
        deviceTime: z.string().max(40),
      }),
    )
    .min(1)
    .max(500),
});

/**
 * 报餐/订餐's own routes: 按班级报餐 from the console (a class's pupils, or chosen people, over up to
 * 31 days), and the terminal's 订餐就餐 — a served order, signed like a payment, answered per record.
 */
export function mealRoutes(api: FastifyInstance, context: AppContext): void {
  const orders = mealOrderService(context);

  api.post('/meal/order/place', { config: { permission: 'mealOrder:place' } }, async (request) => {
    const caller = authOf(request);
    const body = parseInput(placeSchema, request.body);
    if (body.dateTo < body.dateFrom) throw badRequest('结束日期不能早于开始日期', 'The last day cannot come before the first');
    if (body.dateTo > addDays(body.dateFrom, 30)) throw badRequest('一次最多报31天', 'At most 31 days at a time');
    const reads = schoolReads(context.db, caller);
    const today = dayIn(await schoolZone(reads.tx, reads.tenantId));
    if (body.dateFrom < today) throw badRequest('不能为已过去的日期报餐', 'Meals cannot be ordered for days gone by');
    const canteen = await reads.one(mealCanteens, body.canteenId);
    if (!canteen) throw badRequest('食堂不存在', 'No such canteen');
    let memberIds = body.memberIds ?? [];
    if (body.deptId) {
      // The class's pupils, or a grade's (its classes'), in service.
      const dept = await reads.one(memberDepartments, body.deptId);
      if (!dept) throw badRequest('班级不存在', 'No such class');
      const inDept = await reads.tx
        .select({ id: members.id })
        .from(members)
        .where(and(reads.school(members), eq(members.memberStatus, '1'), inArray(members.deptId, await departmentAndBelow(reads.tx, reads.tenantId, dept.id))));
      memberIds = [...new Set([...memberIds, ...inDept.map((row) => row.id)])];
    }
    if (!memberIds.length) throw badRequest('所选班级没有在校人员', 'Nobody of that class is in service');
    const placed = await orders.place({ ...caller, locale: caller.locale }, { ...body, memberIds });
    const yuan = (placed.amount / 100).toFixed(2);
    return ok(
      placed,
      caller.locale === 'en'
        ? `${placed.placed} orders placed (${yuan} charged)${placed.skipped.length ? `, ${placed.skipped.length} not placed` : ''}`
        : `报餐 ${placed.placed} 份，扣费 ${yuan} 元${placed.skipped.length ? `，${placed.skipped.length} 份未报` : ''}`,
    );
  });

  // 就餐人次: a day's orders per canteen and meal — ordered, served, not collected, cancelled.
  api.get('/meal/order/counts', { config: { permission: menuCodeForPath(mealOrder.screen.path) } }, async (request) => {
    const caller = authOf(request);
    const query = parseInput(z.object({ day: day.optional() }), request.query);
    const reads = schoolReads(context.db, caller);
    const on = query.day ?? dayIn(await schoolZone(reads.tx, reads.tenantId));
    const rows = await reads.tx
      .select({
        canteenId: mealOrders.canteenId,
        canteen: mealCanteens.name,
        mealType: mealOrders.mealType,
        ordered: sql<number>`count(*) filter (where ${mealOrders.status} in ('1', '2', '3'))::int`,
        served: sql<number>`count(*) filter (where ${mealOrders.status} = '2')::int`,
        notServed: sql<number>`count(*) filter (where ${mealOrders.status} = '3')::int`,
        cancelled: sql<number>`count(*) filter (where ${mealOrders.status} in ('4', '5'))::int`,
      })
      .from(mealOrders)
      .innerJoin(mealCanteens, eq(mealCanteens.id, mealOrders.canteenId))
      .where(and(reads.school(mealOrders), eq(mealOrders.diningDate, on)))
      .groupBy(mealOrders.canteenId, mealCanteens.name, mealOrders.mealType)
      .orderBy(mealCanteens.name, mealOrders.mealType);
    return ok({ day: on, rows });
  });

  api.post('/terminal/serve', { config: { public: true } }, async (request) => {
    const body = parseInput(serveSchema, request.body);
    const { device, serial } = await signedTerminal(context, request, body.records);
    const caller = { tenantId: device.tenantId, username: `terminal:${serial}` };
    const school = await schoolSettings(schoolReads(context.db, caller).tx, device.tenantId);
    const answers = [];
    for (const record of body.records) {
      const refusal = (message: string) => answers.push({ serialNo: record.serialNo, success: false, message });
      const time = deviceTimeRefusal(school, record.deviceTime);
      if ('refusal' in time) {
        refusal(time.refusal);
        continue;
      }
      try {
        const served = await orders.serve(caller, { serial: record.serialNo, cardNo: record.cardNo, canteenId: device.canteenId, terminalId: device.id, occurredAt: time.at });
        answers.push({
          serialNo: record.serialNo,
          success: true,
          message: served.replayed ? '该请求已办理' : '就餐成功！',
          orderNo: served.orderNo,
          mealType: served.mealType,
          charged: served.charged ? served.amount : 0,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) refusal(error.message);
        else {
          request.log.error({ err: error, serialNo: record.serialNo }, 'terminal serve failed');
          refusal('处理失败，请稍后重新上传');
        }
      }
    }
    return ok(answers);
  });
}
