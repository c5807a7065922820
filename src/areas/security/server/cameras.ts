import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { cameraEventsSigningText, type CameraEvent } from '../shared/camera';
import type { AppContext } from '@server/context';
import type { EntityHooks } from '@server/crud/registerEntity';
import { newId } from '@server/db/ids';
import { inSchool, schoolReads } from '@server/db/work';
import { members } from '@server/db/schema';
import { cameras, videoRecords } from './tables';
import { ok } from '@server/http/envelope';
import { parseInput } from '@server/http/validate';
import { deviceTimeRefusal } from '@server/modules/devices/deviceTime';
import { issueKeyRoute, signedDevice } from '@server/modules/devices/keys';
import { deviceMediaRoute, ownMedia } from '@server/modules/devices/media';
import { schoolSettings } from '@server/modules/schools/settings';

const eventSchema = z.object({
  eventNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/),
  eventType: z.enum(['1', '2', '3', '4', '5', '6', '7']),
  startTime: z.string().max(40),
  endTime: z.string().max(40).optional(),
  snapshot: z.string().trim().max(200).optional(),
  recording: z.string().trim().max(200).optional(),
  memberNo: z.string().trim().max(30).optional(),
});
const eventsSchema = z.object({ events: z.array(eventSchema).min(1).max(200) });

/** Who uploads a camera's media in the stored files' book. */
const ownerOf = (serial: string) => `camera:${serial}`;

/** 标记处理 and 误报 keep the opinion given. */
export const VIDEO_RECORD_HOOKS: EntityHooks = {
  actions: {
    handle: async ({ input }) => ({ set: { opinion: input.opinion } }),
    falseAlarm: async ({ input }) => ({ set: { opinion: input.opinion } }),
  },
};

/**
 * The cameras' API (安防视频): a camera uploads a snapshot or a recording (the bytes signed with its
 * key; a picture or a video by its first bytes, whatever it claims) into object storage, then
 * posts its events naming them — each kept once (its own number a camera), its media only its
 * own. 生成密钥 issues a camera's key (answered once).
 */
export function cameraRoutes(api: FastifyInstance, context: AppContext): void {
  issueKeyRoute(api, context, { path: '/sec/camera/issueKey', table: cameras, permission: 'camera:issueKey', missing: '摄像头不存在' });

  deviceMediaRoute(api, context, { path: '/camera/media', table: cameras, folder: 'camera', owner: ownerOf, videos: true });

  api.post('/camera/events', { config: { public: true } }, async (request) => {
    const body = parseInput(eventsSchema, request.body);
    const camera = await signedDevice(context, cameras, request, (serial, timestamp) => cameraEventsSigningText(serial, timestamp, body.events as CameraEvent[]));
    const worker = { tenantId: camera.tenantId, username: ownerOf(camera.serialNo) };
    const work = schoolReads(context.db, worker);
    const school = await schoolSettings(work.tx, camera.tenantId);
    const own = await ownMedia(
      work.tx,
      ownerOf(camera.serialNo),
      body.events.flatMap((event) => [event.snapshot, event.recording]),
    );
    const answers = [];
    for (const event of body.events) {
      const refused = (message: string) => answers.push({ eventNo: event.eventNo, success: false, message });
      const started = deviceTimeRefusal(school, event.startTime);
      if ('refusal' in started) {
        refused(started.refusal);
        continue;
      }
      const ended = event.endTime ? deviceTimeRefusal(school, event.endTime) : null;
      if (ended && 'refusal' in ended) {
        refused(ended.refusal);
        continue;
      }
      if (ended && ended.at < started.at) {
        refused('结束时间不能早于开始时间');
        continue;
      }
      const foreign = [event.snapshot, event.recording].find((media) => media && !own.has(media));
      if (foreign) {
        refused(`文件不存在或不是本设备上传的（${foreign}）`);
        continue;
      }
      const [member] = event.memberNo
        ? await work.tx
            .select({ id: members.id })
            .from(members)
            .where(and(work.school(members), eq(members.memberNo, event.memberNo)))
        : [];
      // Written by hand (the unit of work's insert knows no ON CONFLICT), in the camera's school.
      const inserted = await inSchool(context.db, worker, (scoped) =>
        scoped.tx
          .insert(videoRecords)
          .values({
            id: newId(),
            tenantId: scoped.tenantId,
            createBy: ownerOf(camera.serialNo),
            cameraId: camera.id,
            eventNo: event.eventNo,
            location: camera.location,
            eventType: event.eventType,
            startTime: started.at,
            endTime: ended?.at ?? null,
            duration: ended ? Math.round((ended.at.getTime() - started.at.getTime()) / 1000) : null,
            snapshot: event.snapshot ?? null,
            recording: event.recording ?? null,
            memberId: member?.id ?? null,
          })
          // Sent again (the answer was lost): kept once.
          .onConflictDoNothing()
          .returning({ id: videoRecords.id }),
      );
      answers.push({ eventNo: event.eventNo, success: true, ...(inserted.length ? {} : { replayed: true }) });
    }
    // Not an edit of the camera: no 更新人 or 更新时间 stamped.
    await inSchool(context.db, worker, (scoped) =>
      scoped.tx
        .update(cameras)
        .set({ lastSeenAt: new Date() })
        .where(and(scoped.school(cameras), eq(cameras.id, camera.id))),
    );
    return ok(answers);
  });
}
