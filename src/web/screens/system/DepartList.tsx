import { useEffect, useMemo, useState } from 'react';
import { departUsersApi, systemApi, type DepartNode, type UserRecord } from '@web/api/system';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { Input } from '@web/components/ui/Input';
import { TreeTable, type TreeColumn } from '@web/components/tree/TreeTable';
import { useRunCommand } from '@web/commandRuntime/useCommandRuntime';
import { useDataVersion } from '@web/stores/dataVersion';
import { useTreeSelection } from './useTreeSelection';

const CATEGORY: Record<string, string> = { '1': '学校/公司', '2': '部门', '3': '岗位' };

const COLUMNS: TreeColumn<DepartNode>[] = [
  { key: 'departName', title: '机构名称', width: 'minmax(200px,2fr)', render: (node) => node.departName },
  { key: 'orgCode', title: '机构编码', width: '120px', render: (node) => node.orgCode },
  { key: 'orgCategory', title: '机构类型', width: '100px', render: (node) => CATEGORY[node.orgCategory] ?? node.orgCategory },
  { key: 'departOrder', title: '排序', width: '70px', render: (node) => node.departOrder },
];

/** 部门管理: the department tree, the selected department and its users. */
export default function DepartList() {
  const version = useDataVersion((state) => state.versions.departments);
  const [tree, setTree] = useState<DepartNode[]>([]);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useTreeSelection(tree);
  const [members, setMembers] = useState<UserRecord[] | null>(null);
  const run = useRunCommand();

  useEffect(() => {
    void systemApi.departTree().then(setTree, () => undefined);
  }, [version]);
  useEffect(() => {
    setMembers(null);
    if (selected) void departUsersApi.usersOf(selected.id).then(setMembers, () => setMembers([]));
  }, [selected]);
  const match = useMemo(() => (keyword.trim() ? (node: DepartNode) => node.departName.includes(keyword.trim()) : null), [keyword]);

  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="depart-list">
      <Toolbar>
        <CommandButton id="depart.add" variant="primary" label="新增" />
        <CommandButton id="depart.addChild" label="添加下级" />
        <CommandButton id="depart.edit" label="编辑" />
        <CommandButton id="depart.authorize" label="授权" />
        <CommandButton id="depart.roles" />
        <CommandButton id="depart.delete" label="删除" />
      </Toolbar>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex h-[560px] flex-col gap-2">
          <Input value={keyword} onChange={(event) => setKeyword(event.target.value)} placeholder="请输入部门名称搜索" aria-label="搜索部门" className="h-8" />
          <TreeTable
            nodes={tree}
            columns={COLUMNS}
            label="部门"
            selectedId={selected?.id ?? null}
            onSelect={setSelected}
            onOpen={(node) => void run('depart.edit', { id: node.id })}
            match={match}
            openDepth={2}
            testId="depart-tree"
          />
        </div>
        <aside className="flex flex-col gap-3 rounded border border-border p-4 text-sm" data-testid="depart-detail">
          {selected ? (
            <>
              <h2 className="text-base font-medium">{selected.departName}</h2>
              <dl className="grid grid-cols-[88px_1fr] gap-y-1.5">
                <dt className="text-text-muted">机构编码</dt>
                <dd>{selected.orgCode}</dd>
                <dt className="text-text-muted">机构类型</dt>
                <dd>{CATEGORY[selected.orgCategory] ?? selected.orgCategory}</dd>
                <dt className="text-text-muted">英文名称</dt>
                <dd>{selected.departNameEn || '—'}</dd>
                <dt className="text-text-muted">备注</dt>
                <dd>{selected.description || '—'}</dd>
              </dl>
              <h3 className="mt-2 font-medium">部门用户（{members?.length ?? '…'}）</h3>
              <ul className="flex max-h-72 flex-col divide-y divide-border overflow-auto" data-testid="depart-users">
                {(members ?? []).map((user) => (
                  <li key={user.id} className="flex items-center gap-2 py-1.5">
                    <span>{user.realname}</span>
                    <span className="text-text-muted">{user.username}</span>
                    <CommandButton
                      id="depart.userRoles"
                      args={{ id: selected.id, userId: user.id }}
                      label="分配角色"
                      aria-label={`为${user.realname}分配部门角色`}
                      variant="link"
                      size="sm"
                      className="ml-auto"
                    />
                  </li>
                ))}
                {members && members.length === 0 ? <li className="py-1.5 text-text-muted">暂无用户</li> : null}
              </ul>
            </>
          ) : (
            <p className="text-text-muted">选择左侧的部门查看详情；↑↓ 移动，→ 展开，← 收起，Enter 编辑。</p>
          )}
        </aside>
      </div>
    </section>
  );
}
