import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { mediaKindOf, mediaSigningText } from '@shared/deviceMedia';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { badRequest, ok } from '../../http/envelope';
import { signedDevice, type KeyedDevices } from './keys';

/** The largest snapshot or recording a device uploads at once. */
export const MAX_MEDIA_BYTES = 50 * 1024 * 1024;

interface MediaRoute<T extends KeyedDevices> {
  path: string;
  table: T;
  /** The folder of object storage its uploads go to (`camera`, `gate`). */
  folder: string;
  /** Who uploads in the stored files' book (`camera:<serial>`): only its own uploads are named in its records. */
  owner(serial: string): string;
  /** Recordings too (a camera), or pictures only (a gate's snapshot). */
  videos: boolean;
}

/**
 * A keyed device's upload (安防视频's snapshots and recordings, the gates' snapshots): the bytes as they
 * come, signed with the device's key over their SHA-256, kept in object storage as its school's and
 * its own; a picture or a video by its first bytes. Answers the stored path the device then names.
 */
export function deviceMediaRoute<T extends KeyedDevices>(api: FastifyInstance, context: AppContext, route: MediaRoute<T>): void {
  const { db, files } = context;
  const incoming = path.join(context.config.uploadDir, '.incoming');
  api.register(async (media) => {
    // The bytes as they come: a picture or a video, never parsed.
    media.addContentTypeParser(['image/jpeg', 'image/png', 'video/mp4', 'video/webm', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: MAX_MEDIA_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    media.post(route.path, { config: { public: true }, bodyLimit: MAX_MEDIA_BYTES }, async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('没有收到文件内容', 'No file content was sent');
      const digest = createHash('sha256').update(body).digest('hex');
      const device = await signedDevice(context, route.table, request, (serial, timestamp) => mediaSigningText(serial, timestamp, digest));
      const kind = mediaKindOf(body);
      if (!kind || (!route.videos && !kind.type.startsWith('image/')))
        throw route.videos
          ? badRequest('只接受 JPEG/PNG 图片或 MP4/WebM 视频', 'Only JPEG or PNG pictures and MP4 or WebM videos are taken')
          : badRequest('只接受 JPEG/PNG 图片', 'Only JPEG or PNG pictures are taken');
      const name = `${randomBytes(16).toString('hex')}.${kind.extension}`;
      const stored = `${route.folder}/${name}`;
      fs.mkdirSync(incoming, { recursive: true });
      const temp = path.join(incoming, randomBytes(16).toString('hex'));
      fs.writeFileSync(temp, body, { flag: 'wx' });
      await files.put(stored, temp, kind.type);
      await db
        .insert(storedFiles)
        .values({ path: stored, tenantId: device.tenantId, ownerId: route.owner(device.serialNo), biz: route.folder, originalName: name, size: body.length, contentType: kind.type });
      return ok({ path: stored, size: body.length, contentType: kind.type });
    });
  });
}

/** Which of the paths a device's records name are its own uploads (a record naming another's is refused). */
export async function ownMedia(db: Executor, owner: string, paths: readonly (string | null | undefined)[]): Promise<Set<string>> {
  const named = [...new Set(paths.filter((value): value is string => Boolean(value)))];
  if (!named.length) return new Set();
  const rows = await db
    .select({ path: storedFiles.path })
    .from(storedFiles)
    .where(and(inArray(storedFiles.path, named), eq(storedFiles.ownerId, owner)));
  return new Set(rows.map((row) => row.path));
}
