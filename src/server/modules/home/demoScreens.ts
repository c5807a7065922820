import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { CanteenCard, LatestOperation, TaskBoard, TrendAnswer, PrintReceipt, SplitMember, SplitMemberDetail } from '@shared/demo/screens';
import { menuCodeForPath } from '@shared/permissions';
import { addDays, dateTimeIn, dayIn, startOfSchoolDay } from '@shared/schoolTime';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/rows';
import { accounts, cards, devices, downloadJobs, ledgerTransactions, mealCanteens, mealStores, members, operationLogs, permissions } from '../../db/schema';
import { schoolReads, type SchoolTable, type Work } from '../../db/work';
import { containing } from '../../db/like';
import { authOf } from '../../http/auth';
import { notFound, ok } from '../../http/envelope';
import { parseInput } from '../../http/validate';
import { schoolZone } from '../schools/settings';
import { pendingFor } from './pending';

const splitQuery = z.object({
  keyword: z.string().trim().max(50).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const idQuery = z.object({ id: z.string().trim().min(1).max(64) });
const outcomeQuery = z.object({ outcome: z.enum(['success', 'error']) });

/** The tables as the statements below name them. */
const m = alias(members, 'm');
const x = alias(accounts, 'x');
const k = alias(cards, 'k');
const c = alias(cards, 'c');
const t = alias(ledgerTransactions, 't');
const s = alias(mealStores, 's');

/** The school's rows of a table in a hand-written statement (a condition that is always one). */
const ofSchool = (work: Work, table: SchoolTable): SQL => work.school(table);

/** The school's people, each with the account in use (an open one first) and its card in use. */
const people = (work: Work) => sql`
  SELECT m."id", m."member_no" AS "memberNo", m."real_name" AS "realName", d."name" AS "deptName", m."sex", m."mobile", m."member_status" AS "memberStatus",
    a."account_no" AS "accountNo", a."account_status" AS "accountStatus", a."cash_cents"::text AS "cash", a."subsidy_cents"::text AS "subsidy",
    (a."cash_cents" + a."subsidy_cents" + a."gift_cents")::text AS "balance", a."id" AS "accountId", c."card_no" AS "cardNo", c."card_status" AS "cardStatus"
  FROM "memb_member" m
  LEFT JOIN "member_departments" d ON d."id" = m."dept_id"
  LEFT JOIN LATERAL (SELECT x.* FROM "memb_account" x WHERE x."member_id" = m."id" AND ${ofSchool(work, x)} ORDER BY (x."account_status" = '3'), x."create_time" DESC LIMIT 1) a ON true
  LEFT JOIN LATERAL (SELECT k.* FROM "memb_card" k WHERE k."account_id" = a."id" AND ${ofSchool(work, k)} ORDER BY (k."card_status" = '4'), k."create_time" DESC LIMIT 1) c ON true
  WHERE ${ofSchool(work, m)}`;

interface PersonRow {
  id: string;
  memberNo: string;
  realName: string;
  deptName: string | null;
  sex: string;
  mobile: string | null;
  memberStatus: string;
  accountNo: string | null;
  accountStatus: string | null;
  cash: string | null;
  subsidy: string | null;
  balance: string | null;
  accountId: string | null;
  cardNo: string | null;
  cardStatus: string | null;
}

/** A person of the school with the account and card they use; 404 when not one of the school's. */
export async function personWithAccount(work: Work, id: string): Promise<PersonRow> {
  const [row] = await rowsOf<PersonRow>(work.tx, sql`${people(work)} AND m."id" = ${id}`);
  if (!row) throw notFound('未找到对应实体');
  return row;
}

const cents = (value: string | null) => (value === null ? null : Number(value));

/** A person as 分屏's list shows them. */
const listed = (row: PersonRow): SplitMember => ({ id: row.id, memberNo: row.memberNo, realName: row.realName, deptName: row.deptName, balance: cents(row.balance), cardNo: row.cardNo });

/** The school's latest recharges (20), or the one named, as 打印 and PDF 预览 put them on paper. */
export async function latestRecharges(work: Work, txnNo?: string): Promise<PrintReceipt[]> {
  const zone = await schoolZone(work.tx, work.tenantId);
  const rows = await rowsOf<{
    txn_no: string;
    posted_at: Date | string;
    amount: string;
    channel: string | null;
    operator: string;
    cash_after: string | null;
    member_no: string;
    real_name: string;
    dept_name: string | null;
    account_no: string;
    card_no: string | null;
    school: string;
  }>(
    work.tx,
    sql`SELECT t."txn_no", t."posted_at", t."amount_cents"::text AS "amount", t."channel", t."operator", t."cash_after_cents"::text AS "cash_after",
        m."member_no", m."real_name", d."name" AS "dept_name", a."account_no", k."card_no", s."name" AS "school"
      FROM "fin_txn" t
      JOIN "memb_account" a ON a."id" = t."account_id"
      JOIN "memb_member" m ON m."id" = a."member_id"
      LEFT JOIN "member_departments" d ON d."id" = m."dept_id"
      -- The card the recharge named, else the account's card in use.
      LEFT JOIN LATERAL (SELECT c."card_no" FROM "memb_card" c WHERE c."id" = t."card_id" OR (t."card_id" IS NULL AND c."account_id" = a."id" AND ${ofSchool(work, c)})
        ORDER BY (c."id" = t."card_id") DESC, (c."card_status" = '4'), c."create_time" DESC LIMIT 1) k ON true
      JOIN "tenants" s ON s."id" = ${work.tenantId}
      WHERE ${ofSchool(work, t)} AND t."txn_type" = 'RECHARGE'
      ${txnNo ? sql`AND t."txn_no" = ${txnNo}` : sql``}
      ORDER BY t."posted_at" DESC, t."id" DESC LIMIT 20`,
  );
  return rows.map((row) => ({
    txnNo: row.txn_no,
    postedAt: dateTimeIn(zone, new Date(row.posted_at)),
    amount: Number(row.amount),
    channel: row.channel,
    operator: row.operator,
    cashAfter: cents(row.cash_after),
    memberNo: row.member_no,
    realName: row.real_name,
    deptName: row.dept_name,
    accountNo: row.account_no,
    cardNo: row.card_no,
    school: row.school,
  }));
}

/**
 * 示例's screens on the school's real data, each behind its own screen's code: 分屏 (people, and
 * the one chosen with their account and latest postings), 打印 (the latest recharges as
 * receipts), and 成功页 / 失败页 (the user's own latest operation that went through, or not).
 */
export function demoScreenRoutes(api: FastifyInstance, context: AppContext): void {
  // People searched: 分屏's list, and PDF 预览's choice of whose statement.
  for (const [path, screen] of [
    ['/home/split/members', '/demo/split'],
    ['/home/pdf/members', '/demo/pdf'],
  ] as const) {
    api.get(path, { config: { permission: menuCodeForPath(screen) } }, async (request) => {
      const work = schoolReads(context.db, authOf(request));
      const { keyword, pageNo, pageSize } = parseInput(splitQuery, request.query);
      const match = keyword ? sql`AND (m."member_no" ILIKE ${containing(keyword)} OR m."real_name" ILIKE ${containing(keyword)})` : sql``;
      const rows = await rowsOf<PersonRow>(work.tx, sql`${people(work)} ${match} ORDER BY m."member_no", m."id" LIMIT ${pageSize + 1} OFFSET ${(pageNo - 1) * pageSize}`);
      return ok({ records: rows.slice(0, pageSize).map(listed), more: rows.length > pageSize });
    });
  }

  api.get('/home/split/member', { config: { permission: menuCodeForPath('/demo/split') } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const { id } = parseInput(idQuery, request.query);
    const row = await personWithAccount(work, id);
    const zone = await schoolZone(work.tx, work.tenantId);
    const postings = row.accountId
      ? await rowsOf<{ txn_no: string; txn_type: string; amount: string; posted_at: Date | string; summary: string | null }>(
          work.tx,
          sql`SELECT "txn_no", "txn_type", "amount_cents"::text AS "amount", "posted_at", "summary" FROM "fin_txn"
            WHERE ${ofSchool(work, ledgerTransactions)} AND "account_id" = ${row.accountId} ORDER BY "posted_at" DESC, "id" DESC LIMIT 10`,
        )
      : [];
    const detail: SplitMemberDetail = {
      ...listed(row),
      sex: row.sex,
      mobile: row.mobile,
      memberStatus: row.memberStatus,
      accountNo: row.accountNo,
      accountStatus: row.accountStatus,
      cash: cents(row.cash),
      subsidy: cents(row.subsidy),
      cardStatus: row.cardStatus,
      postings: postings.map((posting) => ({
        txnNo: posting.txn_no,
        txnType: posting.txn_type,
        amount: Number(posting.amount),
        postedAt: dateTimeIn(zone, new Date(posting.posted_at)),
        summary: posting.summary,
      })),
    };
    return ok(detail);
  });

  // The latest recharges: 打印's receipts, and PDF 预览's choice of whose 收款单.
  for (const [path, screen] of [
    ['/home/print/receipts', '/demo/print'],
    ['/home/pdf/receipts', '/demo/pdf'],
  ] as const)
    api.get(path, { config: { permission: menuCodeForPath(screen) } }, async (request) => ok(await latestRecharges(schoolReads(context.db, authOf(request)))));

  api.get('/home/canteenCards', { config: { permission: menuCodeForPath('/list/card') } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const zone = await schoolZone(work.tx, work.tenantId);
    const since = startOfSchoolDay(zone).toISOString();
    const canteens = await rowsOf<{ id: string; name: string; campus: string | null; location: string | null; manager: string | null; status: string; seats: number | null }>(
      work.tx,
      sql`SELECT "id", "name", "campus", "location", "manager", "status", "seats" FROM "meal_canteen" WHERE ${ofSchool(work, mealCanteens)} ORDER BY "sort_no", "name"`,
    );
    const stores = await rowsOf<{ canteen_id: string; name: string; status: string; payments: number; amount: string }>(
      work.tx,
      sql`SELECT s."canteen_id", s."name", s."status", count(t."id")::int AS "payments", coalesce(sum(t."amount_cents"), 0)::text AS "amount"
        FROM "meal_store" s
        LEFT JOIN "fin_txn" t ON t."store_id" = s."id" AND ${ofSchool(work, t)} AND t."txn_type" = 'CONSUME' AND t."posted_at" >= ${since}::timestamptz
        WHERE ${ofSchool(work, s)} GROUP BY s."id" ORDER BY s."name"`,
    );
    const takings = await rowsOf<{ canteen_id: string | null; payments: number; amount: string }>(
      work.tx,
      sql`SELECT "canteen_id", count(*)::int AS "payments", sum("amount_cents")::text AS "amount" FROM "fin_txn"
        WHERE ${ofSchool(work, ledgerTransactions)} AND "txn_type" = 'CONSUME' AND "posted_at" >= ${since}::timestamptz GROUP BY "canteen_id"`,
    );
    const terminals = await rowsOf<{ canteen_id: string | null; total: number; online: number }>(
      work.tx,
      sql`SELECT "canteen_id", count(*)::int AS "total", count(*) FILTER (WHERE "last_seen_at" > now() - interval '5 minutes')::int AS "online"
        FROM "dev_device" WHERE ${ofSchool(work, devices)} GROUP BY "canteen_id"`,
    );
    const cards: CanteenCard[] = canteens.map((canteen) => {
      const today = takings.find((row) => row.canteen_id === canteen.id);
      const devices = terminals.find((row) => row.canteen_id === canteen.id);
      return {
        ...canteen,
        terminals: devices?.total ?? 0,
        terminalsOnline: devices?.online ?? 0,
        payments: today?.payments ?? 0,
        amount: Number(today?.amount ?? 0),
        stores: stores.filter((store) => store.canteen_id === canteen.id).map((store) => ({ name: store.name, status: store.status, payments: store.payments, amount: Number(store.amount) })),
      };
    });
    return ok(cards);
  });

  api.get('/home/tasks', { config: { permission: menuCodeForPath('/dashboard/task') } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const zone = await schoolZone(work.tx, work.tenantId);
    const since = startOfSchoolDay(zone);
    const exports = await work.tx
      .select()
      .from(downloadJobs)
      .where(and(eq(downloadJobs.ownerId, caller.userId), gte(downloadJobs.createdAt, since)))
      .orderBy(desc(downloadJobs.createdAt))
      .limit(20);
    const done = await work.tx
      .select({ at: operationLogs.createdAt, permission: operationLogs.permission, route: operationLogs.route, name: permissions.name })
      .from(operationLogs)
      .leftJoin(permissions, and(eq(permissions.perms, operationLogs.permission), eq(permissions.menuType, 2)))
      .where(and(eq(operationLogs.username, caller.username), work.school(operationLogs), eq(operationLogs.success, true), gte(operationLogs.createdAt, since)))
      .orderBy(desc(operationLogs.createdAt))
      .limit(30);
    const board: TaskBoard = {
      today: dayIn(zone),
      pending: await pendingFor(work, caller),
      exports: exports.map((job) => ({ fileName: job.fileName, status: job.status, rows: job.rows, at: dateTimeIn(zone, job.createdAt).slice(11), msg: job.msg })),
      done: done.map((row) => ({ at: dateTimeIn(zone, row.at).slice(11), action: row.name ?? row.permission ?? row.route })),
    };
    return ok(board);
  });

  // 图表 and 图表示例 read the same month.
  api.get('/home/trends', { config: { permission: `${menuCodeForPath('/dashboard/chart')},${menuCodeForPath('/demo/charts')}` } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const zone = await schoolZone(work.tx, work.tenantId);
    const today = dayIn(zone);
    const first = addDays(today, -29);
    const byDay = await rowsOf<{ day: string; consume: string; recharge: string; payments: number }>(
      work.tx,
      sql`SELECT "acc_date"::text AS "day",
          coalesce(sum("amount_cents") FILTER (WHERE "txn_type" = 'CONSUME'), 0)::text AS "consume",
          coalesce(sum("amount_cents") FILTER (WHERE "txn_type" = 'RECHARGE'), 0)::text AS "recharge",
          count(*) FILTER (WHERE "txn_type" = 'CONSUME')::int AS "payments"
        FROM "fin_txn" WHERE ${ofSchool(work, ledgerTransactions)} AND "acc_date" >= ${first}::date AND "txn_type" IN ('CONSUME', 'RECHARGE')
        GROUP BY 1 ORDER BY 1`,
    );
    const consumed = sql`FROM "fin_txn" t WHERE ${ofSchool(work, t)} AND t."acc_date" >= ${first}::date AND t."txn_type" = 'CONSUME'`;
    const canteens = await rowsOf<{ name: string | null; amount: string }>(
      work.tx,
      sql`SELECT c."name", sum(t."amount_cents")::text AS "amount" FROM "fin_txn" t LEFT JOIN "meal_canteen" c ON c."id" = t."canteen_id"
        WHERE ${ofSchool(work, t)} AND t."acc_date" >= ${first}::date AND t."txn_type" = 'CONSUME' GROUP BY c."name" ORDER BY 2 DESC`,
    );
    const meals = await rowsOf<{ meal_type: string | null; amount: string; payments: number }>(
      work.tx,
      sql`SELECT t."meal_type", sum(t."amount_cents")::text AS "amount", count(*)::int AS "payments" ${consumed} GROUP BY 1 ORDER BY 1`,
    );
    const hour = sql.raw(`extract(hour from t.posted_at at time zone '${zone.replaceAll("'", "''")}')::int`);
    const hours = await rowsOf<{ hour: number; payments: number }>(work.tx, sql`SELECT ${hour} AS "hour", count(*)::int AS "payments" ${consumed} GROUP BY 1`);
    const answer: TrendAnswer = {
      days: Array.from({ length: 30 }, (_, index) => {
        const day = addDays(first, index);
        const row = byDay.find((candidate) => candidate.day === day);
        return { day, consume: Number(row?.consume ?? 0), recharge: Number(row?.recharge ?? 0), payments: row?.payments ?? 0 };
      }),
      canteens: canteens.map((row) => ({ name: row.name ?? '', amount: Number(row.amount) })),
      meals: meals.map((row) => ({ mealType: row.meal_type ?? '', amount: Number(row.amount), payments: row.payments })),
      hours: Array.from({ length: 24 }, (_, at) => hours.find((row) => row.hour === at)?.payments ?? 0),
    };
    return ok(answer);
  });

  api.get('/home/results/latest', { config: { self: true } }, async (request) => {
    const caller = authOf(request);
    const work = schoolReads(context.db, caller);
    const { outcome } = parseInput(outcomeQuery, request.query);
    // By the log's index on the user's name and time (the newest first).
    const [row] = await work.tx
      .select({
        at: operationLogs.createdAt,
        route: operationLogs.route,
        method: operationLogs.requestMethod,
        message: operationLogs.message,
        target: operationLogs.target,
        permission: operationLogs.permission,
        name: permissions.name,
      })
      .from(operationLogs)
      // Named by its button's title, as 工作台 names it.
      .leftJoin(permissions, and(eq(permissions.perms, operationLogs.permission), eq(permissions.menuType, 2)))
      .where(and(eq(operationLogs.username, caller.username), work.school(operationLogs), eq(operationLogs.success, outcome === 'success')))
      .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id))
      .limit(1);
    if (!row) return ok(null);
    const zone = await schoolZone(work.tx, work.tenantId);
    const latest: LatestOperation = { at: dateTimeIn(zone, row.at), action: row.name ?? row.permission ?? row.route, route: row.route, method: row.method, message: row.message, target: row.target };
    return ok(latest);
  });
}
