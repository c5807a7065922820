import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, ilike, inArray, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import type { PageResult } from '@shared/envelope';
import { menuCodeForPath } from '@shared/permissions';
import type { AppContext } from '../../context';
import { containing } from '../../db/like';
import { schoolReads, unscoped } from '../../db/work';
import { storedFiles, tenants, users } from '../../db/schema';
import { authOf, PLATFORM_TENANT, type AuthContext } from '../../http/auth';
import { notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { FILE_MESSAGES } from './routes';
import { schoolDateTime } from '../../http/schoolClock';

const listQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  fileName: z.string().max(100).optional(),
  biz: z.string().max(100).optional(),
  kind: z.enum(['image', 'pdf', 'other']).optional().catch(undefined),
});
const ids = z.object({ id: z.string({ error: '请选择文件' }).min(1, '请选择文件').max(4000, '请选择文件') });

const KIND: Record<'image' | 'pdf', string[]> = { image: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'], pdf: ['application/pdf'] };

/**
 * 对象存储 (JeecgBoot's /sys/oss/file): the uploaded files — name, school, owner, size, type, time —
 * listed, opened and deleted, whichever storage holds them. A school sees its own files; the
 * platform sees every school's.
 */
export function ossRoutes(api: FastifyInstance, context: AppContext): void {
  const { files } = context;
  /** A school's own files through its unit of work; every school's for the platform. */
  const filesOf = (caller: AuthContext) => {
    if (caller.tenantId === PLATFORM_TENANT) return { db: unscoped(context.db, 'files: the platform’s object storage screen lists and deletes every school’s files'), own: undefined };
    const work = schoolReads(context.db, caller);
    return { db: work.tx, own: work.school(storedFiles) };
  };

  api.get('/sys/oss/file/list', { config: { permission: menuCodeForPath('/system/files') } }, async (request) => {
    const { db, own } = filesOf(authOf(request));
    const query = parseInput(listQuery, request.query);
    const name = query.fileName?.replace(/^\*|\*$/g, '').trim();
    const where = and(
      own,
      name ? ilike(storedFiles.originalName, containing(name)) : undefined,
      query.biz ? eq(storedFiles.biz, query.biz) : undefined,
      query.kind === 'other' ? notInArray(storedFiles.contentType, [...KIND.image, ...KIND.pdf]) : query.kind ? inArray(storedFiles.contentType, KIND[query.kind]) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ file: storedFiles, school: tenants.name, owner: users.realname, ownerName: users.username })
        .from(storedFiles)
        .leftJoin(tenants, eq(tenants.id, storedFiles.tenantId))
        .leftJoin(users, eq(users.id, storedFiles.ownerId))
        .where(where)
        .orderBy(desc(storedFiles.createdAt), storedFiles.path)
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      db.select({ n: count() }).from(storedFiles).where(where),
    ]);
    const n = total?.n ?? 0;
    const records = rows.map(({ file, school, owner, ownerName }) => ({
      id: file.path,
      fileName: file.originalName,
      url: file.path,
      biz: file.biz,
      fileSize: file.size,
      contentType: file.contentType,
      tenantId: file.tenantId,
      school: school ?? '',
      owner: owner || ownerName || '',
      createTime: schoolDateTime(file.createdAt),
    }));
    const page: PageResult<(typeof records)[number]> = { records, total: n, size: query.pageSize, current: query.pageNo, pages: Math.ceil(n / query.pageSize) };
    return ok(page);
  });

  api.delete('/sys/oss/file/delete', { config: { permission: 'file:delete' } }, async (request) => {
    const { db, own } = filesOf(authOf(request));
    const paths = parseInput(ids, request.query).id.split(',').filter(Boolean);
    const found = await db
      .select()
      .from(storedFiles)
      .where(and(inArray(storedFiles.path, paths), own));
    if (found.length !== paths.length) throw notFound(FILE_MESSAGES.notFound);
    // The record first: bytes left behind by a failure are unreachable, never a broken link.
    await db.delete(storedFiles).where(and(inArray(storedFiles.path, paths), own));
    for (const file of found) await files.remove(file.path);
    return ok(null, '删除成功!');
  });
}
