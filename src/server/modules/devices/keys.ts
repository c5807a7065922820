import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { alive, inSchool, type RowOf, unscoped } from '../../db/work';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authOf } from '../../http/auth';
import { ApiError, notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { takeSigningText } from '@shared/deviceTakes';
import { nonceOf, spendNonce } from './nonces';
import { checkSignature, signedHeaders } from './routes';

/** A table of devices that sign with a key of their own (doors, family phones, cameras). */
export type KeyedDevices = PgTable & {
  id: PgColumn;
  tenantId: PgColumn;
  serialNo: PgColumn;
  status: PgColumn;
  secret: PgColumn;
  delFlag: PgColumn;
  updateBy: PgColumn;
  updatedAt: PgColumn;
};

/** What every keyed device row holds. */
interface KeyedRow {
  id: string;
  tenantId: number;
  serialNo: string;
  status: string;
  secret: string | null;
}

/**
 * The device of `table` that signed a request — its serial, a timestamp near the server's and the
 * HMAC of `text` with its key — and is enabled; or a 401/403.
 */
export async function signedDevice<T extends KeyedDevices>(
  context: AppContext,
  table: T,
  request: FastifyRequest,
  text: (serial: string, timestamp: string) => string,
): Promise<T['$inferSelect'] & KeyedRow> {
  const { serial, timestamp, signature } = signedHeaders(request);
  const [device] = serial
    ? ((await unscoped(context.db, 'devices: a signed request names its device by serial, of whichever school')
        .select()
        .from(table as PgTable)
        .where(and(eq(table.serialNo, serial), alive(table)))) as (T['$inferSelect'] & KeyedRow)[])
    : [];
  const refused = () => new ApiError(401, '设备签名无效', 'The device signature is not valid');
  if (!device?.secret) throw refused();
  checkSignature(device.secret, timestamp, signature, text(serial, timestamp), refused);
  if (device.status !== '1') throw new ApiError(403, '设备已停用', 'The device is disabled');
  return device;
}

/**
 * The device of `table` that signed a take request for `route` (its grants, plates or numbers) with a
 * nonce never seen before; or a 401/403. See `takeSigningText`.
 */
export async function signedTake<T extends KeyedDevices>(context: AppContext, table: T, request: FastifyRequest, route: string): Promise<T['$inferSelect'] & KeyedRow> {
  const nonce = nonceOf(request);
  const device = await signedDevice(context, table, request, (serial, timestamp) => takeSigningText(serial, timestamp, nonce, route));
  // The device works for its school under its serial.
  await inSchool(context.db, { tenantId: device.tenantId, username: device.serialNo }, (work) => spendNonce(work.tx, route, device.serialNo, nonce));
  return device;
}

/**
 * 生成密钥 of a kind of device: a new key for one of the school's devices, answered this once (the
 * old key stops working), behind the screen's button code.
 */
export function issueKeyRoute<T extends KeyedDevices>(api: FastifyInstance, context: AppContext, options: { path: string; table: T; permission: string; missing: string }): void {
  api.post(options.path, { config: { permission: options.permission } }, async (request) => {
    const { id } = parseInput(z.object({ id: z.string().trim().min(1).max(64) }), request.body);
    const caller = authOf(request);
    const secret = randomBytes(24).toString('hex');
    const updated = (await inSchool(context.db, caller, (work) => work.update(options.table, { secret } as never, eq(options.table.id, id)))) as (RowOf<T> & KeyedRow)[];
    if (!updated.length) throw notFound(options.missing);
    return ok({ serialNo: updated[0]!.serialNo, secret }, '密钥已生成，请立即配置到设备，关闭后将无法再次查看');
  });
}
