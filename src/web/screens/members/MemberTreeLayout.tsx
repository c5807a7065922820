import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { memberDepartApi, type MemberDepartNode } from '@web/api/system';
import { TreeTable, type TreeColumn } from '@web/components/tree/TreeTable';
import { useLocale } from '@web/i18n';

/** The ids of a node and everything below it: choosing a grade lists all its classes' members. */
function idsUnder(node: MemberDepartNode): string[] {
  return [node.id, ...(node.children ?? []).flatMap(idsUnder)];
}

const TEXTS = {
  tree: { 'zh-CN': '部门/班级', en: 'Departments and classes' },
  all: { 'zh-CN': '全部人员', en: 'Everyone' },
} as const;

/**
 * A member screen's layout: the 人员部门 tree on the left, and on the right the list of the chosen
 * node and everything below it — `list` is given the fixed filter (`deptId`) and a key that
 * changes with the node.
 */
export function MemberTreeLayout({ testId, list }: { testId: string; list(fixed: Readonly<Record<string, string>> | undefined, key: string): ReactNode }) {
  const locale = useLocale((state) => state.locale);
  const [tree, setTree] = useState<MemberDepartNode[]>([]);
  const [chosen, setChosen] = useState<MemberDepartNode | null>(null);
  useEffect(() => {
    void memberDepartApi.tree().then(setTree, () => undefined);
  }, []);
  const columns = useMemo<TreeColumn<MemberDepartNode>[]>(() => [{ key: 'title', title: TEXTS.tree[locale], width: '1fr', render: (node) => node.title }], [locale]);
  const fixed = useMemo(() => (chosen ? { deptId: idsUnder(chosen).join(',') } : undefined), [chosen]);
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-start" data-testid={testId}>
      <aside className="flex h-[640px] flex-col gap-2 rounded bg-surface p-3 lg:w-64 lg:shrink-0" data-testid="member-tree">
        <button type="button" className="self-start text-sm text-primary-strong hover:underline disabled:text-text-muted disabled:no-underline" disabled={!chosen} onClick={() => setChosen(null)}>
          {TEXTS.all[locale]}
        </button>
        <TreeTable nodes={tree} columns={columns} label={TEXTS.tree[locale]} selectedId={chosen?.id ?? null} onSelect={(node) => setChosen(node)} openDepth={2} testId="member-depart-picker" />
      </aside>
      <div className="min-w-0 flex-1">{list(fixed, chosen?.id ?? 'all')}</div>
    </div>
  );
}
