import { useCallback } from 'react';
import { systemApi, type RoleRecord } from '@web/api/system';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { useRunCommand } from '@web/commands/useCommandRuntime';
import { ListGrid, type ListColumn, type ListQuery } from '@web/grid/ListGrid';
import type { QueryField } from '@web/grid/QueryArea';
import { useDataVersion } from '@web/stores/dataVersion';

const COLUMNS: ListColumn[] = [
  { key: 'roleName', title: '角色名称', sortable: true, width: 180 },
  { key: 'roleCode', title: '角色编码', sortable: true, width: 180 },
  { key: 'description', title: '描述', width: 280 },
  { key: 'createTime', title: '创建时间', sortable: true, width: 170, format: 'datetime' },
];

const QUERY: QueryField[] = [{ key: 'roleName', label: '角色名称', type: 'text' }];

/** 角色管理: roles, their forms and the permission tree of each. */
export default function RoleList() {
  const version = useDataVersion((state) => state.versions.roles);
  const run = useRunCommand();
  const fetchPage = useCallback((q: ListQuery) => systemApi.roles(q), []);
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="role-list">
      <Toolbar>
        <CommandButton id="role.add" variant="primary" label="新增" />
        <CommandButton id="role.edit" label="编辑" />
        <CommandButton id="role.authorize" label="授权" />
        <CommandButton id="role.delete" label="删除" />
      </Toolbar>
      <ListGrid<RoleRecord> columns={COLUMNS} queryFields={QUERY} fetchPage={fetchPage} reloadKey={version} onOpenRow={(row) => void run('role.edit', { id: row.id })} />
    </section>
  );
}
