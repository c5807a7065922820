import { useEffect, useMemo, useState } from 'react';
import { MEMBER_DEPARTMENTS_SCREEN } from '@shared/cardOffice';
import { fieldTitle } from '@shared/validation';
import { memberDepartApi, type MemberDepartNode } from '@web/api/system';
import { CommandButton } from '@web/components/CommandButton';
import { Input } from '@web/components/ui/Input';
import { TreeTable, type TreeColumn } from '@web/components/tree/TreeTable';
import { translate, useLocale, useT, type Locale } from '@web/i18n';
import { useListVersion } from '@web/stores/dataVersion';
import { useSelection } from '@web/stores/selection';

const statusOf = (node: MemberDepartNode, locale: Locale) =>
  node.status !== '1' ? translate('memberDepart.retired', locale) : node.graduating ? translate('memberDepart.graduating', locale) : translate('memberDepart.inUse', locale);

const columnsIn = (locale: Locale): TreeColumn<MemberDepartNode>[] => [
  {
    key: 'title',
    title: fieldTitle(['name'], locale),
    width: 'minmax(220px,2fr)',
    render: (node) => (node.status === '1' ? node.title : <span className="text-text-muted line-through">{node.title}</span>),
  },
  { key: 'level', title: translate('memberDepart.level', locale), width: '120px', render: (node) => node.level_dictText },
  { key: 'status', title: translate('memberDepart.status', locale), width: '100px', render: (node) => statusOf(node, locale) },
  { key: 'children', title: translate('memberDepart.children', locale), width: '120px', render: (node) => node.children?.length ?? 0 },
];

/**
 * 人员部门: the school's member tree (school → grade → class), apart from the staff departments.
 * Grades and classes are added, renamed, moved and retired here, and the school promoted a year
 * (升级); the node chosen in the tree is what the commands act on.
 */
export default function MemberDepartmentList() {
  const locale = useLocale((state) => state.locale);
  const t = useT();
  const columns = useMemo(() => columnsIn(locale), [locale]);
  const version = useListVersion('members.department');
  const [tree, setTree] = useState<MemberDepartNode[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    void memberDepartApi.tree().then(setTree, () => undefined);
  }, [version]);
  const match = useMemo(() => (keyword.trim() ? (node: MemberDepartNode) => node.title.includes(keyword.trim()) : null), [keyword]);
  const select = (node: MemberDepartNode) => {
    setSelectedId(node.id);
    // The palette's commands act on the node chosen here, as on a list's selected row.
    useSelection.getState().set(MEMBER_DEPARTMENTS_SCREEN, [node as unknown as Record<string, unknown>], () => setSelectedId(null));
  };
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="member-depart-list">
      <div className="flex flex-wrap items-center gap-2">
        <Input value={keyword} onChange={(event) => setKeyword(event.target.value)} placeholder={t('memberDepart.searchPlaceholder')} aria-label={t('memberDepart.search')} className="h-8 w-72" />
        <CommandButton id="memberDept.add" variant="primary" label={t('memberDepart.addChild')} />
        <CommandButton id="memberDept.rename" label={t('memberDepart.rename')} />
        <CommandButton id="memberDept.move" label={t('memberDepart.move')} />
        <CommandButton id="memberDept.retire" label={t('memberDepart.retire')} />
        <CommandButton id="memberDept.promote" label={t('memberDepart.promote')} />
      </div>
      <div className="flex h-[600px] flex-col">
        <TreeTable nodes={tree} columns={columns} label={t('memberDepart.tree')} selectedId={selectedId} onSelect={select} openDepth={2} match={match} testId="member-depart-tree" />
      </div>
    </section>
  );
}
