import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sum } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { countInWindow } from '../../db/rateWindows';
import { storedFiles } from '../../db/schema';
import { inSchool, schoolReads, unscoped } from '../../db/work';
import { authOf, FILE_COOKIE, PLATFORM_TENANT } from '../../http/auth';
import { ApiError, badRequest, notFound, ok } from '../../http/envelope';
import { isStoredKey, MAX_UPLOAD_BYTES, safeBiz, storedName } from './storage';
import type { ByteRange } from './objectStore';

/** Uploads one user may make per minute. */
export const UPLOADS_PER_MINUTE = 30;
/** What one user may keep stored in all. */
export const QUOTA_BYTES = 500 * 1024 * 1024;

export const FILE_MESSAGES = {
  notMultipart: '请以 multipart/form-data 上传文件（file）',
  noFile: '请选择要上传的文件（file）',
  oneFile: '一次只能上传一个文件（file）',
  tooLarge: '文件大小超出10MB限制',
  badBiz: 'biz 只能是字母、数字、下划线或短横线组成的目录名',
  tooFast: `上传过于频繁：每分钟最多上传 ${UPLOADS_PER_MINUTE} 个文件，请稍后再试`,
  quota: `您的上传空间已满（${QUOTA_BYTES / 1024 / 1024}MB），请删除不用的文件后再试`,
  notFound: '文件不存在',
} as const;

/** Types a browser may show inline: pictures only (no SVG: it can carry script). */
const IMAGES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp' };
/** Recordings a page plays in place (安防视频's 回放). */
const VIDEOS: Record<string, string> = { '.mp4': 'video/mp4', '.webm': 'video/webm' };
const DOWNLOADS: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.doc': 'application/msword',
  '.zip': 'application/zip',
};
const typeOf = (name: string) => {
  const ext = path.extname(name).toLowerCase();
  return IMAGES[ext] ?? VIDEOS[ext] ?? DOWNLOADS[ext] ?? 'application/octet-stream';
};

/** The file cookie (an empty token clears it): the session, sent to the stored-file route only. */
export function fileCookieOf(apiPrefix: string, token: string, secure: boolean): string {
  const parts = [`${FILE_COOKIE}=${encodeURIComponent(token)}`, `Path=${apiPrefix}/sys/common/static`, 'HttpOnly', 'SameSite=Strict'];
  if (!token) parts.push('Max-Age=0');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The multipart plugin's refusals, as the user should read them. */
function multipartError(error: unknown): unknown {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return badRequest(FILE_MESSAGES.tooLarge);
    case 'FST_FILES_LIMIT':
      return badRequest(FILE_MESSAGES.oneFile);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(FILE_MESSAGES.notMultipart);
    default:
      return error;
  }
}

/**
 * POST /sys/common/upload (multipart `file`, `biz`): stores the file under the data folder with a
 * random part in its name, records whose school and user it is, and answers its relative path in
 * `message`, as JeecgBoot clients expect. A refused upload leaves nothing behind. GET
 * /sys/common/static/<path> serves it back to signed-in users of the same school only (for <img>
 * and links, the session in a cookie scoped to that path: never a token in a URL); pictures
 * inline, everything else as a download.
 */
export function fileRoutes(api: FastifyInstance, context: AppContext): void {
  const { config, files } = context;
  const root = config.uploadDir;
  const incoming = path.join(root, '.incoming');

  /** Receives one multipart file into the store and records it; answers its stored path. */
  async function receive(request: FastifyRequest): Promise<{ stored: string; name: string; size: number }> {
    const caller = authOf(request);
    const { userId } = caller;
    if (!request.isMultipart()) throw badRequest(FILE_MESSAGES.notMultipart);
    const reads = schoolReads(context.db, caller);
    // Counted before the file is read, atomically (one statement on a counter of no school's): uploads sent at once cannot all pass.
    if ((await countInWindow(reads.tx, `upload:${userId}`, 60_000)) > UPLOADS_PER_MINUTE) throw new ApiError(429, FILE_MESSAGES.tooFast);
    const [used] = await reads.tx
      .select({ bytes: sum(storedFiles.size) })
      .from(storedFiles)
      .where(and(reads.school(storedFiles), eq(storedFiles.ownerId, userId)));
    const usedBytes = Number(used?.bytes ?? 0);
    if (usedBytes >= QUOTA_BYTES) throw new ApiError(413, FILE_MESSAGES.quota);

    // Written under a temporary name first: only a complete, accepted upload gets a place.
    fs.mkdirSync(incoming, { recursive: true });
    let received: { temp: string; name: string; size: number } | null = null;
    let biz: string | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'biz') biz = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        if (received) throw badRequest(FILE_MESSAGES.oneFile);
        const temp = path.join(incoming, randomBytes(16).toString('hex'));
        received = { temp, name: part.filename || 'file', size: 0 };
        await pipeline(part.file, fs.createWriteStream(temp, { flags: 'wx' }));
        if (part.file.truncated) throw badRequest(FILE_MESSAGES.tooLarge);
        received.size = fs.statSync(temp).size;
      }
      if (!received) throw badRequest(FILE_MESSAGES.noFile);
      const folder = safeBiz(biz);
      if (!folder) throw badRequest(FILE_MESSAGES.badBiz);
      if (usedBytes + received.size > QUOTA_BYTES) throw new ApiError(413, FILE_MESSAGES.quota);

      const name = storedName(received.name, randomBytes(16).toString('hex'));
      const stored = `${folder}/${name}`;
      await files.put(stored, received.temp, typeOf(name));
      try {
        const row = { path: stored, ownerId: userId, biz: folder, originalName: received.name.slice(0, 255), size: received.size, contentType: typeOf(name) };
        await inSchool(context.db, caller, (work) => work.insert(storedFiles, row));
      } catch (error) {
        await files.remove(stored);
        throw error;
      }
      return { stored, name: received.name, size: received.size };
    } catch (error) {
      if (received) fs.rmSync(received.temp, { force: true });
      throw multipartError(error);
    }
  }

  // JeecgBoot's answer: the stored path in `message`.
  api.post('/sys/common/upload', { config: { self: true, schoolWide: true } }, async (request) => ok(null, (await receive(request)).stored));
  // 对象存储's 上传 (its button's permission): the record in `result`.
  api.post('/sys/oss/file/upload', { config: { permission: 'file:upload' } }, async (request) => {
    const { stored, name, size } = await receive(request);
    return ok({ id: stored, fileName: name, url: stored, fileSize: size }, '上传成功！');
  });

  // The console asks for the file cookie once signed in: HttpOnly, sent to the stored-file route
  // only. A GET: it changes nothing but the caller's own cookie, and takes no body.
  api.get('/sys/common/fileAccess', { config: { self: true } }, async (request, reply) => {
    reply.header('Set-Cookie', fileCookieOf(api.prefix, authOf(request).token, request.protocol === 'https'));
    return ok(null);
  });

  api.get<{ Params: { '*': string } }>('/sys/common/static/*', { config: { self: true, schoolWide: true, fileCookie: true } }, async (request, reply) => {
    const { tenantId } = authOf(request);
    const relative = (request.params['*'] ?? '').replace(/,+$/, '');
    if (!isStoredKey(relative)) throw notFound(FILE_MESSAGES.notFound);
    // By its path, whichever school's it is: another school's file is told apart from an unrecorded one.
    const [record] = await unscoped(context.db, 'files: a stored file is found by its path, then checked against the school').select().from(storedFiles).where(eq(storedFiles.path, relative));
    // Another school's file is "not found", not "forbidden": its existence is not told either.
    // Files from before uploads were recorded belong to the installation's own school.
    if (record ? record.tenantId !== tenantId : tenantId !== PLATFORM_TENANT) throw notFound(FILE_MESSAGES.notFound);
    const size = await files.size(relative);
    if (size === null) throw notFound(FILE_MESSAGES.notFound);
    // A player seeks a recording by asking for bytes from the middle (one range; more are answered whole).
    const asked = request.headers.range;
    const range = asked ? byteRange(asked, size) : undefined;
    if (range === null) return reply.code(416).header('Content-Range', `bytes */${size}`).send();
    const body = await files.get(relative, range);
    if (!body) throw notFound(FILE_MESSAGES.notFound);
    reply.header('Accept-Ranges', 'bytes');
    if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('Content-Length', range ? range.end - range.start + 1 : size);
    const name = record?.originalName ?? path.basename(relative);
    const type = typeOf(relative);
    // Pictures and recordings show in place (unless `?download=1`); a PDF too when a preview asks (`?inline=1`); the rest downloads.
    const query = request.query as { inline?: string; download?: string };
    const inline = query.download !== '1' && (type.startsWith('image/') || type.startsWith('video/') || (type === 'application/pdf' && query.inline === '1'));
    reply.header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(name)}`);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', 'private, max-age=3600');
    return reply.type(type).send(body);
  });
}

/**
 * An HTTP Range of one part (`bytes=0-99`, `bytes=500-`, `bytes=-200`) within a file of `size`
 * bytes: undefined for what is not a single byte range (the whole file is sent), null for a range
 * outside the file (416).
 */
export function byteRange(header: string, size: number): ByteRange | null | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix > 0 && size > 0 ? { start: Math.max(0, size - suffix), end: size - 1 } : null;
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start < size && start <= end ? { start, end } : null;
}

export { MAX_UPLOAD_BYTES };
