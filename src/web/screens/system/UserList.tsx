import { useCallback, useEffect, useMemo, useState } from 'react';
import { systemApi, type UserRecord } from '@web/api/system';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { treeOptions } from '@web/dialogs/treeOptions';
import { useRunCommand } from '@web/commandRuntime/useCommandRuntime';
import { ListGrid, type ListColumn, type ListQuery } from '@web/grid/ListGrid';
import type { QueryField } from '@web/grid/QueryArea';
import { RowActions, type RowAction } from '@web/engine/RowActions';
import { useLocale, type Locale } from '@web/i18n';
import { useDataVersion } from '@web/stores/dataVersion';

/** The list's words in both languages. */
const TEXT = {
  username: { 'zh-CN': '用户账号', en: 'Account' },
  realname: { 'zh-CN': '用户姓名', en: 'Name' },
  workNo: { 'zh-CN': '工号', en: 'Staff no.' },
  sex: { 'zh-CN': '性别', en: 'Sex' },
  phone: { 'zh-CN': '手机号码', en: 'Mobile' },
  email: { 'zh-CN': '邮箱', en: 'E-mail' },
  depart: { 'zh-CN': '部门', en: 'Department' },
  status: { 'zh-CN': '状态', en: 'Status' },
  createTime: { 'zh-CN': '创建时间', en: 'Created' },
  add: { 'zh-CN': '新增', en: 'Add' },
  edit: { 'zh-CN': '编辑', en: 'Edit' },
  resetPassword: { 'zh-CN': '重置密码', en: 'Reset password' },
  freeze: { 'zh-CN': '冻结', en: 'Freeze' },
  unfreeze: { 'zh-CN': '解冻', en: 'Unfreeze' },
  delete: { 'zh-CN': '删除', en: 'Delete' },
} as const;

const columnsIn = (locale: Locale): ListColumn[] => [
  { key: 'username', title: TEXT.username[locale], sortable: true, width: 140 },
  { key: 'realname', title: TEXT.realname[locale], sortable: true, width: 120 },
  { key: 'workNo', title: TEXT.workNo[locale], sortable: true, width: 110 },
  { key: 'sex', title: TEXT.sex[locale], dictCode: 'sex', width: 80 },
  // Type-1 columns (user:col:phone, user:col:email): absent for roles that lack them.
  { key: 'phone', title: TEXT.phone[locale], width: 140 },
  { key: 'email', title: TEXT.email[locale], width: 200 },
  { key: 'orgCodeTxt', title: TEXT.depart[locale], width: 180 },
  { key: 'status', title: TEXT.status[locale], dictCode: 'user_status', sortable: true, width: 90 },
  { key: 'createTime', title: TEXT.createTime[locale], sortable: true, width: 170, format: 'datetime' },
];

/** Each row's own actions: 编辑, and under 更多 the rest (the same commands as the toolbar). */
const ROW_ACTIONS: readonly RowAction[] = [
  { command: 'user.edit', label: TEXT.edit },
  { command: 'user.resetPassword', label: TEXT.resetPassword },
  { command: 'user.freeze', label: TEXT.freeze },
  { command: 'user.unfreeze', label: TEXT.unfreeze },
  { command: 'user.delete', label: TEXT.delete },
];
const rowActions = (row: UserRecord) => <RowActions id={row.id} actions={ROW_ACTIONS} />;

/** 用户管理: the list of the tenant's users; every button is a command. */
export default function UserList() {
  const locale = useLocale((state) => state.locale);
  const columns = useMemo(() => columnsIn(locale), [locale]);
  const version = useDataVersion((state) => state.versions.users);
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
    { key: 'username', label: TEXT.username[locale], type: 'text' },
    { key: 'realname', label: TEXT.realname[locale], type: 'text' },
    { key: 'phone', label: TEXT.phone[locale], type: 'text', hiddenWhenCollapsed: true },
    { key: 'status', label: TEXT.status[locale], type: 'select', dictCode: 'user_status', hiddenWhenCollapsed: true },
    { key: 'departId', label: TEXT.depart[locale], type: 'select', options: departs, hiddenWhenCollapsed: true },
  ];
  const fetchPage = useCallback((q: ListQuery) => systemApi.users(q), []);
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="user-list">
      <Toolbar>
        <CommandButton id="user.add" variant="primary" label={TEXT.add[locale]} />
        <CommandButton id="user.edit" label={TEXT.edit[locale]} />
        <CommandButton id="user.resetPassword" label={TEXT.resetPassword[locale]} />
        <CommandButton id="user.freeze" label={TEXT.freeze[locale]} />
        <CommandButton id="user.unfreeze" label={TEXT.unfreeze[locale]} />
        <CommandButton id="user.delete" label={TEXT.delete[locale]} />
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
