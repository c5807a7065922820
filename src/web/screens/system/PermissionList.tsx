import { useEffect, useMemo, useState } from 'react';
import { systemApi, type PermissionNode } from '@web/api/system';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { Input } from '@web/components/ui/Input';
import { TreeTable, type TreeColumn } from '@web/components/tree/TreeTable';
import { useRunCommand } from '@web/commandRuntime/useCommandRuntime';
import { MenuIcon } from '@web/shell/menuIcons';
import { useDataVersion } from '@web/stores/dataVersion';
import { useTreeSelection } from './useTreeSelection';

const MENU_TYPE: Record<number, string> = { 0: '一级菜单', 1: '子菜单', 2: '按钮/权限' };

const COLUMNS: TreeColumn<PermissionNode>[] = [
  { key: 'name', title: '菜单名称', width: 'minmax(200px,2fr)', render: (node) => node.name },
  { key: 'menuType', title: '菜单类型', width: '96px', render: (node) => MENU_TYPE[node.menuType] ?? node.menuType },
  { key: 'icon', title: '图标', width: '56px', render: (node) => (node.icon ? <MenuIcon name={node.icon} /> : null) },
  { key: 'component', title: '组件', width: 'minmax(140px,1.2fr)', render: (node) => node.component ?? '' },
  { key: 'url', title: '路径', width: 'minmax(140px,1.2fr)', render: (node) => node.url ?? '' },
  { key: 'perms', title: '授权标识', width: 'minmax(120px,1fr)', render: (node) => node.perms ?? '' },
  { key: 'sortNo', title: '排序', width: '64px', render: (node) => node.sortNo },
  {
    key: 'status',
    title: '状态',
    width: '72px',
    render: (node) => (node.status === '0' ? <span className="text-text-muted">无效</span> : node.hidden ? <span className="text-text-muted">隐藏</span> : '有效'),
  },
];

/** 菜单管理: the tree of menus and buttons every user's menu, buttons and palette come from. */
export default function PermissionList() {
  const version = useDataVersion((state) => state.versions.permissions);
  const [tree, setTree] = useState<PermissionNode[]>([]);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useTreeSelection(tree);
  const run = useRunCommand();

  useEffect(() => {
    void systemApi.permissionTree().then(setTree, () => undefined);
  }, [version]);
  const match = useMemo(() => {
    const text = keyword.trim().toLowerCase();
    return text ? (node: PermissionNode) => node.name.toLowerCase().includes(text) || (node.perms ?? '').toLowerCase().includes(text) || (node.url ?? '').toLowerCase().includes(text) : null;
  }, [keyword]);

  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="permission-list">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Toolbar>
          <CommandButton id="permission.add" variant="primary" label="新增菜单" />
          <CommandButton id="permission.addChild" label="添加下级" />
          <CommandButton id="permission.edit" label="编辑" />
          <CommandButton id="permission.dataRules" />
          <CommandButton id="permission.delete" label="删除" />
        </Toolbar>
        <Input value={keyword} onChange={(event) => setKeyword(event.target.value)} placeholder="按名称、路径或授权标识搜索" aria-label="搜索菜单" className="h-8 w-64" />
      </div>
      <div className="flex h-[620px] flex-col">
        <TreeTable
          nodes={tree}
          columns={COLUMNS}
          label="菜单"
          selectedId={selected?.id ?? null}
          onSelect={setSelected}
          onOpen={(node) => void run('permission.edit', { id: node.id })}
          match={match}
          testId="permission-tree"
        />
      </div>
    </section>
  );
}
