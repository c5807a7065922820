import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { gateSigningText, grantAnswerSigningText, type GateRecord } from '@areas/access/shared/gate';
import { dayIn } from '@shared/schoolTime';
import type { AppContext } from '@server/context';
import type { Database } from '@server/db/client';
import { timeOrderedId } from '@server/db/ids';
import { inSchool, schoolReads, type Work, type Worker } from '@server/db/work';
import { cards, members } from '@server/db/schema';
import { accessGrants, accessLogs, doors, timeGroups } from './tables';
import { ok } from '@server/http/envelope';
import { parseInput } from '@server/http/validate';
import { deviceTimeRefusal } from '@server/modules/devices/deviceTime';
import { issueKeyRoute, signedDevice, signedTake } from '@server/modules/devices/keys';
import { PUSH_LEASE_MS } from '@server/modules/devices/pushes';
import { deviceMediaRoute, ownMedia } from '@server/modules/devices/media';
import { schoolSettings } from '@server/modules/schools/settings';
import { decidePass } from './decide';
import { grantItemAnswered, grantItemsSent } from './grantPushes';

const recordSchema = z.object({
  serialNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/),
  cardNo: z.string().trim().max(20),
  direction: z.enum(['1', '2']),
  method: z.enum(['1', '2', '3', '4', '5', '6']),
  deviceTime: z.string().max(40),
  snapshot: z.string().trim().max(300).optional(),
});
const batchSchema = z.object({ records: z.array(recordSchema).min(1).max(500) });
const answersSchema = z.object({
  results: z
    .array(z.object({ grantId: z.string().trim().min(1).max(64), success: z.boolean(), message: z.string().trim().max(200).optional() }))
    .min(1)
    .max(500),
});

/**
 * The gate controllers' API (门禁): a door posts its passes, signed, one or an offline batch; each
 * is decided (decide.ts) and kept once — its record number is once a door and day, a record sent
 * again is answered as it was decided the first time. A door takes its changed grants and answers
 * them. 生成密钥 issues a door's key (answered once).
 */
/** Who uploads a gate's snapshots in the stored files' book. */
const gateOwner = (serial: string) => `gate:${serial}`;
/** A gate works for its door's school, under its own name. */
export const gateWorker = (door: { tenantId: number; serialNo: string }): Worker => ({ tenantId: door.tenantId, username: gateOwner(door.serialNo) });

export function gateRoutes(api: FastifyInstance, context: AppContext): void {
  issueKeyRoute(api, context, { path: '/acs/door/issueKey', table: doors, permission: 'door:issueKey', missing: '门禁设备不存在' });
  deviceMediaRoute(api, context, { path: '/gate/media', table: doors, folder: 'gate', owner: gateOwner, videos: false });

  api.post('/gate/access', { config: { public: true } }, async (request) => {
    const body = parseInput(batchSchema, request.body);
    const door = await signedDevice(context, doors, request, (serial, timestamp) => gateSigningText(serial, timestamp, body.records as GateRecord[]));
    return ok(await recordGatePasses(context.db, door, body.records));
  });

  /** The door's changed grants (`takeDoorGrants`). A take request: signed with its route and a nonce, so a replay takes nothing. */
  api.post('/gate/grants/pending', { config: { public: true } }, async (request) => {
    const door = await signedTake(context, doors, request, '/gate/grants/pending');
    return ok(await inSchool(context.db, gateWorker(door), (work) => takeDoorGrants(work, door.id)));
  });

  api.post('/gate/grants/ack', { config: { public: true } }, async (request) => {
    const body = parseInput(answersSchema, request.body);
    const door = await signedDevice(context, doors, request, (serial, timestamp) => grantAnswerSigningText(serial, timestamp, body.results));
    return ok({ accepted: await inSchool(context.db, gateWorker(door), (work) => answerDoorGrants(work, door.id, body.results)) });
  });
}

/**
 * What a door takes (`/gate/grants/pending`): its grants changed since it last took them (待下发) —
 * granted people with their card and time group, and the revoked ones to drop — and those it took
 * without answering within the lease (a lost answer, a door restarted): nothing taken is lost, a
 * revocation included. Each is 下发中 until the door answers.
 */
export async function takeDoorGrants(work: Work, doorId: string) {
  const { tx } = work;
  const leaseEnd = new Date(Date.now() - PUSH_LEASE_MS);
  const taken = await tx
    .update(accessGrants)
    .set({ pushStatus: '1', lastPushAt: new Date() })
    .where(
      and(
        // Revoked grants too: the door takes them as deletes.
        work.school(accessGrants, { deleted: true }),
        eq(accessGrants.doorId, doorId),
        or(eq(accessGrants.pushStatus, '0'), and(eq(accessGrants.pushStatus, '1'), or(isNull(accessGrants.lastPushAt), lt(accessGrants.lastPushAt, leaseEnd)))),
      ),
    )
    .returning({ id: accessGrants.id });
  if (!taken.length) return [];
  await grantItemsSent(
    work,
    doorId,
    taken.map((row) => row.id),
  );
  const rows = await tx
    .select({
      grantId: accessGrants.id,
      removed: sql<boolean>`${accessGrants.delFlag} <> 0`,
      memberNo: members.memberNo,
      name: members.realName,
      cardNo: sql<string | null>`(${tx
        .select({ cardNo: cards.cardNo })
        .from(cards)
        .where(and(work.school(cards), eq(cards.memberId, members.id), eq(cards.cardStatus, '1')))
        .limit(1)})`,
      startDate: accessGrants.startDate,
      endDate: accessGrants.endDate,
      passModes: accessGrants.passModes,
      weekdays: timeGroups.weekdays,
      periods: sql<
        string | null
      >`concat_ws(',', ${timeGroups.period1Start} || '-' || ${timeGroups.period1End}, ${timeGroups.period2Start} || '-' || ${timeGroups.period2End}, ${timeGroups.period3Start} || '-' || ${timeGroups.period3End}, ${timeGroups.period4Start} || '-' || ${timeGroups.period4End})`,
    })
    .from(accessGrants)
    .innerJoin(members, and(eq(members.id, accessGrants.memberId), work.school(members, { deleted: true })))
    .leftJoin(timeGroups, and(eq(timeGroups.id, accessGrants.timeGroupId), work.school(timeGroups, { deleted: true })))
    .where(
      and(
        work.school(accessGrants, { deleted: true }),
        inArray(
          accessGrants.id,
          taken.map((row) => row.id),
        ),
      ),
    );
  return rows.map((row) => ({ ...row, op: row.removed ? 'delete' : 'upsert' }));
}

/** A door's answers (`/gate/grants/ack`): each grant it holds 下发中 becomes 成功 or 失败, its task counted again. Answers how many were taken. */
export async function answerDoorGrants(work: Work, doorId: string, results: readonly { grantId: string; success: boolean; message?: string }[]): Promise<number> {
  let accepted = 0;
  for (const answer of results) {
    const done = await work.tx
      .update(accessGrants)
      .set({ pushStatus: answer.success ? '2' : '4' })
      .where(and(work.school(accessGrants, { deleted: true }), eq(accessGrants.id, answer.grantId), eq(accessGrants.doorId, doorId), eq(accessGrants.pushStatus, '1')))
      .returning({ id: accessGrants.id });
    accepted += done.length;
    if (done.length) await grantItemAnswered(work, doorId, answer);
  }
  return accepted;
}

/** A gate's record as its API takes it (checked by the route's schema). */
export type GatePassRecord = z.infer<typeof recordSchema>;

/**
 * A door's passes, once its signature is checked: what `/gate/access` does, and what the sample
 * school's gates do over its simulated weeks. Each record is decided (decide.ts) and kept once — its
 * record number is once a door and day; a record sent again is answered as it was decided the first time.
 */
export async function recordGatePasses(db: Database, door: typeof doors.$inferSelect, records: readonly GatePassRecord[]) {
  const worker = gateWorker(door);
  const school = await schoolSettings(schoolReads(db, worker).tx, door.tenantId);
  // One transaction for the upload (an offline gate's morning comes as one batch): one commit, not one a pass.
  const answers = await inSchool(db, worker, async (work) => {
    const own = await ownMedia(
      work.tx,
      gateOwner(door.serialNo),
      records.map((record) => record.snapshot),
    );
    const told = [];
    for (const record of records) {
      const time = deviceTimeRefusal(school, record.deviceTime);
      if ('refusal' in time) {
        told.push({ serialNo: record.serialNo, success: false, message: time.refusal });
        continue;
      }
      if (record.snapshot && !own.has(record.snapshot)) {
        told.push({ serialNo: record.serialNo, success: false, message: `文件不存在或不是本设备上传的（${record.snapshot}）` });
        continue;
      }
      const passDay = dayIn(school.timeZone, time.at);
      const [seen] = await work.tx
        .select({ result: accessLogs.result, reason: accessLogs.reason, name: accessLogs.name })
        .from(accessLogs)
        .where(and(work.school(accessLogs), eq(accessLogs.doorId, door.id), eq(accessLogs.passDay, passDay), eq(accessLogs.serialNo, record.serialNo)));
      if (seen) {
        told.push({ serialNo: record.serialNo, success: true, replayed: true, allowed: seen.result === '1', reason: seen.reason, name: seen.name });
        continue;
      }
      const decided = record.cardNo
        ? await decidePass(work, { zone: school.timeZone, door, cardNo: record.cardNo, direction: record.direction, at: time.at })
        : { result: '2' as const, reason: '6', member: null };
      // Written by hand (the unit of work's insert knows no ON CONFLICT), in the gate's school.
      const inserted = await work.tx
        .insert(accessLogs)
        .values({
          id: timeOrderedId(),
          tenantId: work.tenantId,
          passDay,
          passTime: time.at,
          doorId: door.id,
          direction: record.direction,
          memberId: decided.member?.id ?? null,
          memberNo: decided.member?.memberNo ?? null,
          name: decided.member?.name ?? null,
          deptId: decided.member?.deptId ?? null,
          className: decided.member?.className ?? null,
          memberTypeId: decided.member?.memberTypeId ?? null,
          method: record.method,
          result: decided.result,
          reason: decided.reason,
          cardNo: record.cardNo || null,
          snapshot: record.snapshot ?? null,
          serialNo: record.serialNo,
        })
        // Two copies of one record at once: the second finds the first's row.
        .onConflictDoNothing()
        .returning({ id: accessLogs.id });
      told.push({
        serialNo: record.serialNo,
        success: true,
        ...(inserted.length ? {} : { replayed: true }),
        allowed: decided.result === '1',
        reason: decided.reason,
        name: decided.member?.name ?? null,
      });
    }
    return told;
  });
  // 最近通讯 to the minute: the gates of a busy morning do not queue on their door's row.
  if (!door.lastSeenAt || Date.now() - door.lastSeenAt.getTime() > 60_000)
    // Not an edit of the door: no 更新人 or 更新时间 stamped.
    await inSchool(db, worker, (work) =>
      work.tx
        .update(doors)
        .set({ lastSeenAt: new Date() })
        .where(and(work.school(doors), eq(doors.id, door.id))),
    );
  return answers;
}
