import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { listPagingSchema, rangeBound, rangeBounds } from '@shared/engine/schemas';
import type { FieldSpec } from '@shared/engine/spec';
import { addDays } from '@shared/schoolTime';
import type { PageResult } from '@shared/envelope';
import { menuCodeForPath } from '@shared/permissions';
import type { AppContext } from '../../context';
import { loginLogs, operationLogs } from '../../db/schema';
import { containing } from '../../db/like';
import { schoolReads } from '../../db/work';
import { authOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { parseTypedTime, schoolDateTime } from '../../http/schoolClock';

/** JeecgBoot's SysLog as its 日志管理 screen reads it. */
interface SysLog {
  id: string;
  logType: number;
  logContent: string;
  operateType: number | null;
  userid: string | null;
  username: string;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  requestType: string | null;
  requestParam: null;
  costTime: number | null;
  createTime: string;
}

/** The logs' time range, checked by the list filters' own rule (a bad bound is a 400 naming it). */
const createTime: FieldSpec = { key: 'createTime', type: 'datetime', title: { 'zh-CN': '日志时间', en: 'Logged at' }, query: 'range' };
const createTimeTitles = rangeBounds([createTime]).titles;
const query = listPagingSchema.extend({
  /** 1 登录日志, 2 操作日志. */
  logType: z.coerce.number().int().min(1).max(2).default(1),
  keyWord: z.string().trim().max(100).optional(),
  operateType: z.coerce.number().int().min(1).max(9).optional().catch(undefined),
  createTime_begin: rangeBound(createTime),
  createTime_end: rangeBound(createTime),
});

/** A day or a time as typed (2026-11-25, or with the time) on the school's clock: the range's ends, the end day included. */
const begin = (value: string | undefined) => (value ? (parseTypedTime(value) ?? undefined) : undefined);
const end = (value: string | undefined) => {
  if (!value) return undefined;
  if (/^\d{4}-\d\d-\d\d$/.test(value)) return parseTypedTime(addDays(value, 1)) ?? undefined;
  const at = parseTypedTime(value);
  return at ? new Date(at.getTime() + 1000) : undefined;
};

/**
 * `GET /sys/log/list` in JeecgBoot 2.4's shape: the sign-in log (logType 1) or the operation log
 * (logType 2) of the caller's school, newest first, with its keyword, operation type and time range.
 */
export function logRoutes(api: FastifyInstance, context: AppContext): void {
  api.get('/sys/log/list', { config: { permission: menuCodeForPath('/system/logs') } }, async (request) => {
    const params = parseInput(query, request.query, createTimeTitles);
    const work = schoolReads(context.db, authOf(request));
    const offset = (params.pageNo - 1) * params.pageSize;
    const page = <T>(records: T[], total: number): PageResult<T> => ({ records, total, size: params.pageSize, current: params.pageNo, pages: Math.ceil(total / params.pageSize) });
    const from = begin(params.createTime_begin);
    const to = end(params.createTime_end);
    if (params.logType === 1) {
      const where = and(
        from ? gte(loginLogs.createdAt, from) : undefined,
        to ? lt(loginLogs.createdAt, to) : undefined,
        params.keyWord ? or(ilike(loginLogs.username, containing(params.keyWord)), ilike(loginLogs.message, containing(params.keyWord))) : undefined,
      );
      const total = await work.count(loginLogs, where);
      const rows = await work.tx
        .select()
        .from(loginLogs)
        .where(and(work.school(loginLogs), where))
        .orderBy(desc(loginLogs.createdAt))
        .limit(params.pageSize)
        .offset(offset);
      return ok(
        page(
          rows.map((row): SysLog => ({
            id: String(row.id),
            logType: 1,
            logContent: `用户名: ${row.username},${row.message}`,
            operateType: null,
            userid: row.userId,
            username: row.username,
            ip: row.ip,
            method: null,
            requestUrl: null,
            requestType: null,
            requestParam: null,
            costTime: null,
            createTime: schoolDateTime(row.createdAt),
          })),
          total,
        ),
      );
    }
    const conditions: (SQL | undefined)[] = [
      from ? gte(operationLogs.createdAt, from) : undefined,
      to ? lt(operationLogs.createdAt, to) : undefined,
      params.operateType ? eq(operationLogs.operateType, String(params.operateType)) : undefined,
      params.keyWord
        ? or(
            ilike(operationLogs.username, containing(params.keyWord)),
            ilike(operationLogs.requestUrl, containing(params.keyWord)),
            ilike(operationLogs.target, containing(params.keyWord)),
            ilike(operationLogs.message, containing(params.keyWord)),
          )
        : undefined,
    ];
    const where = and(...conditions);
    const total = await work.count(operationLogs, where);
    const rows = await work.tx
      .select()
      .from(operationLogs)
      .where(and(work.school(operationLogs), where))
      .orderBy(desc(operationLogs.createdAt))
      .limit(params.pageSize)
      .offset(offset);
    return ok(
      page(
        rows.map((row): SysLog => ({
          id: String(row.id),
          logType: 2,
          logContent: [row.message, row.target].filter(Boolean).join(' · ') || row.route,
          operateType: Number(row.operateType),
          userid: row.userId,
          username: row.username,
          ip: row.ip,
          method: row.route,
          requestUrl: row.requestUrl,
          requestType: row.requestMethod,
          requestParam: null,
          costTime: row.costMs,
          createTime: schoolDateTime(row.createdAt),
        })),
        total,
      ),
    );
  });
}
