import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { z } from 'zod';
import { minutesOfCall, phoneAskSigningText, phoneCallsSigningText, type CallRecordInput } from '../shared/familyPhone';
import { dayIn } from '@shared/schoolTime';
import type { AppContext } from '@server/context';
import { newId } from '@server/db/ids';
import { inSchool, schoolReads, type Work, type Worker } from '@server/db/work';
import { cards, members } from '@server/db/schema';
import { callNumbers, callPackages, callPhones, callRecords, callSubscriptions } from './tables';
import { ok } from '@server/http/envelope';
import { parseInput } from '@server/http/validate';
import { deviceTimeRefusal } from '@server/modules/devices/deviceTime';
import { issueKeyRoute, signedDevice, signedTake } from '@server/modules/devices/keys';
import { schoolSettings } from '@server/modules/schools/settings';

const askSchema = z.object({ cardNo: z.string().trim().min(1).max(20), dialled: z.string().trim().min(1).max(20), video: z.boolean().optional() });
const callSchema = z.object({
  serialNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/),
  cardNo: z.string().trim().max(20),
  dialled: z.string().trim().min(1).max(20),
  startTime: z.string().max(40),
  seconds: z.number().int().min(0).max(86_400),
  video: z.boolean().optional(),
});
const callsSchema = z.object({ records: z.array(callSchema).min(1).max(200) });

type Decision =
  | { allowed: true; member: { id: string; name: string }; number: typeof callNumbers.$inferSelect; subscription: typeof callSubscriptions.$inferSelect; minutesLeft: number; month: string }
  | { allowed: false; reason: string; member: { id: string; name: string } | null; number: typeof callNumbers.$inferSelect | null };

/**
 * Whether a card may ring a number on a school day: a card in use, the pupil's number approved and
 * in use (video only where allowed), a package live that day of the right kind, minutes left this
 * month (a new month starts from the package's minutes again).
 */
async function decideCall(work: Work, ask: { cardNo: string; dialled: string; video?: boolean | undefined }, day: string, lock = false): Promise<Decision> {
  const { tx } = work;
  const [card] = await tx
    .select({ memberId: cards.memberId, name: members.realName })
    .from(cards)
    .innerJoin(members, eq(members.id, cards.memberId))
    .where(and(work.school(cards), eq(cards.cardNo, ask.cardNo), eq(cards.cardStatus, '1')));
  if (!card) return { allowed: false, reason: '卡无效', member: null, number: null };
  const member = { id: card.memberId, name: card.name };
  const [number] = await tx
    .select()
    .from(callNumbers)
    .where(and(work.school(callNumbers), eq(callNumbers.memberId, member.id), eq(callNumbers.phone, ask.dialled)));
  if (!number) return { allowed: false, reason: '号码未登记', member, number: null };
  if (number.auditStatus !== '1') return { allowed: false, reason: '号码未通过审核', member, number };
  if (number.status !== '1') return { allowed: false, reason: '号码已停用', member, number };
  if (ask.video && !number.allowVideo) return { allowed: false, reason: '该号码不允许视频通话', member, number };
  const query = tx
    .select({ subscription: callSubscriptions, kind: callPackages.kind })
    .from(callSubscriptions)
    .innerJoin(callPackages, eq(callPackages.id, callSubscriptions.packageId))
    .where(
      and(work.school(callSubscriptions), eq(callSubscriptions.memberId, member.id), eq(callSubscriptions.status, '1'), lte(callSubscriptions.startDate, day), gte(callSubscriptions.endDate, day)),
    )
    .orderBy(asc(callSubscriptions.startDate))
    .limit(1);
  const [live] = lock ? await query.for('update', { of: callSubscriptions }) : await query;
  if (!live) return { allowed: false, reason: '没有有效的通话套餐', member, number };
  if (ask.video && live.kind === '1') return { allowed: false, reason: '套餐不含视频通话', member, number };
  if (!ask.video && live.kind === '2') return { allowed: false, reason: '套餐不含语音通话', member, number };
  const month = day.slice(0, 7);
  const minutesLeft = live.subscription.minutesMonth === month ? live.subscription.minutesLeft : live.subscription.monthlyMinutes;
  if (minutesLeft <= 0) return { allowed: false, reason: '本月通话分钟已用完', member, number };
  return { allowed: true, member, number, subscription: live.subscription, minutesLeft, month };
}

/** A phone works for its school under its own name (phone:<serial>). */
const phoneWorker = (phone: { tenantId: number; serialNo: string }): Worker => ({ tenantId: phone.tenantId, username: `phone:${phone.serialNo}` });

/**
 * The family phones' API (亲情通话): a phone takes the approved numbers of its school (同步, marking
 * them 已下发), asks whether a card may ring a number, and posts its calls — each kept once (its own
 * number a phone), decided as asked, its minutes taken from the pupil's live package. 生成密钥 issues
 * a phone's key (answered once).
 */
export function phoneRoutes(api: FastifyInstance, context: AppContext): void {
  issueKeyRoute(api, context, { path: '/call/phone/issueKey', table: callPhones, permission: 'callPhone:issueKey', missing: '话机不存在' });

  api.post('/phone/sync', { config: { public: true } }, async (request) => {
    const phone = await signedTake(context, callPhones, request, '/phone/sync');
    const numbers = await inSchool(context.db, phoneWorker(phone), async (work) => {
      const { tx } = work;
      const rows = await tx
        .select({
          id: callNumbers.id,
          memberId: callNumbers.memberId,
          memberNo: members.memberNo,
          name: members.realName,
          seq: callNumbers.seq,
          phone: callNumbers.phone,
          relation: callNumbers.relation,
          allowVideo: callNumbers.allowVideo,
          pushStatus: callNumbers.pushStatus,
        })
        .from(callNumbers)
        .innerJoin(members, eq(members.id, callNumbers.memberId))
        .where(and(work.school(callNumbers), eq(callNumbers.auditStatus, '1'), eq(callNumbers.status, '1')))
        .orderBy(asc(members.memberNo), asc(callNumbers.seq));
      const cardRows = rows.length
        ? await tx
            .select({ memberId: cards.memberId, cardNo: cards.cardNo })
            .from(cards)
            .where(and(work.school(cards), eq(cards.cardStatus, '1'), inArray(cards.memberId, [...new Set(rows.map((row) => row.memberId))])))
        : [];
      const now = new Date();
      // Stopped numbers are left out: the phone's list is replaced by this one, so they are gone too.
      await tx
        .update(callNumbers)
        .set({ pushStatus: '1', pushedAt: now })
        .where(and(work.school(callNumbers), eq(callNumbers.pushStatus, '0')));
      await tx.update(callPhones).set({ syncedAt: now, lastSeenAt: now }).where(eq(callPhones.id, phone.id));
      return rows.map(({ id: _id, pushStatus: _pushed, memberId, ...row }) => ({ ...row, cardNos: cardRows.filter((card) => card.memberId === memberId).map((card) => card.cardNo) }));
    });
    return ok({ numbers });
  });

  api.post('/phone/authorize', { config: { public: true } }, async (request) => {
    const ask = parseInput(askSchema, request.body);
    const phone = await signedDevice(context, callPhones, request, (serial, timestamp) => phoneAskSigningText(serial, timestamp, ask));
    const school = await schoolSettings(schoolReads(context.db, phoneWorker(phone)).tx, phone.tenantId);
    const decided = await decideCall(schoolReads(context.db, phoneWorker(phone)), ask, dayIn(school.timeZone));
    return ok(
      decided.allowed
        ? { allowed: true, name: decided.member.name, relation: decided.number.relation, minutesLeft: decided.minutesLeft }
        : { allowed: false, reason: decided.reason, name: decided.member?.name ?? null },
    );
  });

  api.post('/phone/calls', { config: { public: true } }, async (request) => {
    const body = parseInput(callsSchema, request.body);
    const phone = await signedDevice(context, callPhones, request, (serial, timestamp) => phoneCallsSigningText(serial, timestamp, body.records as CallRecordInput[]));
    const school = await schoolSettings(schoolReads(context.db, phoneWorker(phone)).tx, phone.tenantId);
    const answers = [];
    for (const record of body.records) {
      const time = deviceTimeRefusal(school, record.startTime);
      if ('refusal' in time) {
        answers.push({ serialNo: record.serialNo, success: false, message: time.refusal });
        continue;
      }
      const answer = await inSchool(context.db, phoneWorker(phone), async (work) => {
        const { tx } = work;
        const [seen] = await tx
          .select({ minutes: callRecords.minutes, result: callRecords.result, refuseReason: callRecords.refuseReason })
          .from(callRecords)
          .where(and(eq(callRecords.phoneId, phone.id), eq(callRecords.serialNo, record.serialNo)));
        if (seen) return { serialNo: record.serialNo, success: true, replayed: true, minutes: seen.minutes, allowed: seen.result === '1', reason: seen.refuseReason };
        const decided = await decideCall(work, record, dayIn(school.timeZone, time.at), true);
        const minutes = decided.allowed ? Math.min(minutesOfCall(record.seconds), decided.minutesLeft) : 0;
        const inserted = await tx
          .insert(callRecords)
          .values({
            id: newId(),
            tenantId: phone.tenantId,
            phoneId: phone.id,
            serialNo: record.serialNo,
            memberId: decided.member?.id ?? null,
            cardNo: record.cardNo || null,
            dialled: record.dialled,
            relation: decided.number?.relation ?? null,
            video: record.video ?? false,
            startedAt: time.at,
            seconds: record.seconds,
            minutes,
            subscriptionId: decided.allowed ? decided.subscription.id : null,
            result: decided.allowed ? '1' : '2',
            refuseReason: decided.allowed ? null : decided.reason,
          })
          // The same call posted twice at once: the second finds the first's row.
          .onConflictDoNothing()
          .returning({ id: callRecords.id });
        if (inserted.length && decided.allowed && minutes > 0)
          await tx
            .update(callSubscriptions)
            .set({ minutesLeft: decided.minutesLeft - minutes, minutesMonth: decided.month, updatedAt: new Date() })
            .where(eq(callSubscriptions.id, decided.subscription.id));
        return {
          serialNo: record.serialNo,
          success: true,
          ...(inserted.length ? {} : { replayed: true }),
          minutes,
          allowed: decided.allowed,
          ...(decided.allowed ? { minutesLeft: decided.minutesLeft - minutes } : { reason: decided.reason }),
        };
      });
      answers.push(answer);
    }
    // Not an edit of the phone: no 更新人 or 更新时间 stamped.
    await inSchool(context.db, phoneWorker(phone), (work) =>
      work.tx
        .update(callPhones)
        .set({ lastSeenAt: new Date() })
        .where(and(work.school(callPhones), eq(callPhones.id, phone.id))),
    );
    return ok(answers);
  });
}
