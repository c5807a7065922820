import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ROWS_DELETED, TABLE_EDIT_RULES, TABLE_EDIT_SOCKET_KEY, tableEditSaveSchema, type TableEditRow } from '@shared/demo/tableEdit';
import type { PageResult } from '@shared/envelope';
import { validateRows } from '@shared/grid/validation';
import { parseNumberOnBlur } from '@shared/grid/cells';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { demoTableRows } from '../../db/schema';
import { newId } from '../../db/ids';
import { pageTotal } from '../../db/paging';
import { authOf } from '../../http/auth';
import { badRequest, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import type { EventBus } from '../../realtime/bus';
import { publishTableCommon, publishTableUpdate, type TableSocketKey } from '../../realtime/tableSocket';
import { isUniqueViolation } from '../../db/errors';
import { inSchool, schoolReads } from '../../db/work';
import { containing } from '../../db/like';

const PERMISSION = 'demo:table-edit';

type Row = typeof demoTableRows.$inferSelect;

/** Who reads a row for the socket: the socket itself, for the school of the session that asked. */
const SOCKET_READER = 'table-edit socket';

/** The demo table's live rows go to those who may open it, read from the database. */
export function tableEditSocket(db: Database): TableSocketKey {
  return {
    key: TABLE_EDIT_SOCKET_KEY,
    permission: PERMISSION,
    load: async (tenantId, id) => {
      const row = await schoolReads(db, { tenantId, username: SOCKET_READER }).one(demoTableRows, id);
      return row ? toClient(row) : null;
    },
  };
}

const listQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  column: z.enum(['orderNum', 'name', 'code', 'amount', 'quantity', 'birthday', 'createdAt']).default('orderNum'),
  order: z.enum(['asc', 'desc']).default('asc'),
  name: z.string().max(50).optional(),
  code: z.string().max(20).optional(),
  category: z.string().max(20).optional(),
});

/** The row as the grid sees it: amount as a number, no tenant. */
export function toClient(row: Row): TableEditRow & { createdAt: string } {
  return {
    id: row.id,
    orderNum: row.orderNum,
    name: row.name,
    code: row.code,
    phone: row.phone,
    email: row.email,
    amount: row.amount === null ? null : Number(row.amount),
    quantity: row.quantity,
    category: row.category,
    tags: row.tags,
    birthday: row.birthday,
    signedAt: row.signedAt,
    departName: row.departName,
    departCode: row.departCode,
    checkedIn: row.checkedIn,
    progress: row.progress,
    attachment: row.attachment,
    avatar: row.avatar,
    createdAt: row.createdAt.toISOString(),
  };
}

export function tableEditRoutes(api: FastifyInstance, context: AppContext, bus: EventBus): void {
  // The query table (/list/query) reads the same rows.
  api.get('/demo/tableEdit/list', { config: { permission: `${PERMISSION},list:query` } }, async (request) => {
    const work = schoolReads(context.db, authOf(request));
    const query = parseInput(listQuery, request.query);
    const where = and(
      work.school(demoTableRows),
      query.name ? ilike(demoTableRows.name, containing(query.name)) : undefined,
      query.code ? ilike(demoTableRows.code, containing(query.code)) : undefined,
      query.category ? eq(demoTableRows.category, query.category) : undefined,
    );
    const sortColumn = demoTableRows[query.column];
    const { total: totalCount, estimated } = await pageTotal(work.tx, demoTableRows, where);
    const rows = await work.tx
      .select()
      .from(demoTableRows)
      .where(where)
      .orderBy(...(query.order === 'asc' ? [asc(sortColumn), asc(demoTableRows.id)] : [desc(sortColumn), desc(demoTableRows.id)]))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize);
    const page: PageResult<ReturnType<typeof toClient>> & { totalEstimated: boolean } = {
      records: rows.map(toClient),
      total: totalCount,
      size: query.pageSize,
      current: query.pageNo,
      pages: Math.ceil(totalCount / query.pageSize),
      totalEstimated: estimated,
    };
    return ok(page, '查询成功');
  });

  // Saves the whole edit of the grid in one transaction: validated with the grid's own rules.
  api.post('/demo/tableEdit/save', { config: { permission: PERMISSION } }, async (request) => {
    const caller = authOf(request);
    const { tenantId } = caller;
    const body = parseInput(tableEditSaveSchema, request.body);
    const errors = validateRows(TABLE_EDIT_RULES, body.rows as Record<string, unknown>[], (row) => String(row.id));
    if (errors.length) {
      const first = errors[0]!;
      const index = body.rows.findIndex((row) => row.id === first.rowKey);
      const title = TABLE_EDIT_RULES.find((rule) => rule.key === first.column)?.title ?? first.column;
      throw badRequest(`第 ${index + 1} 行 ${title}：${first.message}`);
    }
    const saved = await inSchool(context.db, caller, async (work) => {
      if (body.deletedIds.length) await work.remove(demoTableRows, inArray(demoTableRows.id, body.deletedIds));
      const existing = new Set(
        (
          await work.tx
            .select({ id: demoTableRows.id })
            .from(demoTableRows)
            .where(and(work.school(demoTableRows), inArray(demoTableRows.id, body.rows.map((row) => row.id).concat(''))))
        ).map((row) => row.id),
      );
      // A row the browser loaded that is gone now (deleted elsewhere) is not recreated under its old id.
      const vanished = body.rows.findIndex((row) => !row.id.startsWith('new_') && !existing.has(row.id));
      if (vanished >= 0) throw badRequest(`第 ${vanished + 1} 行的记录已不存在（可能已被他人删除），请刷新后再试`);
      // Codes are unique per school: park the edited rows' codes first, so two rows may swap theirs.
      if (existing.size)
        await work.tx
          .update(demoTableRows)
          .set({ code: sql`'~' || ${demoTableRows.id}` })
          .where(and(work.school(demoTableRows), inArray(demoTableRows.id, [...existing])));
      const out: Row[] = [];
      for (const [index, row] of body.rows.entries()) {
        const amount = parseNumberOnBlur(row.amount as string | number | null | undefined);
        const quantity = parseNumberOnBlur(row.quantity as string | number | null | undefined);
        const values = {
          orderNum: row.orderNum ?? index + 1,
          name: row.name!.trim(),
          code: row.code!.trim(),
          phone: row.phone || null,
          email: row.email || null,
          amount: amount === null ? null : amount.toFixed(2),
          quantity: quantity === null ? null : Math.trunc(quantity),
          category: row.category || null,
          tags: row.tags || null,
          birthday: row.birthday || null,
          signedAt: row.signedAt || null,
          departName: row.departName || null,
          departCode: row.departCode || null,
          checkedIn: row.checkedIn ?? false,
          progress: row.progress ?? 0,
          attachment: row.attachment || null,
          avatar: row.avatar || null,
          updatedAt: new Date(),
        };
        const [written] = existing.has(row.id) ? await work.update(demoTableRows, values, eq(demoTableRows.id, row.id)) : await work.insert(demoTableRows, { ...values, id: newId() });
        if (written) out.push(written);
      }
      return out;
    }).catch((error: unknown) => {
      // A code already used by a row of the school that this edit does not hold.
      if (isUniqueViolation(error)) throw badRequest('编号不能重复：该编号已被其他记录使用');
      throw error;
    });
    // After commit: other tables on this screen (other browsers) merge the changes live.
    await Promise.all(saved.map((row) => publishTableUpdate(bus, tenantId, TABLE_EDIT_SOCKET_KEY, toClient(row), body.caseId)));
    if (body.deletedIds.length) await publishTableCommon(bus, tenantId, TABLE_EDIT_SOCKET_KEY, ROWS_DELETED, [body.deletedIds, body.caseId]);
    return ok(saved.map(toClient), '保存成功！');
  });
}
