import { useEffect, useMemo, useState } from 'react';
import { fieldTitle } from '@shared/validation';
import { memberDepartApi, type MemberDepartNode } from '@web/api/system';
import { Input } from '@web/components/ui/Input';
import { TreeTable, type TreeColumn } from '@web/components/tree/TreeTable';
import { translate, useLocale, useT, type Locale } from '@web/i18n';

const columnsIn = (locale: Locale): TreeColumn<MemberDepartNode>[] => [
  { key: 'title', title: fieldTitle(['name'], locale), width: 'minmax(220px,2fr)', render: (node) => node.title },
  { key: 'level', title: translate('memberDepart.level', locale), width: '120px', render: (node) => node.level_dictText },
  { key: 'children', title: translate('memberDepart.children', locale), width: '120px', render: (node) => node.children?.length ?? 0 },
];

/** 人员部门: the school's member tree (school → grade → class), apart from the staff departments. */
export default function MemberDepartmentList() {
  const locale = useLocale((state) => state.locale);
  const t = useT();
  const columns = useMemo(() => columnsIn(locale), [locale]);
  const [tree, setTree] = useState<MemberDepartNode[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    void memberDepartApi.tree().then(setTree, () => undefined);
  }, []);
  const match = useMemo(() => (keyword.trim() ? (node: MemberDepartNode) => node.title.includes(keyword.trim()) : null), [keyword]);
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="member-depart-list">
      <Input value={keyword} onChange={(event) => setKeyword(event.target.value)} placeholder={t('memberDepart.searchPlaceholder')} aria-label={t('memberDepart.search')} className="h-8 w-72" />
      <div className="flex h-[600px] flex-col">
        <TreeTable
          nodes={tree}
          columns={columns}
          label={t('memberDepart.tree')}
          selectedId={selectedId}
          onSelect={(node) => setSelectedId(node.id)}
          openDepth={2}
          match={match}
          testId="member-depart-tree"
        />
      </div>
    </section>
  );
}
