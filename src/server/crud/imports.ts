import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import type { EntitySpec, FieldSpec } from '@shared/engine/spec';
import { badRequest } from '../http/envelope';

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
/**
 * Rows and cells the sheets' XML may hold before a workbook is built in memory: generous for
 * 5,000 rows (Excel writes a formatted empty row too), small enough that building it is cheap.
 */
const MAX_XML_ROWS = 20_000;
const MAX_XML_CELLS = 250_000;

const NOT_A_WORKBOOK = () => badRequest('文件不是有效的 Excel（.xlsx）文件（file）', 'The file is not a valid Excel (.xlsx) workbook (file)');
const TOO_BIG = () =>
  badRequest(
    `Excel 文件解压后超过 ${IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024}MB，请拆分后分批导入`,
    `The workbook unpacks to more than ${IMPORT_MAX_UNPACKED_BYTES / 1024 / 1024} MB; split it and import the parts`,
  );
const TOO_MANY_ROWS = () => badRequest(`一次最多导入 ${IMPORT_MAX_ROWS} 行`, `Import at most ${IMPORT_MAX_ROWS} rows at a time`);
const TOO_MANY_CELLS = () =>
  badRequest(`Excel 文件的单元格超过 ${MAX_XML_CELLS} 个，请删去多余的列或拆分后分批导入`, `The workbook has more than ${MAX_XML_CELLS} cells; remove extra columns or split it`);

/** Inflates a deflated entry, stopping once it passes the budget; keeps what it unpacked when asked. */
function inflate(data: Buffer, budget: number, keep: boolean): Promise<{ size: number; kept: Buffer[] }> {
  return new Promise((resolve, reject) => {
    const inflater = zlib.createInflateRaw();
    const kept: Buffer[] = [];
    let size = 0;
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (keep) kept.push(chunk);
      if (size > budget) {
        inflater.destroy();
        resolve({ size, kept });
      }
    });
    inflater.on('end', () => resolve({ size, kept }));
    inflater.on('error', reject);
    inflater.end(data);
  });
}

/** How many of the tag (`<row`, `<c`) the XML holds, by its name alone (`<col` is no `<c`). */
function countTags(xml: Buffer, tag: string): number {
  const open = Buffer.from(tag);
  let found = 0;
  for (let at = xml.indexOf(open); at >= 0; at = xml.indexOf(open, at + open.length)) {
    const next = xml[at + open.length];
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) found += 1;
  }
  return found;
}

/**
 * Measures a workbook before anything is built from it: its entries unpacked (by inflating them,
 * the sizes a zip declares being the sender's word) to at most 50 MB, and its sheets' rows and cells
 * counted in their XML. Reads the zip's central directory by hand.
 */
export async function checkWorkbookSize(buffer: Buffer): Promise<void> {
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
  const sheets: Buffer[] = [];
  for (let index = 0; index < entries; index += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) throw NOT_A_WORKBOOK();
    const method = buffer.readUInt16LE(at + 10);
    const packed = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const local = buffer.readUInt32LE(at + 42);
    at += 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== 0x04034b50) throw NOT_A_WORKBOOK();
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    if (start + packed > buffer.length) throw NOT_A_WORKBOOK();
    const data = buffer.subarray(start, start + packed);
    // Every entry is counted, whatever its name: exceljs finds sheets by an unanchored pattern
    // (`/xl/worksheets/sheet1.xml`, `x/xl/worksheets/sheet1.xml` are read as sheets too).
    if (method === 0) {
      total += packed;
      sheets.push(data);
    } else if (method === 8) {
      const unpacked = await inflate(data, IMPORT_MAX_UNPACKED_BYTES - total, true).catch(() => Promise.reject(NOT_A_WORKBOOK()));
      total += unpacked.size;
      sheets.push(...unpacked.kept);
    } else throw NOT_A_WORKBOOK();
    if (total > IMPORT_MAX_UNPACKED_BYTES) throw TOO_BIG();
  }
  const xml = Buffer.concat(sheets);
  if (countTags(xml, '<row') > MAX_XML_ROWS) throw TOO_MANY_ROWS();
  if (countTags(xml, '<c') > MAX_XML_CELLS) throw TOO_MANY_CELLS();
}

/**
 * The rows of the first sheet, keyed by field: the header row names fields by their Chinese (or
 * English) titles, as the export and the template write them. Unknown headers are refused. Any
 * import holder may send a workbook, so it is measured first (unpacked size, rows, cells) and built
 * only when small.
 */
export async function readSheet(spec: EntitySpec, buffer: Buffer): Promise<{ rows: { line: number; values: Record<string, unknown> }[] }> {
  await checkWorkbookSize(buffer);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw NOT_A_WORKBOOK();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('Excel 文件中没有工作表（file）', 'The workbook has no sheet (file)');
  const byTitle = new Map<string, FieldSpec>();
  for (const field of spec.fields) {
    byTitle.set(field.title['zh-CN'], field);
    byTitle.set(field.title.en, field);
  }
  const columns: (FieldSpec | null)[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, index) => {
    const title = String(cellValue(cell.value)).replace(/^\*/, '').trim();
    const field = byTitle.get(title);
    if (title && !field) throw badRequest(`第 1 行的列「${title}」不是${spec.title['zh-CN']}的字段`, `Column "${title}" in row 1 is not a field of ${spec.title.en.toLowerCase()}`);
    columns[index] = field ?? null;
  });
  const rows: { line: number; values: Record<string, unknown> }[] = [];
  sheet.eachRow((row, line) => {
    if (line === 1) return;
    const values: Record<string, unknown> = {};
    row.eachCell({ includeEmpty: true }, (cell, index) => {
      const field = columns[index];
      if (field) values[field.key] = cellValue(cell.value);
    });
    if (Object.values(values).some((value) => value !== '')) rows.push({ line, values });
  });
  if (rows.length > IMPORT_MAX_ROWS) throw TOO_MANY_ROWS();
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
