import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { takeSigningText } from '@shared/deviceTakes';
import { pushSigningText, terminalSigningText, TERMINAL_CLOCK_SKEW_MS, type TerminalRecord } from '@shared/terminal';
import type { AppContext } from '../../context';
import { devices } from '../../db/schema';
import { inSchool } from '../../db/work';
import { authOf } from '../../http/auth';
import { ApiError, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { nonceOf, spendNonce } from './nonces';
import { terminalPayments, terminalWorker } from './payments';
import { acknowledgeItems, takeItems } from './pushes';

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

export function deviceRoutes(api: FastifyInstance, context: AppContext): void {
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
    return ok(await terminalPayments(context.db, device, serial, body.records, request.log));
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
