import { useCallback, useMemo } from 'react';
import { ossApi, previewKind, type StoredFile } from '@web/api/oss';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { useRunCommand } from '@web/components/commandPort';
import { ListGrid, type ListColumn, type ListQuery } from '@web/grid/ListGrid';
import type { QueryField } from '@web/grid/QueryArea';
import { RowActions, type RowAction } from '@web/engine/RowActions';
import { translate, useLocale, useT, type Locale } from '@web/i18n';
import { useListVersion } from '@web/stores/dataVersion';
import { useSession } from '@web/stores/session';
import { bytes } from '@web/screens/monitor/parts';

type Row = StoredFile & { size_text: string; previewable: '0' | '1' };

const columnsIn = (locale: Locale, platform: boolean): ListColumn[] => [
  { key: 'fileName', title: translate('files.name', locale), width: 260 },
  ...(platform ? [{ key: 'school', title: translate('files.school', locale), width: 140 }] : []),
  { key: 'owner', title: translate('files.owner', locale), width: 110 },
  { key: 'size_text', title: translate('files.size', locale), width: 100, align: 'right' as const },
  { key: 'contentType', title: translate('files.type', locale), width: 180 },
  { key: 'biz', title: translate('files.biz', locale), width: 100 },
  { key: 'createTime', title: translate('files.time', locale), width: 170 },
];

const ROW_ACTIONS: readonly RowAction[] = [
  { command: 'file.preview', label: 'files.preview', onlyWhen: { field: 'previewable', values: ['1'] } },
  { command: 'file.download', label: 'files.download' },
  { command: 'file.delete', label: 'common.delete' },
];

/** 对象存储: the uploaded files of the school (of every school, for the platform), opened, downloaded, deleted. */
export default function FileList() {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const platform = useSession((state) => state.userInfo?.tenantId === 0);
  const columns = useMemo(() => columnsIn(locale, platform), [locale, platform]);
  const version = useListVersion('files');
  const run = useRunCommand();
  const query: QueryField[] = [
    { key: 'fileName', label: t('files.name'), type: 'text' },
    {
      key: 'kind',
      label: t('files.kind'),
      type: 'select',
      options: [
        { value: 'image', text: t('files.image') },
        { value: 'pdf', text: t('files.pdf') },
        { value: 'other', text: t('files.other') },
      ],
    },
  ];
  const fetchPage = useCallback(async (q: ListQuery) => {
    const page = await ossApi.list(q);
    return { ...page, records: page.records.map((file) => ({ ...file, size_text: bytes(file.fileSize), previewable: previewKind(file.url) ? ('1' as const) : ('0' as const) })) };
  }, []);
  const rowActions = useCallback((row: Row) => <RowActions id={row.id} row={row} actions={ROW_ACTIONS} />, []);
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="file-list">
      <Toolbar>
        <CommandButton id="file.upload" variant="primary" label={t('files.upload')} />
        <CommandButton id="file.delete" label={t('common.delete')} />
      </Toolbar>
      <ListGrid<Row> columns={columns} rowActions={rowActions} queryFields={query} fetchPage={fetchPage} reloadKey={version} onOpenRow={(row) => void run('file.preview', { id: row.id })} />
    </section>
  );
}
