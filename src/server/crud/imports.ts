import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import type { EntitySpec, FieldSpec } from '@shared/engine/spec';
import { ApiError, badRequest } from '../http/envelope';

/** Rows one import may carry. */
export const IMPORT_MAX_ROWS = 5_000;

/** The uploaded workbook of an import request (multipart `file`), as a buffer. */
export async function uploadedWorkbook(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传 Excel 文件（file）', 'Upload the Excel file as multipart/form-data (file)');
  let buffer: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file' && !buffer) buffer = await part.toBuffer();
      else if (part.type === 'file') part.file.resume();
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('文件大小超出10MB限制');
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest('一次只能上传一个文件（file）');
    throw error;
  }
  if (!buffer) throw badRequest('请选择要导入的 Excel 文件（file）', 'Choose the Excel file to import (file)');
  return buffer;
}

/** A cell's value as the form would have it (text, number or yes/no). */
function cellValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (typeof value === 'object' && 'result' in value) return value.result ?? '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return value;
}

/** What an unpacked workbook may weigh: 5,000 rows are a few MB of XML, a zip bomb hundreds. */
export const IMPORT_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
/** How long reading one workbook may take before it is refused. */
const READ_DEADLINE_MS = 15_000;

const NOT_A_WORKBOOK = () => badRequest('文件不是有效的 Excel（.xlsx）文件（file）', 'The file is not a valid Excel (.xlsx) workbook (file)');
const TOO_BIG = () =>
  badRequest(`Excel 文件解压后超过 ${IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024}MB，请拆分后分批导入`, `The workbook unpacks to more than ${IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024} MB; split it and import the parts`);
const TOO_MANY_ROWS = () => badRequest(`一次最多导入 ${IMPORT_MAX_ROWS} 行`, `Import at most ${IMPORT_MAX_ROWS} rows at a time`);

/** Inflates a deflated entry only to count it, stopping once it passes the budget. */
function inflatedSize(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = zlib.createInflateRaw();
    let total = 0;
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) {
        inflater.destroy();
        resolve(total);
      }
    });
    inflater.on('end', () => resolve(total));
    inflater.on('error', reject);
    inflater.end(data);
  });
}

/**
 * Refuses a workbook whose entries unpack to more than the cap, measured by inflating them (the
 * sizes a zip declares are the attacker's word). Reads the zip's central directory by hand.
 */
export async function checkUnpackedSize(buffer: Buffer): Promise<void> {
  const floor = Math.max(0, buffer.length - 22 - 0xffff);
  let end = -1;
  for (let at = buffer.length - 22; at >= floor; at -= 1)
    if (buffer.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) throw NOT_A_WORKBOOK();
  const entries = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  let total = 0;
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) throw NOT_A_WORKBOOK();
    const method = buffer.readUInt16LE(at + 10);
    const packed = buffer.readUInt32LE(at + 20);
    const local = buffer.readUInt32LE(at + 42);
    at += 46 + buffer.readUInt16LE(at + 28) + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== 0x04034b50) throw NOT_A_WORKBOOK();
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    if (start + packed > buffer.length) throw NOT_A_WORKBOOK();
    const data = buffer.subarray(start, start + packed);
    if (method === 0) total += packed;
    else if (method === 8) total += await inflatedSize(data, IMPORT_MAX_UNPACKED_BYTES - total).catch(() => Promise.reject(NOT_A_WORKBOOK()));
    else throw NOT_A_WORKBOOK();
    if (total > IMPORT_MAX_UNPACKED_BYTES) throw TOO_BIG();
  }
}

/**
 * The rows of the first sheet, keyed by field: the header row names fields by their Chinese (or
 * English) titles, as the export and the template write them. Unknown headers are refused. Any
 * import holder may send a workbook, so it is read as a stream under a cap on its unpacked size,
 * its rows (reading stops at the first row past the limit) and its time.
 */
export async function readSheet(spec: EntitySpec, buffer: Buffer): Promise<{ rows: { line: number; values: Record<string, unknown> }[] }> {
  await checkUnpackedSize(buffer);
  const byTitle = new Map<string, FieldSpec>();
  for (const field of spec.fields) {
    byTitle.set(field.title['zh-CN'], field);
    byTitle.set(field.title.en, field);
  }
  const deadline = Date.now() + READ_DEADLINE_MS;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  const rows: { line: number; values: Record<string, unknown> }[] = [];
  let columns: (FieldSpec | null)[] | null = null;
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets += 1;
      for await (const row of sheet) {
        if (Date.now() > deadline) throw badRequest('读取 Excel 文件超时，请减少行数或拆分后分批导入', 'Reading the workbook took too long; import fewer rows at a time');
        if (!columns) {
          // The first row is the header: it names the fields.
          const header: (FieldSpec | null)[] = [];
          row.eachCell({ includeEmpty: true }, (cell, index) => {
            const title = String(cellValue(cell.value)).replace(/^\*/, '').trim();
            const field = byTitle.get(title);
            if (title && !field) throw badRequest(`第 ${row.number} 行的列「${title}」不是${spec.title['zh-CN']}的字段`, `Column "${title}" in row ${row.number} is not a field of ${spec.title.en.toLowerCase()}`);
            header[index] = field ?? null;
          });
          columns = header;
          continue;
        }
        const values: Record<string, unknown> = {};
        row.eachCell({ includeEmpty: true }, (cell, index) => {
          const field = columns![index];
          if (field) values[field.key] = cellValue(cell.value);
        });
        if (!Object.values(values).some((value) => value !== '')) continue;
        if (rows.length === IMPORT_MAX_ROWS) throw TOO_MANY_ROWS();
        rows.push({ line: row.number, values });
      }
      // The first sheet only.
      break;
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw NOT_A_WORKBOOK();
  }
  if (!sheets) throw badRequest('Excel 文件中没有工作表（file）', 'The workbook has no sheet (file)');
  return { rows };
}

/** The template: the form's fields as headers, required ones marked with *. */
export async function templateOf(spec: EntitySpec): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(spec.title['zh-CN']);
  const fields = spec.fields.filter((field) => field.form !== false);
  sheet.columns = fields.map((field) => ({ header: `${field.required ? '*' : ''}${field.title['zh-CN']}`, key: field.key, width: Math.max(12, Math.round((field.width ?? 120) / 8)) }));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
