import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, notFound, ok } from '../../http/envelope';
import { MAX_UPLOAD_BYTES, resolveStored, safeBiz, storedName } from './storage';

/**
 * POST /sys/common/upload (multipart `file`, `biz`): stores the file under the data folder and
 * answers its relative path in `message`, as JeecgBoot clients expect. GET
 * /sys/common/static/<path> serves it back — to signed-in users only (token as `?token=` for
 * <img> and links), since uploads hold students' photos.
 */
export function fileRoutes(api: FastifyInstance, { config }: AppContext): void {
  const root = config.uploadDir;

  api.post('/sys/common/upload', { config: { self: true } }, async (request) => {
    if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件（file）');
    let saved: string | null = null;
    let biz: string | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'biz') biz = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || saved) {
        part.file.resume();
        continue;
      }
      const folder = safeBiz(biz);
      if (!folder) throw badRequest('biz 只能是字母、数字、下划线或短横线组成的目录名');
      const name = storedName(part.filename || 'file');
      fs.mkdirSync(path.join(root, folder), { recursive: true });
      const target = path.join(root, folder, name);
      try {
        await pipeline(part.file, fs.createWriteStream(target, { flags: 'wx' }));
      } catch (error) {
        fs.rmSync(target, { force: true });
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('文件大小超出10MB限制');
        throw error;
      }
      if (part.file.truncated) {
        fs.rmSync(target, { force: true });
        throw badRequest('文件大小超出10MB限制');
      }
      saved = `${folder}/${name}`;
    }
    if (!saved) throw badRequest('请选择要上传的文件（file）');
    return { ...ok(null, saved) };
  });

  api.get<{ Params: { '*': string } }>('/sys/common/static/*', { config: { self: true } }, async (request, reply) => {
    const file = resolveStored(root, decodeURIComponent(request.params['*'] ?? ''));
    if (!file) throw notFound('文件不存在');
    reply.header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(path.basename(file))}`);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', 'private, max-age=3600');
    return reply.type(contentTypeOf(file)).send(fs.createReadStream(file));
  });
}

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
};

/** Known safe types are shown inline; anything else downloads. */
function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export { MAX_UPLOAD_BYTES };
