import { useEffect, useMemo, useState } from 'react';
import { member } from '@shared/entities/members/member';
import { memberDepartApi, type MemberDepartNode } from '@web/api/system';
import { TreeTable, type TreeColumn } from '@web/components/tree/TreeTable';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { CommandButton } from '@web/components/CommandButton';
import type { RowAction } from '@web/engine/RowActions';
import { useLocale, useT } from '@web/i18n';

/** The ids of a node and everything below it: choosing a grade lists all its classes' members. */
function idsUnder(node: MemberDepartNode): string[] {
  return [node.id, ...(node.children ?? []).flatMap(idsUnder)];
}

const OPEN_ACCOUNT: readonly RowAction[] = [{ command: 'member.openAccount', label: 'cardOffice.openAccount' }];

const TEXTS = {
  tree: { 'zh-CN': '部门/班级', en: 'Departments and classes' },
  all: { 'zh-CN': '全部人员', en: 'Everyone' },
} as const;

/**
 * 人员管理: the 人员部门 tree on the left, the members of the chosen node (and below it) on the
 * right — the engine's list and form for everything else.
 */
export default function MemberList() {
  const locale = useLocale((state) => state.locale);
  const t = useT();
  const [tree, setTree] = useState<MemberDepartNode[]>([]);
  const [chosen, setChosen] = useState<MemberDepartNode | null>(null);
  useEffect(() => {
    void memberDepartApi.tree().then(setTree, () => undefined);
  }, []);
  const columns = useMemo<TreeColumn<MemberDepartNode>[]>(() => [{ key: 'title', title: TEXTS.tree[locale], width: '1fr', render: (node) => node.title }], [locale]);
  const fixed = useMemo(() => (chosen ? { deptId: idsUnder(chosen).join(',') } : undefined), [chosen]);
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-start" data-testid="member-screen">
      <aside className="flex h-[640px] flex-col gap-2 rounded bg-surface p-3 lg:w-64 lg:shrink-0" data-testid="member-tree">
        <button type="button" className="self-start text-sm text-primary-strong hover:underline disabled:text-text-muted disabled:no-underline" disabled={!chosen} onClick={() => setChosen(null)}>
          {TEXTS.all[locale]}
        </button>
        <TreeTable nodes={tree} columns={columns} label={TEXTS.tree[locale]} selectedId={chosen?.id ?? null} onSelect={(node) => setChosen(node)} openDepth={2} testId="member-depart-picker" />
      </aside>
      <div className="min-w-0 flex-1">
        <EntityListScreen key={chosen?.id ?? 'all'} spec={member} fixed={fixed} toolbar={<CommandButton id="member.openAccount" label={t('cardOffice.openAccount')} />} rowActions={OPEN_ACCOUNT} />
      </div>
    </div>
  );
}
