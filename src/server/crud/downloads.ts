import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { downloadChunks, downloadJobs } from '../db/schema';
import { authOf } from '../http/auth';
import { notFound, ok } from '../http/envelope';
import { parseInput } from '../http/validate';
import { schoolDateTime } from '../http/schoolClock';

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
  /** Money is written as a number shown `#,##0.00` (yuan); other numbers as numbers; the rest as text. */
  format?: 'money' | 'quantity' | 'number' | 'text';
}

/**
 * What a finance office hands in: the screen's title as the sheet's name and first line, the query
 * it was made with, the columns as the screen shows them, the 合计 line, and on a financial
 * screen the lines for 制表, 审核 and 负责人 to sign.
 */
export interface ReportLayout {
  title: string;
  /** The query in words: `日期范围：2026-11-01 ~ 2026-11-30`, `单位：元`, who made it and when. */
  conditions: readonly string[];
  columns: readonly SheetColumn[];
  financial: boolean;
}

/** Writes rows as they come; resolves when the producer has written them all, with the 合计 line's sums if the screen has one. */
export type RowProducer = (write: (rows: readonly Record<string, unknown>[]) => Promise<void>) => Promise<Record<string, number> | void>;

/** Excel's sheet names: at most 31 characters, none of \ / ? * [ ] :. */
const sheetNameOf = (title: string) => title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';

const THIN = { style: 'thin' as const, color: { argb: 'FFBFBFBF' } };
const BOXED = { top: THIN, left: THIN, bottom: THIN, right: THIN };

/** A stored file's piece: small enough for one query's memory, few enough for a quick download. */
const CHUNK_BYTES = 1024 * 1024;
/** A job whose writer has not reported for this long has lost its server (each batch reports). */
const STALE_AFTER_MS = 10 * 60_000;

/**
 * Exports as jobs: the job is recorded, the file is written in the background by a streaming
 * writer (memory stays flat whatever the row count) to a scratch file, then stored in the
 * database in pieces, so that any server instance hands it out; the download centre lists it for
 * its owner. Scratch files are named by the job, never by user input.
 */
export function createDownloads(db: Database, dir: string) {
  const fileOf = (id: string) => path.join(dir, `${id}.xlsx`);

  /** The finished file into the database, piece by piece, in one transaction with its status. */
  async function store(id: string, written: number) {
    const file = fileOf(id);
    const size = fs.statSync(file).size;
    const handle = await fs.promises.open(file, 'r');
    try {
      await db.transaction(async (tx) => {
        const buffer = Buffer.alloc(CHUNK_BYTES);
        for (let seq = 0, offset = 0; offset < size; seq += 1) {
          const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, offset);
          await tx.insert(downloadChunks).values({ jobId: id, seq, data: Uint8Array.from(buffer.subarray(0, bytesRead)) });
          offset += bytesRead;
        }
        await tx.update(downloadJobs).set({ status: '1', rows: written, size, updatedAt: new Date() }).where(eq(downloadJobs.id, id));
      });
    } finally {
      await handle.close();
      fs.rmSync(file, { force: true });
    }
  }

  async function run(id: string, layout: ReportLayout, produce: RowProducer) {
    fs.mkdirSync(dir, { recursive: true });
    const { columns } = layout;
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: fileOf(id), useStyles: true });
    // Title, query and header stay in view while the rows scroll.
    const sheet = workbook.addWorksheet(sheetNameOf(layout.title), { views: [{ state: 'frozen', ySplit: 3 }] });
    sheet.columns = columns.map((column) => ({
      key: column.key,
      width: column.width,
      ...(column.format === 'money' ? { style: { numFmt: '#,##0.00' } } : column.format === 'quantity' ? { style: { numFmt: '#,##0.###' } } : {}),
    }));
    const across = (row: number) => sheet.mergeCells(row, 1, row, Math.max(columns.length, 1));
    const title = sheet.addRow([layout.title]);
    title.font = { bold: true, size: 14 };
    title.alignment = { horizontal: 'center', vertical: 'middle' };
    title.height = 26;
    across(1);
    title.commit();
    const conditions = sheet.addRow([layout.conditions.join('    ')]);
    conditions.font = { size: 10, color: { argb: 'FF595959' } };
    across(2);
    conditions.commit();
    const header = sheet.addRow(columns.map((column) => column.header));
    header.font = { bold: true };
    header.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    header.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } };
      cell.border = BOXED;
    });
    header.commit();

    let written = 0;
    const sums = await produce(async (rows) => {
      for (const values of rows) {
        const row = sheet.addRow(values);
        row.eachCell({ includeEmpty: true }, (cell) => {
          cell.border = BOXED;
        });
        row.commit();
      }
      written += rows.length;
      await db.update(downloadJobs).set({ rows: written, updatedAt: new Date() }).where(eq(downloadJobs.id, id));
    });
    if (sums) {
      const total = sheet.addRow(Object.fromEntries(columns.map((column, index) => [column.key, index === 0 ? '合计' : (sums[column.key] ?? null)])));
      total.font = { bold: true };
      total.eachCell({ includeEmpty: true }, (cell) => {
        cell.border = BOXED;
      });
      total.commit();
    }
    if (layout.financial) {
      sheet.addRow([]).commit();
      const signatures = sheet.addRow(['制表：                    审核：                    负责人：']);
      across(signatures.number);
      signatures.commit();
    }
    sheet.commit();
    await workbook.commit();
    await store(id, written);
  }

  return {
    /** Records the job and starts it; answers the job's id at once. */
    async start(owner: { tenantId: number; userId: string }, fileName: string, layout: ReportLayout, produce: RowProducer): Promise<string> {
      const id = newId();
      await db.insert(downloadJobs).values({ id, tenantId: owner.tenantId, ownerId: owner.userId, fileName, status: '0' });
      setImmediate(() => {
        run(id, layout, produce).catch(async (error: unknown) => {
          fs.rmSync(fileOf(id), { force: true });
          const reason = error instanceof Error ? error.message : String(error);
          await db
            .update(downloadJobs)
            .set({ status: '2', msg: `导出失败：${reason}`.slice(0, 500), updatedAt: new Date() })
            .where(eq(downloadJobs.id, id))
            .catch(() => {});
        });
      });
      return id;
    },
  };
}

export type Downloads = ReturnType<typeof createDownloads>;

const listQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** The download centre: the caller's own jobs, newest first, and their files. */
export function downloadRoutes(api: FastifyInstance, { db, dictionaries }: AppContext): void {
  api.get('/syz/download/list', { config: { self: true } }, async (request) => {
    const { userId, tenantId, locale } = authOf(request);
    const query = parseInput(listQuery, request.query);
    const mine = eq(downloadJobs.ownerId, userId);
    // A job whose server stopped while writing it says so, instead of generating for ever.
    await db
      .update(downloadJobs)
      .set({ status: '2', msg: '导出中断（服务器已重启），请重新导出', updatedAt: new Date() })
      .where(and(mine, eq(downloadJobs.status, '0'), lt(sql`coalesce(${downloadJobs.updatedAt}, ${downloadJobs.createdAt})`, new Date(Date.now() - STALE_AFTER_MS))));
    const rows = await db
      .select()
      .from(downloadJobs)
      .where(mine)
      .orderBy(desc(downloadJobs.createdAt), desc(downloadJobs.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize);
    const [total] = await db.select({ n: count() }).from(downloadJobs).where(mine);
    const records = [];
    for (const row of rows)
      records.push({
        id: row.id,
        fileName: row.fileName,
        status: row.status,
        status_dictText: await dictionaries.textOf('download_status', row.status, tenantId, locale),
        msg: row.msg,
        rows: row.rows,
        size: row.size,
        url: row.status === '1' ? `/syz/download/file?id=${row.id}` : null,
        createTime: schoolDateTime(row.createdAt),
      });
    const n = total?.n ?? 0;
    return ok({ records, total: n, size: query.pageSize, current: query.pageNo, pages: Math.ceil(n / query.pageSize) }, '查询成功');
  });

  api.get('/syz/download/file', { config: { self: true } }, async (request, reply) => {
    const { userId } = authOf(request);
    const { id } = parseInput(z.object({ id: z.string().trim().min(1).max(64) }), request.query);
    const [job] = await db
      .select()
      .from(downloadJobs)
      .where(and(eq(downloadJobs.id, id), eq(downloadJobs.ownerId, userId), eq(downloadJobs.status, '1')));
    if (!job) throw notFound('文件不存在');
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(job.fileName)}`);
    reply.header('X-Content-Type-Options', 'nosniff');
    if (job.size !== null) reply.header('Content-Length', job.size);
    // One piece at a time: a large file never sits in memory whole.
    async function* pieces() {
      for (let seq = 0; ; seq += 1) {
        const [piece] = await db
          .select({ data: downloadChunks.data })
          .from(downloadChunks)
          .where(and(eq(downloadChunks.jobId, job!.id), eq(downloadChunks.seq, seq)))
          .orderBy(asc(downloadChunks.seq));
        if (!piece) return;
        yield Buffer.from(piece.data);
      }
    }
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(Readable.from(pieces()));
  });
}
