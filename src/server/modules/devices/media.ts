import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { MEDIA_DIGEST_HEADER, mediaKindOf, mediaSigningText } from '@shared/deviceMedia';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { inSchool } from '../../db/work';
import { ApiError, badRequest, ok } from '../../http/envelope';
import { signedDevice, type KeyedDevices } from './keys';

/** The largest recording a camera uploads at once. */
export const MAX_MEDIA_BYTES = 50 * 1024 * 1024;
/** The largest snapshot a gate uploads at once (a picture). */
export const MAX_PICTURE_BYTES = 8 * 1024 * 1024;
/** Uploads received at once by this instance, and by one device. */
export const MEDIA_UPLOADS_AT_ONCE = 8;
export const MEDIA_UPLOADS_PER_DEVICE = 2;
/** Bytes of uploads being received at once by this instance (as their senders declared them). */
export const MEDIA_BYTES_IN_FLIGHT = 160 * 1024 * 1024;

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

/** The uploads being received: each holds a place until its answer is sent or its sender goes away. */
class UploadPlaces {
  private uploads = 0;
  private bytes = 0;
  private readonly byDevice = new Map<string, number>();

  /** A place for the device's upload of `bytes`, or null when this instance or the device has too many at once. */
  take(device: string, bytes: number): (() => void) | null {
    const own = this.byDevice.get(device) ?? 0;
    if (own >= MEDIA_UPLOADS_PER_DEVICE || this.uploads >= MEDIA_UPLOADS_AT_ONCE || this.bytes + bytes > MEDIA_BYTES_IN_FLIGHT) return null;
    this.uploads += 1;
    this.bytes += bytes;
    this.byDevice.set(device, own + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.uploads -= 1;
      this.bytes -= bytes;
      const left = (this.byDevice.get(device) ?? 1) - 1;
      if (left > 0) this.byDevice.set(device, left);
      else this.byDevice.delete(device);
    };
  }
}

/** What the headers of an accepted upload said: its device, the digest it signed, and its place to give back. */
interface Admitted {
  device: { tenantId: number; serialNo: string };
  digest: string;
  release: () => void;
}

/**
 * A keyed device's upload (安防视频's snapshots and recordings, the gates' snapshots): the bytes as they
 * come, signed with the device's key over their SHA-256, kept in object storage as its school's and
 * its own; a picture or a video by its first bytes. Answers the stored path the device then names.
 *
 * Anyone can send to this route, so nothing is read before the sender is known: the headers (serial,
 * time, the signature over the digest the `X-Content-SHA256` header declares) and the declared length
 * are checked first, and the upload takes one of a few places (per device and in all); only then is
 * the body received, and its bytes must be the ones signed.
 */
export function deviceMediaRoute<T extends KeyedDevices>(api: FastifyInstance, context: AppContext, route: MediaRoute<T>): void {
  const { files } = context;
  const incoming = path.join(context.config.uploadDir, '.incoming');
  const places = new UploadPlaces();
  const admitted = new WeakMap<FastifyRequest, Admitted>();
  const maxBytes = route.videos ? MAX_MEDIA_BYTES : MAX_PICTURE_BYTES;
  const release = async (request: FastifyRequest) => admitted.get(request)?.release();
  api.register(async (media) => {
    // The bytes as they come: a picture or a video, never parsed.
    media.addContentTypeParser(['image/jpeg', 'image/png', 'video/mp4', 'video/webm', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) =>
      done(null, body),
    );
    media.post(
      route.path,
      {
        config: { public: true },
        bodyLimit: maxBytes,
        // Before the body: who sends it, how much, and whether there is room.
        onRequest: async (request) => {
          const digest = String(request.headers[MEDIA_DIGEST_HEADER] ?? '').toLowerCase();
          const device = await signedDevice(context, route.table, request, (serial, timestamp) => mediaSigningText(serial, timestamp, digest));
          if (!/^[0-9a-f]{64}$/.test(digest)) throw new ApiError(401, '设备签名无效', 'The device signature is not valid');
          const declared = Number(request.headers['content-length']);
          if (!request.headers['content-length'] || !Number.isSafeInteger(declared)) throw new ApiError(411, '上传须声明内容长度', 'An upload must declare its length');
          if (declared > maxBytes) throw new ApiError(413, `文件不能超过 ${maxBytes / 1024 / 1024} MB`, `A file cannot be larger than ${maxBytes / 1024 / 1024} MB`);
          const place = places.take(`${route.folder}:${device.serialNo}`, declared);
          if (!place) throw new ApiError(429, '同时上传的文件过多，请稍后重试', 'Too many uploads at once; try again shortly');
          admitted.set(request, { device, digest, release: place });
        },
        onResponse: release,
        onRequestAbort: release,
      },
      async (request) => {
        const { device, digest } = admitted.get(request)!;
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('没有收到文件内容', 'No file content was sent');
        // The bytes that came must be the bytes signed.
        if (createHash('sha256').update(body).digest('hex') !== digest) throw new ApiError(401, '文件内容与签名不符', 'The file does not match its signature');
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
        // The device works for its school under its serial.
        await inSchool(context.db, { tenantId: device.tenantId, username: device.serialNo }, (work) =>
          work.insert(storedFiles, { path: stored, ownerId: route.owner(device.serialNo), biz: route.folder, originalName: name, size: body.length, contentType: kind.type }),
        );
        return ok({ path: stored, size: body.length, contentType: kind.type });
      },
    );
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
