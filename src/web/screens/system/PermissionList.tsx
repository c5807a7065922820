import { useEffect, useMemo, useState } from 'react';
import { fieldTitle } from '@shared/validation';
import { systemApi, type PermissionNode } from '@web/api/system';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { Input } from '@web/components/ui/Input';
import { TreeTable, type TreeColumn } from '@web/components/tree/TreeTable';
import { useRunCommand } from '@web/components/commandPort';
import { translate, useLocale, useT, type Locale, type MessageKey } from '@web/i18n';
import { RowActions, type RowAction } from '@web/engine/RowActions';
import { MenuIcon } from '@web/menu/menuIcons';
import { useListVersion } from '@web/stores/dataVersion';
import { useTreeSelection } from './useTreeSelection';

const MENU_TYPE: Record<number, MessageKey> = { 0: 'permission.type0', 1: 'permission.type1', 2: 'permission.type2' };

/** Each row's own actions: 编辑, and under 更多 the others — the same commands as the toolbar. */
const ROW_ACTIONS: readonly RowAction[] = [
  { command: 'permission.edit', label: 'common.edit' },
  { command: 'permission.addChild', label: 'common.addChild' },
  { command: 'permission.dataRules', label: 'permission.dataRules' },
  { command: 'permission.delete', label: 'common.delete' },
];

const columnsIn = (locale: Locale): TreeColumn<PermissionNode>[] => [
  { key: 'name', title: translate('permission.name', locale), width: 'minmax(200px,2fr)', render: (node) => node.name },
  { key: 'menuType', title: fieldTitle(['menuType'], locale), width: '120px', render: (node) => (MENU_TYPE[node.menuType] ? translate(MENU_TYPE[node.menuType]!, locale) : node.menuType) },
  { key: 'icon', title: translate('permission.icon', locale), width: '56px', render: (node) => (node.icon ? <MenuIcon name={node.icon} /> : null) },
  { key: 'component', title: translate('permission.component', locale), width: 'minmax(140px,1.2fr)', render: (node) => node.component ?? '' },
  { key: 'url', title: translate('permission.url', locale), width: 'minmax(140px,1.2fr)', render: (node) => node.url ?? '' },
  { key: 'perms', title: fieldTitle(['perms'], locale), width: 'minmax(120px,1fr)', render: (node) => node.perms ?? '' },
  { key: 'sortNo', title: fieldTitle(['sortNo'], locale), width: '64px', render: (node) => node.sortNo },
  {
    key: 'status',
    title: translate('common.status', locale),
    width: '72px',
    render: (node) =>
      node.status === '0' ? (
        <span className="text-text-muted">{translate('common.invalid', locale)}</span>
      ) : node.hidden ? (
        <span className="text-text-muted">{translate('permission.hidden', locale)}</span>
      ) : (
        translate('common.valid', locale)
      ),
  },
  { key: 'actions', title: translate('grid.actions', locale), width: '120px', render: (node) => <RowActions id={node.id} actions={ROW_ACTIONS} /> },
];

/** 菜单管理: the tree of menus and buttons every user's menu, buttons and palette come from. */
export default function PermissionList() {
  const locale = useLocale((state) => state.locale);
  const t = useT();
  const columns = useMemo(() => columnsIn(locale), [locale]);
  const version = useListVersion('permissions');
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
          <CommandButton id="permission.add" variant="primary" label={t('permission.add')} />
          <CommandButton id="permission.addChild" label={t('common.addChild')} />
          <CommandButton id="permission.edit" label={t('common.edit')} />
          <CommandButton id="permission.dataRules" />
          <CommandButton id="permission.delete" label={t('common.delete')} />
        </Toolbar>
        <Input value={keyword} onChange={(event) => setKeyword(event.target.value)} placeholder={t('permission.searchPlaceholder')} aria-label={t('permission.search')} className="h-8 w-64" />
      </div>
      <div className="flex h-[620px] flex-col">
        <TreeTable
          nodes={tree}
          columns={columns}
          label={t('permission.tree')}
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
