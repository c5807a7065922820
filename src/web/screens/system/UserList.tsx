import { useCallback, useEffect, useMemo, useState } from 'react';
import { systemApi, type UserRecord } from '@web/api/system';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { treeOptions } from '@web/dialogs/treeOptions';
import { useRunCommand } from '@web/components/commandPort';
import { ListGrid, type ListColumn, type ListQuery } from '@web/grid/ListGrid';
import type { QueryField } from '@web/grid/QueryArea';
import { RowActions, type RowAction } from '@web/engine/RowActions';
import { translate, useLocale, useT, type Locale } from '@web/i18n';
import { useListVersion } from '@web/stores/dataVersion';

const columnsIn = (locale: Locale): ListColumn[] => [
  { key: 'username', title: translate('users.username', locale), sortable: true, width: 140 },
  { key: 'realname', title: translate('users.realname', locale), sortable: true, width: 120 },
  { key: 'workNo', title: translate('users.workNo', locale), sortable: true, width: 110 },
  { key: 'sex', title: translate('users.sex', locale), dictCode: 'sex', width: 80 },
  // Type-1 columns (user:col:phone, user:col:email): absent for roles that lack them.
  { key: 'phone', title: translate('users.phone', locale), width: 140 },
  { key: 'email', title: translate('users.email', locale), width: 200 },
  { key: 'orgCodeTxt', title: translate('users.depart', locale), width: 180 },
  { key: 'status', title: translate('common.status', locale), dictCode: 'user_status', sortable: true, width: 90 },
  { key: 'createTime', title: translate('common.createTime', locale), sortable: true, width: 170, format: 'datetime' },
];

/** Each row's own actions: 编辑, and under 更多 the rest (the same commands as the toolbar). */
const ROW_ACTIONS: readonly RowAction[] = [
  { command: 'user.edit', label: 'common.edit' },
  { command: 'user.resetPassword', label: 'users.resetPassword' },
  { command: 'user.freeze', label: 'users.freeze' },
  { command: 'user.unfreeze', label: 'users.unfreeze' },
  { command: 'user.delete', label: 'common.delete' },
];
const rowActions = (row: UserRecord) => <RowActions id={row.id} actions={ROW_ACTIONS} />;

/** 用户管理: the list of the tenant's users; every button is a command. */
export default function UserList() {
  const locale = useLocale((state) => state.locale);
  const t = useT();
  const columns = useMemo(() => columnsIn(locale), [locale]);
  const version = useListVersion('users');
  const [departs, setDeparts] = useState<{ value: string; text: string }[]>([]);
  const run = useRunCommand();
  useEffect(() => {
    void systemApi.departTree().then(
      (tree) =>
        setDeparts(
          treeOptions(
            tree,
            (d) => d.id,
            (d) => d.departName,
          ),
        ),
      () => undefined,
    );
  }, []);
  const query: QueryField[] = [
    { key: 'username', label: t('users.username'), type: 'text' },
    { key: 'realname', label: t('users.realname'), type: 'text' },
    { key: 'phone', label: t('users.phone'), type: 'text', hiddenWhenCollapsed: true },
    { key: 'status', label: t('common.status'), type: 'select', dictCode: 'user_status', hiddenWhenCollapsed: true },
    { key: 'departId', label: t('users.depart'), type: 'select', options: departs, hiddenWhenCollapsed: true },
  ];
  const fetchPage = useCallback((q: ListQuery) => systemApi.users(q), []);
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="user-list">
      <Toolbar>
        <CommandButton id="user.add" variant="primary" label={t('common.add')} />
        <CommandButton id="user.edit" label={t('common.edit')} />
        <CommandButton id="user.resetPassword" label={t('users.resetPassword')} />
        <CommandButton id="user.freeze" label={t('users.freeze')} />
        <CommandButton id="user.unfreeze" label={t('users.unfreeze')} />
        <CommandButton id="user.delete" label={t('common.delete')} />
      </Toolbar>
      <ListGrid<UserRecord>
        columns={columns}
        rowActions={rowActions}
        queryFields={query}
        fetchPage={fetchPage}
        columnPermissionPrefix="user:col:"
        reloadKey={version}
        onOpenRow={(row) => void run('user.edit', { id: row.id })}
      />
    </section>
  );
}
