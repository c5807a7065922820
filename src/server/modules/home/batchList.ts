import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { BATCH_KINDS, BATCH_PHASES, type BatchBoard, type BatchKind, type BatchPhase, type BatchRow } from '@shared/demo/screens';
import { actionState, menuCodeForPath } from '@shared/permissions';
import { addDays, dateTimeIn, dayIn, parseSchoolTime } from '@shared/schoolTime';
import type { AppContext } from '../../context';
import { containing } from '../../db/like';
import { rowsOf } from '../../db/rows';
import { graduationBatches, mealRefundBatches, pushTasks, subsidyBatches } from '../../db/schema';
import { schoolReads, type Work } from '../../db/work';
import { authOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { schoolZone } from '../schools/settings';

const query = z.object({
  phase: z.enum(BATCH_PHASES).optional(),
  kind: z.enum(BATCH_KINDS).optional(),
  keyword: z.string().trim().max(50).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

/** Each kind's table as its statement names it (`b`). */
const b = { subsidyBatches: alias(subsidyBatches, 'b'), graduationBatches: alias(graduationBatches, 'b'), mealRefundBatches: alias(mealRefundBatches, 'b'), pushTasks: alias(pushTasks, 'b') };

/**
 * Each kind of batch as one shape: where it is in its life (phase), its own state, how far it
 * got. The columns: kind, id, no, name, phase, status_dict, status, owner, started, finished,
 * done, failed, total, amount, date_from, date_to, push_type.
 */
const KINDS: Record<BatchKind, { path: string; rows: (work: Work) => SQL }> = {
  subsidy: {
    path: '/members/subsidies',
    rows: (work) => sql`SELECT 'subsidy' AS kind, b.id, b.bill_no AS no, b.name,
        CASE WHEN b.audit_status IN ('3', '4') OR b.issue_status = '3' THEN 'closed' WHEN b.issue_status = '4' THEN 'running'
          WHEN b.issue_status IN ('1', '2') THEN 'done' ELSE 'waiting' END AS phase,
        CASE WHEN b.audit_status = '2' THEN 'subsidy_issue_status' ELSE 'audit_status' END AS status_dict,
        CASE WHEN b.audit_status = '2' THEN b.issue_status ELSE b.audit_status END AS status,
        b.create_by AS owner, b.create_time AS started, b.issue_time AS finished,
        b.issued AS done, b.failed, b.persons AS total, b.total_cents AS amount, NULL::text AS date_from, NULL::text AS date_to, NULL AS push_type
      FROM memb_subsidy_batch b WHERE ${work.school(b.subsidyBatches)}`,
  },
  graduation: {
    path: '/members/graduation',
    rows: (work) => sql`SELECT 'graduation', b.id, b.bill_no, b.name,
        CASE WHEN b.status IN ('0', '1') THEN 'waiting' WHEN b.status = '2' THEN 'running' ELSE 'done' END,
        'grad_status', b.status, b.create_by, b.create_time, b.finish_time,
        b.done, b.failed, b.persons, CASE WHEN b.status IN ('3', '4') THEN b.refund_total_cents END, NULL::text, NULL::text, NULL
      FROM memb_graduation_batch b WHERE ${work.school(b.graduationBatches)}`,
  },
  refund: {
    path: '/meals/refund-merge',
    rows: (work) => sql`SELECT 'refund', b.id, b.bill_no, NULL,
        CASE WHEN b.audit_status = '3' THEN 'closed' WHEN b.refund_status = '1' THEN 'running' WHEN b.refund_status IN ('2', '3') THEN 'done' ELSE 'waiting' END,
        CASE WHEN b.audit_status = '2' THEN 'refund_status' ELSE 'refund_audit_status' END,
        CASE WHEN b.audit_status = '2' THEN b.refund_status ELSE b.audit_status END,
        b.create_by, b.create_time, b.refunded_at,
        CASE WHEN b.refund_status IN ('2', '3') THEN b.lines ELSE 0 END, b.failed, b.lines, b.total_cents, b.date_from::text, b.date_to::text, NULL
      FROM meal_refund_batch b WHERE ${work.school(b.mealRefundBatches)}`,
  },
  push: {
    path: '/members/device-sending',
    rows: (work) => sql`SELECT 'push', b.id, b.task_no, NULL,
        CASE b.status WHEN '0' THEN 'waiting' WHEN '1' THEN 'running' WHEN '5' THEN 'closed' ELSE 'done' END,
        'push_status', b.status, b.create_by, b.create_time, b.finish_time,
        b.success + b.failed, b.failed, b.total, NULL::bigint, NULL::text, NULL::text, b.push_type
      FROM dev_push_task b WHERE ${work.school(b.pushTasks)}`,
  },
};

interface Row {
  kind: BatchKind;
  id: string;
  no: string;
  name: string | null;
  phase: BatchPhase;
  status_dict: string;
  status: string;
  owner: string | null;
  realname: string | null;
  started: Date | string;
  finished: Date | string | null;
  done: number;
  failed: number;
  total: number;
  amount: string | null;
  date_from: string | null;
  date_to: string | null;
  push_type: string | null;
}

/**
 * 标准列表 on the school's batch work: 补助发放, 毕业离校, 退款合并 and 设备下发 batches in one list —
 * each with its state, owner, start and progress — filtered by where they are and searched by
 * name or number, with the counts of each phase; only the kinds whose screens the user holds.
 */
export function batchListRoutes(api: FastifyInstance, context: AppContext): void {
  api.get('/home/batches', { config: { permission: menuCodeForPath('/list/basic') } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const { phase, kind, keyword, pageNo, pageSize } = parseInput(query, request.query);
    const kinds = BATCH_KINDS.filter((each) => actionState(menuCodeForPath(KINDS[each].path), caller) === 'shown');
    const zone = await schoolZone(work.tx, work.tenantId);
    const empty: BatchBoard = { counts: { waiting: 0, running: 0, done: 0, closed: 0 }, doneThisWeek: 0, kinds, records: [], total: 0 };
    if (!kinds.length) return ok(empty);
    const batches = sql.join(
      kinds.map((each) => KINDS[each].rows(work)),
      sql` UNION ALL `,
    );
    const weekAgo = parseSchoolTime(zone, `${addDays(dayIn(zone), -6)} 00:00:00`)!.toISOString();
    const [counts] = await rowsOf<Record<BatchPhase, number> & { week: number }>(
      work.tx,
      sql`WITH batches AS (${batches}) SELECT
        count(*) FILTER (WHERE phase = 'waiting')::int AS waiting, count(*) FILTER (WHERE phase = 'running')::int AS running,
        count(*) FILTER (WHERE phase = 'done')::int AS done, count(*) FILTER (WHERE phase = 'closed')::int AS closed,
        count(*) FILTER (WHERE phase = 'done' AND finished >= ${weekAgo}::timestamptz)::int AS week
      FROM batches`,
    );
    const chosen = sql.join(
      [
        sql`true`,
        ...(phase ? [sql`b.phase = ${phase}`] : []),
        ...(kind ? [sql`b.kind = ${kind}`] : []),
        ...(keyword ? [sql`(b.no ILIKE ${containing(keyword)} OR b.name ILIKE ${containing(keyword)})`] : []),
      ],
      sql` AND `,
    );
    const rows = await rowsOf<Row & { full: number }>(
      work.tx,
      sql`WITH batches AS (${batches})
        SELECT b.*, u.realname, count(*) OVER ()::int AS full FROM batches b
        LEFT JOIN users u ON u.username = b.owner
        WHERE ${chosen} ORDER BY b.started DESC, b.id LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`,
    );
    const records: BatchRow[] = rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      no: row.no,
      name: row.name,
      phase: row.phase,
      statusDict: row.status_dict,
      status: row.status,
      owner: row.realname || row.owner,
      startedAt: dateTimeIn(zone, new Date(row.started)),
      finishedAt: row.finished ? dateTimeIn(zone, new Date(row.finished)) : null,
      done: Number(row.done),
      failed: Number(row.failed),
      total: Number(row.total),
      amount: row.amount === null ? null : Number(row.amount),
      from: row.date_from,
      to: row.date_to,
      pushType: row.push_type,
      path: KINDS[row.kind].path,
    }));
    const { week, ...phases } = counts!;
    return ok({ counts: phases, doneThisWeek: week, kinds, records, total: rows[0]?.full ?? 0 } satisfies BatchBoard);
  });
}
