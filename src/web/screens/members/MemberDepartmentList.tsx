import { useEffect, useMemo, useState } from 'react';
import { memberDepartApi, type MemberDepartNode } from '@web/api/system';
import { Input } from '@web/components/ui/Input';
import { TreeTable, type TreeColumn } from '@web/components/tree/TreeTable';

const COLUMNS: TreeColumn<MemberDepartNode>[] = [
  { key: 'title', title: '名称', width: 'minmax(220px,2fr)', render: (node) => node.title },
  { key: 'level', title: '层级', width: '120px', render: (node) => node.level_dictText },
  { key: 'children', title: '下级数量', width: '120px', render: (node) => node.children?.length ?? 0 },
];

/** 人员部门: the school's member tree (school → grade → class), apart from the staff departments. */
export default function MemberDepartmentList() {
  const [tree, setTree] = useState<MemberDepartNode[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    void memberDepartApi.tree().then(setTree, () => undefined);
  }, []);
  const match = useMemo(() => (keyword.trim() ? (node: MemberDepartNode) => node.title.includes(keyword.trim()) : null), [keyword]);
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="member-depart-list">
      <Input value={keyword} onChange={(event) => setKeyword(event.target.value)} placeholder="请输入学校、年级或班级名称" aria-label="搜索" className="h-8 w-72" />
      <div className="flex h-[600px] flex-col">
        <TreeTable nodes={tree} columns={COLUMNS} label="人员部门" selectedId={selectedId} onSelect={(node) => setSelectedId(node.id)} openDepth={2} match={match} testId="member-depart-tree" />
      </div>
    </section>
  );
}
