import { eq } from 'drizzle-orm';
import { reportSourceOf } from '@shared/online/reportSources';
import type { AppContext } from '../../context';
import type { EntityHooks } from '../../crud/registerEntity';
import { onlineReportColumns, onlineReports, permissions } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { badRequest } from '../../http/envelope';

const CODE = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

/**
 * Online 报表's checks: a code JeecgBoot's client can put in a URL, columns that are its source's
 * (each once, titled, with dictionaries that exist), a sort by one of them. A report saved without
 * columns — or moved to another source without naming new ones — takes all its source's columns.
 * A published report renamed renames its screen; it is not deleted until unpublished.
 */
export function reportHooks(context: AppContext): EntityHooks<RowOf<typeof onlineReports>, { columns: RowOf<typeof onlineReportColumns> }> {
  return {
    async beforeSave({ work, id, values, before, details }) {
      const code = values.code ?? '';
      if (!CODE.test(code)) throw badRequest('报表编码只能由字母、数字和下划线组成，且以字母开头', 'A report code is letters, digits and underscores, starting with a letter');
      const source = reportSourceOf(values.source ?? '');
      if (!source) throw badRequest('数据源不存在', 'No such source');
      let rows = details.columns;
      const moved = before !== null && before.source !== values.source;
      if (!rows && id !== null && !moved) {
        // Columns not sent: the stored ones stay, and the sort is checked against them.
        rows = await work.rows(onlineReportColumns, eq(onlineReportColumns.reportId, id));
      } else if (!rows?.length) {
        rows = source.columns.map((column) => ({ field: column.key, title: column.title['zh-CN'], dictCode: column.dict ?? null, queryMode: null, hidden: '0', width: null }));
        details.columns = rows;
      }
      const seen = new Set<string>();
      for (const [index, row] of rows.entries()) {
        const field = String(row.field ?? '');
        const line = index + 1;
        const column = source.columns.find((candidate) => candidate.key === field);
        if (!column) throw badRequest(`第 ${line} 行 字段「${field}」不在数据源「${source.title['zh-CN']}」中`, `Row ${line}: "${field}" is not a column of ${source.title.en}`);
        if (seen.has(field)) throw badRequest(`第 ${line} 行 字段「${field}」重复`, `Row ${line}: "${field}" is there twice`);
        seen.add(field);
        if (!row.title && 'title' in row) row.title = column.title['zh-CN'];
        const dict = row.dictCode ?? '';
        if (dict && !(await context.dictionaries.exists(dict))) throw badRequest(`第 ${line} 行 字典「${dict}」不存在`, `Row ${line}: there is no dictionary "${dict}"`);
      }
      const sort = values.sortColumn ?? '';
      if (sort && !seen.has(sort)) throw badRequest(`默认排序字段「${sort}」不是报表的字段`, `"${sort}" is not a column of the report`);
      // A published report's screen and button carry its name.
      if (before?.publishStatus === '1' && before.menuId && before.name !== values.name) {
        const name = values.name ?? '';
        await work.update(permissions, { name, nameEn: name }, eq(permissions.id, before.menuId));
        await work.update(permissions, { name: `导出${name}`, nameEn: `Export ${name}` }, eq(permissions.parentId, before.menuId));
      }
    },
    async beforeDelete({ rows }) {
      if (rows.some((row) => row.publishStatus === '1')) throw badRequest('已发布的报表不能删除，请先取消发布', 'A published report is not deleted: unpublish it first');
    },
    afterChange: async () => context.grants.changed(),
  };
}
