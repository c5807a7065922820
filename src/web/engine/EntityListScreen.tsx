import { useCallback, useMemo } from 'react';
import { entityCodes, listFields, queryFields } from '@shared/engine/derive';
import type { EntitySpec, FieldSpec } from '@shared/engine/spec';
import { entityApi, type EntityRecord } from '@web/api/entities';
import { useRunCommand } from '@web/commands/useCommandRuntime';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { ListGrid, type ListColumn, type ListQuery } from '@web/grid/ListGrid';
import type { QueryField } from '@web/grid/QueryArea';
import { useLocale, type Locale } from '@web/i18n';
import { useRefOptions } from './useRefOptions';
import { useDataVersion } from '@web/stores/dataVersion';
import { useListQueries } from '@web/stores/listQueries';

/** A list column of a field: dictionaries and references show their text, money its yuan. */
function columnOf(field: FieldSpec, locale: Locale): ListColumn {
  const shown = field.type === 'dict' || field.type === 'ref' ? `${field.key}_dictText` : field.type === 'switch' || field.type === 'money' ? `${field.key}_text` : field.key;
  return { key: shown, title: field.title[locale], ...(field.width ? { width: field.width } : {}), ...(field.sortable ? { sortable: true } : {}), ...(field.type === 'number' || field.type === 'money' ? { align: 'right' as const } : {}) };
}

function queryFieldOf(field: FieldSpec, locale: Locale, refOptions: readonly { value: string; text: string }[]): QueryField {
  if (field.type === 'dict') return { key: field.key, label: field.title[locale], type: 'select', dictCode: field.dict! };
  if (field.type === 'ref') return { key: field.key, label: field.title[locale], type: 'select', options: refOptions };
  return { key: field.key, label: field.title[locale], type: 'text' };
}

/**
 * The list screen of a declared entity: its commands as buttons, the query area and the list,
 * all from the declaration. A row opens for editing on Enter or double click.
 */
export function EntityListScreen({ spec }: { spec: EntitySpec }) {
  const locale = useLocale((state) => state.locale);
  const version = useDataVersion((state) => state.versions[spec.id] ?? 0);
  const run = useRunCommand();
  const codes = entityCodes(spec);
  const columns = useMemo(() => [...listFields(spec).map((field) => columnOf(field, locale)), { key: 'createTime', title: locale === 'en' ? 'Created' : '创建时间', width: 170, sortable: true }], [spec, locale]);
  // One reference may be searched by a picker of its records (the first such field).
  const refField = useMemo(() => queryFields(spec).find((field) => field.type === 'ref'), [spec]);
  const refOptions = useRefOptions(refField);
  const query = useMemo(() => queryFields(spec).map((field) => queryFieldOf(field, locale, field === refField ? refOptions : [])), [spec, locale, refField, refOptions]);
  const yes = locale === 'en' ? 'Yes' : '是';
  const no = locale === 'en' ? 'No' : '否';
  const fetchPage = useCallback(
    async (q: ListQuery) => {
      useListQueries.getState().remember(spec.id, q);
      const page = await entityApi.list(spec, q);
      // Switches read 是/否, money two decimals.
      const shown = (row: EntityRecord, field: FieldSpec) => (field.type === 'switch' ? (row[field.key] ? yes : no) : typeof row[field.key] === 'number' ? (row[field.key] as number).toFixed(2) : '');
      const derived = spec.fields.filter((field) => field.type === 'switch' || field.type === 'money');
      return { ...page, records: page.records.map((row): EntityRecord => ({ ...row, ...Object.fromEntries(derived.map((field) => [`${field.key}_text`, shown(row, field)])) })) };
    },
    [spec, yes, no],
  );
  const prefix = spec.permissionPrefix;
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid={`${prefix}-list`}>
      <Toolbar>
        {spec.operations.includes('add') ? <CommandButton id={`${prefix}.add`} variant="primary" label={locale === 'en' ? 'Add' : '新增'} /> : null}
        {spec.operations.includes('edit') ? <CommandButton id={`${prefix}.edit`} label={locale === 'en' ? 'Edit' : '编辑'} /> : null}
        {spec.operations.includes('delete') ? <CommandButton id={`${prefix}.delete`} label={locale === 'en' ? 'Delete' : '删除'} /> : null}
        {spec.operations.includes('import') ? <CommandButton id={`${prefix}.import`} label={locale === 'en' ? 'Import' : '导入'} /> : null}
        {spec.operations.includes('export') ? <CommandButton id={`${prefix}.export`} label={locale === 'en' ? 'Export' : '导出'} /> : null}
      </Toolbar>
      <ListGrid<EntityRecord>
        columns={columns}
        queryFields={query}
        fetchPage={fetchPage}
        reloadKey={version}
        columnPermissionPrefix={codes.columnPrefix}
        onOpenRow={(row) => void run(`${prefix}.edit`, { id: row.id })}
      />
    </section>
  );
}
