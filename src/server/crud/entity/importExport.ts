import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { idList } from '@shared/schemas/system';
import { recordSchema, shownSum, unitsOf } from '@shared/engine/schemas';
import { rulesOf } from '@shared/entities/rules';
import { issueMessage, type IssueLike } from '@shared/validation';
import { newId } from '../../db/ids';
import { users } from '../../db/schema';
import { inSchool } from '../../db/work';
import { authOf } from '../../http/auth';
import { ApiError, ok } from '../../http/envelope';
import { schoolDateTime } from '../../http/schoolClock';
import { parseInput } from '../../http/validate';
import type { SheetColumn } from '../downloads';
import { addedFields, writeHistory } from '../history';
import { readSheet, templateOf, uploadedWorkbook } from '../imports';
import { liveRows, registeredEntity } from './registry';
import { after, conditionsOf, listRequest, shape } from './query';
import { both, columnOf, type EntityRuntime } from './runtime';
import { footerOf } from './totals';
import { checkDictionaries, checkValues, stored } from './write';

/** An entity's spreadsheets, as its operations allow: the list's export (a download-centre job), the import template and the import. */
export function registerImportExportRoutes(api: FastifyInstance, rt: EntityRuntime): void {
  const { context, db, spec, table, hooks, codes, titles, base, writes, parentField, stamp, changed, historyOf, hiddenFor, rowColumns, uniqueRace } = rt;
  if (spec.operations.includes('export')) {
    // Exports what the list shows — its filters, or the selected rows — as a download-centre job.
    api.get(`${base}/exportXls`, { config: { permission: codes.export } }, async (request) => {
      const caller = authOf(request);
      const { query, where } = await listRequest(rt, caller, request.query);
      const { selections } = parseInput(z.object({ selections: idList }), request.query);
      const scope = and(where, selections.length ? inArray(table.id, selections) : undefined);
      const hidden = hiddenFor(caller);
      const fields = spec.fields.filter((field) => field.list !== false && !hidden.has(field.key));
      const columns: SheetColumn[] = fields.map((field) => ({
        header: field.title['zh-CN'],
        key: field.key,
        width: Math.max(10, Math.round((field.width ?? 120) / 7)),
        format: field.type === 'money' ? 'money' : field.type === 'quantity' ? 'quantity' : field.type === 'number' ? 'number' : 'text',
      }));
      const now = schoolDateTime(new Date());
      const financial = fields.some((field) => field.type === 'money');
      const conditions = [...(await conditionsOf(rt, query, caller)), ...(selections.length ? [`选中：${selections.length} 条`] : []), ...(financial ? ['单位：元'] : []), `制表时间：${now}`];
      const layout = { title: spec.screen.title['zh-CN'], conditions, columns, financial };
      // The screen's order: its sort, then id, read in keyset batches (each one short query, however many rows there are).
      const sortKey = query.sort.field === 'createTime' ? 'createdAt' : query.sort.field;
      const sortColumn = query.sort.field === 'createTime' ? (table.createdAt ?? table.id) : columnOf(table, query.sort.field);
      const order = [query.sort.order === 'asc' ? asc(sortColumn) : desc(sortColumn), asc(table.id)];
      const totalled = fields.filter((field) => field.total);
      const id = await context.downloads.start(caller, `${spec.title['zh-CN']}_${now.replace(/\D/g, '').slice(0, 12)}.xlsx`, layout, async (write) => {
        let last: Record<string, unknown> | undefined;
        // Chosen rows are summed as written (in cents, exactly); a whole list as its screen sums it.
        const chosenSums = new Map<string, number>();
        for (;;) {
          // Each batch in the school's transaction, as the list's page is read.
          const batch = await inSchool(
            db,
            caller,
            async ({ tx }) =>
              (await tx
                .select({ ...rowColumns, exportCursor: sql<string | null>`${sortColumn}::text` })
                .from(table as PgTable)
                .where(and(scope, last ? after(rt, sortColumn, query.sort.order, sortColumn.columnType === 'PgTimestamp' ? last.exportCursor : last[sortKey], String(last.id)) : undefined))
                .orderBy(...order)
                .limit(1000)) as Record<string, unknown>[],
          );
          if (batch.length === 0) break;
          const records = await shape(rt, batch, caller);
          for (const record of records) for (const field of totalled) chosenSums.set(field.key, (chosenSums.get(field.key) ?? 0) + Math.round(Number(record[field.key] ?? 0) * (unitsOf(field) ?? 1)));
          await write(
            records.map((record) =>
              Object.fromEntries(
                fields.map((field) => {
                  const value = record[field.key];
                  const shown = field.type === 'dict' || field.type === 'ref' ? record[`${field.key}_dictText`] : field.type === 'switch' ? (value ? '是' : '否') : value;
                  return [field.key, shown ?? ''];
                }),
              ),
            ),
          );
          last = batch.at(-1);
        }
        if (!totalled.length) return undefined;
        if (!selections.length) return inSchool(db, caller, (work) => footerOf(rt, work, caller, query, scope));
        return Object.fromEntries(totalled.map((field) => [field.key, shownSum(field, chosenSums.get(field.key) ?? 0)]));
      });
      return ok({ id }, '导出任务已创建，完成后可在下载中心下载');
    });
  }

  if (spec.operations.includes('import')) {
    api.get(`${base}/importTemplate`, { config: { permission: codes.import } }, async (_request, reply) => {
      reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${spec.title['zh-CN']}导入模板.xlsx`)}`);
      return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await templateOf(spec));
    });

    // All rows or none: every row is checked as the form would be, errors name the row and column.
    api.post(`${base}/importExcel`, { config: writes(codes.import) }, async (request) => {
      const caller = authOf(request);
      const { rows } = await readSheet(spec, await uploadedWorkbook(request));
      // A detail's rows go to the master the request names (`?masterId=`), unless a row names its own.
      const master = parentField ? (request.query as Record<string, unknown> | undefined)?.[parentField.key] : undefined;
      if (typeof master === 'string' && master) for (const row of rows) if (!row.values[parentField!.key]) row.values[parentField!.key] = master;
      if (rows.length === 0) throw both('Excel 文件中没有数据行（file）', 'The workbook has no data rows (file)');
      const schema = recordSchema(spec, 'add', rulesOf(spec));
      const errors: { zh: string; en: string }[] = [];
      const parsed: { line: number; values: Record<string, unknown> }[] = [];
      for (const { line, values } of rows) {
        const typed = await fromSheet(rt, values, caller.tenantId);
        if ('error' in typed) {
          errors.push({ zh: `第 ${line} 行 ${typed.error.zh}`, en: `Row ${line}: ${typed.error.en}` });
          continue;
        }
        hooks.normalise?.(typed.values);
        const result = schema.safeParse(typed.values, { error: (issue) => issueMessage(issue, 'zh-CN', titles) });
        if (!result.success) {
          const issue = result.error.issues[0]!;
          const english = issueMessage({ ...issue, path: issue.path } as IssueLike, 'en', titles);
          errors.push({ zh: `第 ${line} 行 ${issue.message}`, en: `Row ${line}: ${english}` });
        } else {
          const values = result.data as Record<string, unknown>;
          // As in the form: a disabled dictionary item is not offered for new records.
          try {
            await checkDictionaries(rt, values, caller.tenantId);
            parsed.push({ line, values });
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            errors.push({ zh: `第 ${line} 行 ${error.message}`, en: `Row ${line}: ${error.en ?? error.message}` });
          }
        }
      }
      const refuse = (found: { zh: string; en: string }[]) =>
        both(
          `导入失败，未导入任何数据：${found
            .slice(0, 5)
            .map((error) => error.zh)
            .join('；')}${found.length > 5 ? ` 等 ${found.length} 处` : ''}`,
          `Nothing was imported: ${found
            .slice(0, 5)
            .map((error) => error.en)
            .join('; ')}${found.length > 5 ? ` and ${found.length - 5} more` : ''}`,
        );
      if (errors.length) throw refuse(errors);
      await inSchool(db, caller, async (work) => {
        const { tx } = work;
        const [creator] = await tx.select({ orgCode: users.orgCode }).from(users).where(eq(users.id, caller.userId));
        for (const { line, values } of parsed) {
          try {
            await hooks.guard?.({ tx, work, tenantId: caller.tenantId, caller, id: null, values, before: null });
            await checkValues(rt, tx, caller.tenantId, values, null);
            await hooks.beforeSave?.({ tx, work, tenantId: caller.tenantId, caller, id: null, values, before: null, details: {} });
          } catch (error) {
            if (error instanceof ApiError) throw refuse([{ zh: `第 ${line} 行 ${error.message}`, en: `Row ${line}: ${error.en ?? error.message}` }]);
            throw error;
          }
          const id = newId();
          await tx.insert(table).values({ ...stored(rt, values), id, ...stamp(caller, creator?.orgCode ?? null) });
          await hooks.afterAdd?.({ tx, work, tenantId: caller.tenantId, caller, id, values });
          await writeHistory(tx, [{ ...historyOf(caller, id, 'import'), changes: addedFields(spec, stored(rt, values)) }]);
        }
      }).catch(uniqueRace);
      await changed();
      return ok({ imported: parsed.length }, `导入成功，共 ${parsed.length} 行`);
    });
  }
}

/**
 * A sheet row in the form's terms: dictionary texts (or values) to values, reference labels (or
 * ids) to ids, 是/否 to switches.
 */
async function fromSheet(rt: EntityRuntime, values: Record<string, unknown>, tenantId: number): Promise<{ values: Record<string, unknown> } | { error: { zh: string; en: string } }> {
  const { db, dictionaries, spec } = rt;
  const out: Record<string, unknown> = { ...values };
  for (const field of spec.fields) {
    const raw = values[field.key];
    // An empty cell is a field left blank: its default, as in the form.
    if (raw === undefined || String(raw).trim() === '') {
      delete out[field.key];
      continue;
    }
    const text = String(raw).trim();
    if (field.type === 'dict') {
      const items = await dictionaries.itemsOf(field.dict!, tenantId);
      const parts = field.dictMode === 'multi' ? text.split(/[,，]/).map((part) => part.trim()) : [text];
      // A value, or its text in either language (a workbook exported from an English console).
      const mapped = parts.map((part) => (items.has(part) ? part : [...items].find(([, entry]) => entry.text === part || entry.textEn === part)?.[0]));
      if (mapped.some((value) => value === undefined)) return { error: { zh: `${field.title['zh-CN']}：「${text}」不是可选的值`, en: `${field.title.en}: "${text}" is not one of the choices` } };
      out[field.key] = mapped.join(',');
    } else if (field.type === 'ref') {
      const target = registeredEntity(field.ref!)!;
      const found = await db
        .select({ id: target.table.id })
        .from(target.table as PgTable)
        .where(
          and(
            liveRows(target.spec, target.table, tenantId),
            // Its id, its label, or a number that names one record (a pupil's 学/工号).
            or(
              eq(target.table.id, text),
              eq(columnOf(target.table, target.spec.labelField), text),
              ...target.spec.fields.filter((candidate) => candidate.unique && candidate.type === 'text').map((candidate) => eq(columnOf(target.table, candidate.key), text)),
            ),
          ),
        )
        .limit(2);
      if (found.length !== 1) return { error: { zh: `${field.title['zh-CN']}：找不到「${text}」`, en: `${field.title.en}: "${text}" was not found` } };
      out[field.key] = found[0]!.id;
    } else if (field.type === 'switch') {
      out[field.key] = ['是', 'Y', 'y', '1', 'true', 'TRUE', 'yes'].includes(text);
    }
  }
  return { values: out };
}
