import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { takeSigningText } from '@shared/deviceTakes';
import { pushSigningText, terminalSigningText, TERMINAL_CLOCK_SKEW_MS, type TerminalRecord } from '@shared/terminal';
import type { AppContext } from '../../context';
import { devices } from '../../db/schema';
import { inSchool, schoolReads, type Worker } from '../../db/work';
import { authOf } from '../../http/auth';
import { ApiError, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { ledgerService } from '../ledger/service';
import { nonceOf, spendNonce } from './nonces';
import { offlineRefusal } from './offline';
import { acknowledgeItems, takeItems } from './pushes';
import { schoolSettings } from '../schools/settings';
import { clockIn, parseSchoolTime } from '@shared/schoolTime';
import { mealAtClock } from '@shared/mealOrders';
import { mealsOf } from '../meals/orders';

const recordSchema = z.object({
  serialNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/),
  cardNo: z.string().trim().min(4).max(20),
  amount: z.number().int(),
  // Checked per record (a real time within the school's window), so one bad clock refuses one record.
  deviceTime: z.string().max(40),
  mealType: z.enum(['1', '2', '3', '4']).optional(),
});
export const ackSchema = z.object({
  results: z
    .array(z.object({ itemId: z.string().trim().min(1).max(64), success: z.boolean(), message: z.string().trim().max(200).optional() }))
    .min(1)
    .max(500),
});
/** Built once: a payment's hot path does not rebuild its schema. */
const batchSchema = z.object({ records: z.array(recordSchema).min(1).max(500) });

/**
 * 终端设备's key (生成密钥: a new one, answered once) and the terminals' API: a terminal posts one
 * payment or an offline batch, signed with its key; each record is posted once (its own serial
 * number is the idempotency key) and answered by itself, in order. No user session is involved.
 */

/** How far ahead of the server a device's clock may be. */
const DEVICE_TIME_AHEAD_MS = 5 * 60_000;
/** How often a terminal's last contact is written down. */
const LAST_SEEN_EVERY_MS = 60_000;
/**
 * The terminal that signed a request (its serial number, a timestamp near the server's, the HMAC of
 * both and the records with its key), enabled: or a 401/403. From memory (dropped on every instance
 * when a terminal changes): one round trip per payment.
 */
export async function signedTerminal(context: AppContext, request: FastifyRequest, records: readonly TerminalRecord[], signingText = terminalSigningText) {
  const { serial, timestamp, signature } = signedHeaders(request);
  const device = serial ? await context.terminals.bySerial(serial) : null;
  const refused = () => new ApiError(401, '终端签名无效', 'The terminal signature is not valid');
  if (!device?.secret) throw refused();
  checkSignature(device.secret, timestamp, signature, signingText(serial, timestamp, records), refused);
  if (device.status !== '1') throw new ApiError(403, '终端已停用', 'The terminal is disabled');
  // The cached row itself: its last contact is kept on it.
  return { device, serial };
}

/** A terminal works for its school under its own name (terminal:<serial>). */
const terminalWorker = (device: { tenantId: number }, serial: string): Worker => ({ tenantId: device.tenantId, username: `terminal:${serial}` });

/** The signing headers every device sends (terminals and gate controllers alike). */
export function signedHeaders(request: FastifyRequest): { serial: string; timestamp: string; signature: string } {
  return { serial: String(request.headers['x-terminal-serial'] ?? ''), timestamp: String(request.headers['x-timestamp'] ?? ''), signature: String(request.headers['x-signature'] ?? '') };
}

/** A device's signature: a timestamp near the server's and the HMAC of the signed text with its key — or the refusal (401). */
export function checkSignature(secret: string, timestamp: string, signature: string, text: string, refused: () => ApiError): void {
  if (!/^\d{13}$/.test(timestamp)) throw refused();
  if (Math.abs(Date.now() - Number(timestamp)) > TERMINAL_CLOCK_SKEW_MS) throw new ApiError(401, '终端时间与服务器相差过大', "The terminal's clock is too far from the server's");
  const expected = createHmac('sha256', secret).update(text).digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
}

/**
 * A device's record time (the school's wall clock): a real time, not ahead of the server by more
 * than a few minutes, not older than the school's offline window — or the refusal to answer.
 */
export function deviceTimeRefusal(school: { timeZone: string; offlineDays: number }, deviceTime: string): { at: Date } | { refusal: string } {
  const occurredAt = parseSchoolTime(school.timeZone, deviceTime);
  if (!occurredAt) return { refusal: `交易时间无效（${deviceTime}）` };
  if (occurredAt.getTime() > Date.now() + DEVICE_TIME_AHEAD_MS) return { refusal: `交易时间晚于服务器时间超过${DEVICE_TIME_AHEAD_MS / 60_000}分钟（${deviceTime}），请校准终端时钟` };
  if (occurredAt.getTime() < Date.now() - school.offlineDays * 86_400_000) return { refusal: `离线交易已超过${school.offlineDays}天的上传期限（${deviceTime}）` };
  return { at: occurredAt };
}

export function deviceRoutes(api: FastifyInstance, context: AppContext): void {
  // The ledger kernel binds each payment to the school its caller names.
  const ledger = ledgerService(context.db);

  api.post('/dev/device/issueKey', { config: { permission: 'device:issueKey' } }, async (request) => {
    const caller = authOf(request);
    const { id } = parseInput(z.object({ id: z.string().trim().min(1).max(64) }), request.body);
    const secret = randomBytes(32).toString('base64url');
    const updated = await inSchool(context.db, caller, (work) => work.update(devices, { secret }, eq(devices.id, id)));
    if (!updated.length) throw notFound('终端不存在');
    await context.terminals.changed();
    // The only time the key is shown: the terminal is configured with it now, or a new one is issued.
    return ok({ serialNo: updated[0]!.serialNo, secret }, '密钥已生成，请立即配置到终端，关闭后将无法再次查看');
  });

  api.post('/terminal/consume', { config: { public: true } }, async (request) => {
    const body = parseInput(batchSchema, request.body);
    const { device, serial } = await signedTerminal(context, request, body.records);
    // An area refuses its terminal's payments (商铺管理: a shop paused or closed); the batch waits on the terminal.
    if (device.refusal) throw new ApiError(403, device.refusal);
    const caller = terminalWorker(device, serial);
    const reads = schoolReads(context.db, caller);
    const school = await schoolSettings(reads.tx, reads.tenantId);
    // A payment is of the meal the terminal names, else of the canteen's meal window at its time, so
    // the member type's discount, meal allowance and once-a-meal rule apply as at the counter.
    const meals = body.records.some((record) => !record.mealType) ? await mealsOf(reads.tx, reads.tenantId, device.canteenId) : [];
    const answers = [];
    // In order: an offline batch replays the terminal's day as it happened.
    for (const record of body.records) {
      const refusal = (message: string) => answers.push({ serialNo: record.serialNo, success: false, message });
      // The device's clock is the school's wall clock: a real time, not too old, not ahead of now.
      const time = deviceTimeRefusal(school, record.deviceTime);
      if ('refusal' in time) {
        refusal(time.refusal);
        continue;
      }
      const occurredAt = time.at;
      const key = `T${device.id.slice(0, 12)}-${record.serialNo}`;
      try {
        const offline = await offlineRefusal(reads, { key, cardNo: record.cardNo, occurredAt, zone: school.timeZone });
        if (offline) {
          refusal(offline);
          continue;
        }
        const posted = await ledger.consume(caller, {
          key,
          cardNo: record.cardNo,
          amountCents: record.amount,
          canteenId: device.canteenId,
          storeId: device.storeId,
          terminalId: device.id,
          mealType: record.mealType ?? mealAtClock(meals, clockIn(school.timeZone, occurredAt))?.mealType ?? null,
          occurredAt,
        });
        answers.push({
          serialNo: record.serialNo,
          success: true,
          message: posted.replayed ? '该请求已办理' : '消费成功！',
          txnNo: posted.txnNo,
          cash: posted.balances.CASH,
          subsidy: posted.balances.SUBSIDY,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) refusal(error.message);
        else {
          // One record's failure never sinks the batch: the terminal sends it again with its serial.
          request.log.error({ err: error, serialNo: record.serialNo }, 'terminal payment failed');
          refusal('处理失败，请稍后重新上传');
        }
      }
    }
    // 最近上传 to the minute: a busy terminal does not queue on its own row for every payment.
    if (!device.lastSeenAt || Date.now() - device.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
      device.lastSeenAt = new Date();
      const seen = device.lastSeenAt;
      // Not work.update: a contact is not an edit of the terminal (its 更新人 and 更新时间 stay).
      await inSchool(context.db, caller, (work) =>
        work.tx
          .update(devices)
          .set({ lastSeenAt: seen })
          .where(and(work.school(devices), eq(devices.id, device.id))),
      );
    }
    return ok(answers);
  });

  /** 设备下发: what waits for the terminal (a take request: signed with its route and a nonce), marked as sent. */
  api.post('/terminal/push/pending', { config: { public: true } }, async (request) => {
    const nonce = nonceOf(request);
    const { device, serial } = await signedTerminal(context, request, [], (serial, timestamp) => takeSigningText(serial, timestamp, nonce, '/terminal/push/pending'));
    const items = await inSchool(context.db, terminalWorker(device, serial), async (work) => {
      await spendNonce(work.tx, '/terminal/push/pending', serial, nonce);
      return takeItems(work.tx, { deviceId: device.id });
    });
    return ok(items.map((item) => ({ itemId: item.id, taskId: item.taskId, ...(item.payload as Record<string, unknown>) })));
  });

  /** 设备下发: the terminal's answers, each signed (`itemId|1`, or `itemId|0|reason`). */
  api.post('/terminal/push/ack', { config: { public: true } }, async (request) => {
    const body = parseInput(ackSchema, request.body);
    const { device, serial } = await signedTerminal(context, request, body.results as unknown as TerminalRecord[], (serial, timestamp) => pushSigningText(serial, timestamp, body.results));
    const { accepted } = await inSchool(context.db, terminalWorker(device, serial), (work) => acknowledgeItems(work.tx, { deviceId: device.id }, body.results));
    return ok({ accepted });
  });
}
