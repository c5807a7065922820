import { ChevronDown, ChevronRight, Search } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@web/components/ui/Button';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';

export interface CheckNode {
  key: string;
  title: string;
  /** Shown after the title, muted (a button's permission code). */
  hint?: string | null;
  children: CheckNode[] | null;
}

/** Checking a node checks what is below it; checking a child also checks its ancestors (a button needs its menu). */
function collect(node: CheckNode): string[] {
  return [node.key, ...(node.children ?? []).flatMap(collect)];
}

function parentsOf(nodes: readonly CheckNode[], parent: string | null = null, into = new Map<string, string | null>()) {
  for (const node of nodes) {
    into.set(node.key, parent);
    parentsOf(node.children ?? [], node.key, into);
  }
  return into;
}

/** A node's check state: all of it, part of it (some of what is below), or none. */
type CheckState = 'checked' | 'mixed' | 'unchecked';

function stateOf(node: CheckNode, checked: ReadonlySet<string>): CheckState {
  const below = collect(node).slice(1);
  if (below.length === 0) return checked.has(node.key) ? 'checked' : 'unchecked';
  const held = below.filter((key) => checked.has(key)).length;
  if (held === below.length && checked.has(node.key)) return 'checked';
  if (held === 0 && !checked.has(node.key)) return 'unchecked';
  return 'mixed';
}

/** Nodes whose title (or hint) contains the text, with their ancestors; null when there is no text. */
function matching(nodes: readonly CheckNode[], text: string): Set<string> | null {
  const needle = text.trim().toLowerCase();
  if (!needle) return null;
  const keep = new Set<string>();
  const visit = (node: CheckNode): boolean => {
    const below = (node.children ?? []).map(visit).some(Boolean);
    const self = node.title.toLowerCase().includes(needle) || (node.hint ?? '').toLowerCase().includes(needle);
    if (self || below) keep.add(node.key);
    return self || below;
  };
  nodes.forEach(visit);
  return keep;
}

/**
 * A checkbox tree (role and department permission assignment) as an ARIA tree: arrows move,
 * Right/Left expand and collapse, Space checks; a parent with part of its children checked shows
 * half-checked. Above it: search, expand/collapse all, select all/none. It takes the focus when
 * it opens (`autoFocus`).
 */
/** A per-node action beside the checkbox (Enter on the node runs it too), e.g. a menu's data rules. */
export interface CheckTreeAction {
  label: string;
  has(node: CheckNode): boolean;
  run(node: CheckNode): void;
}

export function CheckTree({
  nodes,
  checked,
  onChange,
  label,
  action,
  autoFocus = false,
}: {
  nodes: readonly CheckNode[];
  checked: ReadonlySet<string>;
  onChange(next: Set<string>): void;
  label: string;
  action?: CheckTreeAction | undefined;
  autoFocus?: boolean;
}) {
  const t = useT();
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [search, setSearch] = useState('');
  const parents = useMemo(() => parentsOf(nodes), [nodes]);
  const allKeys = useMemo(() => nodes.flatMap(collect), [nodes]);
  const shown = useMemo(() => matching(nodes, search), [nodes, search]);
  const tree = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (autoFocus) tree.current?.querySelector<HTMLElement>('[role="treeitem"]')?.focus();
    // Once, when the tree first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggle = (node: CheckNode) => {
    const next = new Set(checked);
    const below = collect(node);
    // A fully checked node clears; a half-checked or unchecked one takes everything below it.
    if (stateOf(node, checked) === 'checked') for (const key of below) next.delete(key);
    else {
      for (const key of below) next.add(key);
      for (let up = parents.get(node.key); up; up = parents.get(up)) next.add(up);
    }
    onChange(next);
  };

  const visible: { node: CheckNode; depth: number }[] = [];
  const walk = (list: readonly CheckNode[], depth: number) => {
    for (const node of list) {
      if (shown && !shown.has(node.key)) continue;
      visible.push({ node, depth });
      // A search shows every match, however deep.
      if (node.children?.length && (shown || !collapsed.has(node.key))) walk(node.children, depth + 1);
    }
  };
  walk(nodes, 0);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const item = visible[index]!;
    const focus = (i: number) => (event.currentTarget.parentElement?.children[i] as HTMLElement | undefined)?.focus();
    if (event.key === 'ArrowDown') focus(Math.min(index + 1, visible.length - 1));
    else if (event.key === 'ArrowUp') focus(Math.max(index - 1, 0));
    else if (event.key === 'ArrowRight' && item.node.children?.length) setCollapsed((c) => new Set([...c].filter((k) => k !== item.node.key)));
    else if (event.key === 'ArrowLeft' && item.node.children?.length) setCollapsed((c) => new Set(c).add(item.node.key));
    else if (event.key === ' ') toggle(item.node);
    else if (event.key === 'Enter' && action?.has(item.node)) action.run(item.node);
    else return;
    event.preventDefault();
  };

  const parentsWithChildren = () => allKeys.filter((key) => [...parents.values()].includes(key));
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex h-7 items-center gap-1.5 rounded border border-[#d9d9d9] px-2 text-sm focus-within:border-primary">
          <Search className="size-3.5 text-text-muted" aria-hidden />
          <input
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('checkTree.search')}
            aria-label={t('checkTree.search')}
            className="w-44 outline-none"
            data-testid="check-tree-search"
          />
        </label>
        <Button size="sm" onClick={() => setCollapsed(new Set())}>
          {t('checkTree.expandAll')}
        </Button>
        <Button size="sm" onClick={() => setCollapsed(new Set(parentsWithChildren()))}>
          {t('checkTree.collapseAll')}
        </Button>
        <Button size="sm" onClick={() => onChange(new Set(allKeys))}>
          {t('checkTree.checkAll')}
        </Button>
        <Button size="sm" onClick={() => onChange(new Set())}>
          {t('checkTree.uncheckAll')}
        </Button>
      </div>
      <div ref={tree} role="tree" aria-label={label} aria-multiselectable className="flex flex-col" data-testid="check-tree">
        {visible.map(({ node, depth }, index) => {
          const open = Boolean(shown) || !collapsed.has(node.key);
          const state = stateOf(node, checked);
          return (
            <div
              key={node.key}
              role="treeitem"
              aria-level={depth + 1}
              aria-checked={state === 'mixed' ? 'mixed' : state === 'checked'}
              data-check-state={state}
              aria-expanded={node.children?.length ? open : undefined}
              tabIndex={index === 0 ? 0 : -1}
              onKeyDown={(event) => onKeyDown(event, index)}
              className="flex items-center gap-1 rounded py-0.5 text-sm outline-none hover:bg-black/5 focus-visible:ring-2 focus-visible:ring-primary/40"
              style={{ paddingLeft: depth * 20 }}
            >
              <button
                type="button"
                tabIndex={-1}
                aria-hidden
                className={cn('flex size-5 items-center justify-center text-text-muted', !node.children?.length && 'invisible')}
                onClick={() => setCollapsed((c) => (open ? new Set(c).add(node.key) : new Set([...c].filter((k) => k !== node.key))))}
              >
                {open ? <ChevronDown className="size-3.5" /> : <ChevronRight className="size-3.5" />}
              </button>
              <label className="flex cursor-pointer items-center gap-1.5">
                <input
                  type="checkbox"
                  tabIndex={-1}
                  checked={state === 'checked'}
                  ref={(input) => {
                    if (input) input.indeterminate = state === 'mixed';
                  }}
                  onChange={() => toggle(node)}
                  className="size-4 accent-[var(--color-primary)]"
                  aria-label={node.title}
                />
                {node.title}
                {node.hint ? <span className="text-xs text-text-muted">{node.hint}</span> : null}
              </label>
              {action?.has(node) ? (
                <button type="button" tabIndex={-1} className="ml-2 text-xs text-primary-strong hover:underline" onClick={() => action.run(node)} data-testid="check-tree-action">
                  {action.label}
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
