import { useCallback, useMemo } from 'react';
import { announcementsApi, type Notice } from '@web/api/announcements';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { ListGrid, type ListColumn, type ListQuery } from '@web/grid/ListGrid';
import type { QueryField } from '@web/grid/QueryArea';
import { translate, useLocale, useT, type Locale } from '@web/i18n';
import { useOpenNotice } from '@web/notices/useOpenNotice';
import { useListVersion } from '@web/stores/dataVersion';
import { useDicts } from '@web/stores/dicts';

type Row = Notice & { priority_dictText: string; readFlag_text: string };

const columnsIn = (locale: Locale): ListColumn[] => [
  { key: 'titile', title: translate('notices.title', locale), width: 320 },
  { key: 'msgCategory', title: translate('notices.category', locale), dictCode: 'msg_category', width: 110 },
  { key: 'priority_dictText', title: translate('notices.priority', locale), tag: { dictCode: 'priority', valueKey: 'priority' }, width: 90 },
  { key: 'sender', title: translate('notices.sender', locale), width: 110 },
  { key: 'sendTime', title: translate('notices.sendTime', locale), width: 170 },
  { key: 'readFlag_text', title: translate('notices.readFlag', locale), width: 90 },
];

/**
 * 我的消息 (/isps/userAnnouncement): every announcement released to the user, read or not, with
 * filters and 全部标注已读; Enter or a double click reads one (and marks it read).
 */
export default function UserAnnouncement() {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const columns = useMemo(() => columnsIn(locale), [locale]);
  const version = useListVersion('notices');
  const openNotice = useOpenNotice();
  const query: QueryField[] = [
    { key: 'titile', label: t('notices.title'), type: 'text' },
    { key: 'msgCategory', label: t('notices.category'), type: 'select', dictCode: 'msg_category' },
    {
      key: 'readFlag',
      label: t('notices.readFlag'),
      type: 'select',
      options: [
        { value: '0', text: t('notices.unread') },
        { value: '1', text: t('notices.read') },
      ],
    },
  ];
  const fetchPage = useCallback(
    async (q: ListQuery) => {
      const page = await announcementsApi.mine(q);
      const priorities = useDicts.getState().items.priority ?? [];
      const records: Row[] = page.records.map((notice) => ({
        ...notice,
        priority_dictText: priorities.find((item) => item.value === notice.priority)?.text ?? notice.priority,
        readFlag_text: translate(notice.readFlag === '1' ? 'notices.read' : 'notices.unread', locale),
      }));
      return { ...page, records };
    },
    [locale],
  );
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="my-announcements">
      <Toolbar>
        <CommandButton id="notices.readAll" label={t('notices.readAll')} />
      </Toolbar>
      <ListGrid<Row> columns={columns} queryFields={query} fetchPage={fetchPage} reloadKey={version} selection="radio" onOpenRow={openNotice} />
    </section>
  );
}
