import { useCallback, useEffect, useState } from 'react';
import { systemApi, type UserRecord } from '@web/api/system';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { treeOptions } from '@web/dialogs/treeOptions';
import { useRunCommand } from '@web/commandRuntime/useCommandRuntime';
import { ListGrid, type ListColumn, type ListQuery } from '@web/grid/ListGrid';
import type { QueryField } from '@web/grid/QueryArea';
import { useDataVersion } from '@web/stores/dataVersion';

const COLUMNS: ListColumn[] = [
  { key: 'username', title: '用户账号', sortable: true, width: 140 },
  { key: 'realname', title: '用户姓名', sortable: true, width: 120 },
  { key: 'workNo', title: '工号', sortable: true, width: 110 },
  { key: 'sex', title: '性别', dictCode: 'sex', width: 80 },
  // Type-1 columns (user:col:phone, user:col:email): absent for roles that lack them.
  { key: 'phone', title: '手机号码', width: 140 },
  { key: 'email', title: '邮箱', width: 200 },
  { key: 'orgCodeTxt', title: '部门', width: 180 },
  { key: 'status', title: '状态', dictCode: 'user_status', sortable: true, width: 90 },
  { key: 'createTime', title: '创建时间', sortable: true, width: 170, format: 'datetime' },
];

/** 用户管理: the list of the tenant's users; every button is a command. */
export default function UserList() {
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
    { key: 'username', label: '用户账号', type: 'text' },
    { key: 'realname', label: '用户姓名', type: 'text' },
    { key: 'phone', label: '手机号码', type: 'text', hiddenWhenCollapsed: true },
    { key: 'status', label: '状态', type: 'select', dictCode: 'user_status', hiddenWhenCollapsed: true },
    { key: 'departId', label: '部门', type: 'select', options: departs, hiddenWhenCollapsed: true },
  ];
  const fetchPage = useCallback((q: ListQuery) => systemApi.users(q), []);
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="user-list">
      <Toolbar>
        <CommandButton id="user.add" variant="primary" label="新增" />
        <CommandButton id="user.edit" label="编辑" />
        <CommandButton id="user.resetPassword" label="重置密码" />
        <CommandButton id="user.freeze" label="冻结" />
        <CommandButton id="user.unfreeze" label="解冻" />
        <CommandButton id="user.delete" label="删除" />
      </Toolbar>
      <ListGrid<UserRecord>
        columns={COLUMNS}
        queryFields={query}
        fetchPage={fetchPage}
        columnPermissionPrefix="user:col:"
        reloadKey={version}
        onOpenRow={(row) => void run('user.edit', { id: row.id })}
      />
    </section>
  );
}
