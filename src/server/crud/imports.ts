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

/**
 * The rows of the first sheet, keyed by field: the header row names fields by their Chinese (or
 * English) titles, as the export and the template write them. Unknown headers are refused.
 */
export async function readSheet(spec: EntitySpec, buffer: Buffer): Promise<{ rows: { line: number; values: Record<string, unknown> }[] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest('文件不是有效的 Excel（.xlsx）文件（file）', 'The file is not a valid Excel (.xlsx) workbook (file)');
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
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest(`一次最多导入 ${IMPORT_MAX_ROWS} 行`, `Import at most ${IMPORT_MAX_ROWS} rows at a time`);
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
