import { ChevronDown, ChevronRight } from 'lucide-react';
import { useMemo, useState, type KeyboardEvent } from 'react';
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

/**
 * A checkbox tree (role and department permission assignment) as an ARIA tree: arrows move,
 * Right/Left expand and collapse, Space checks.
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
}: {
  nodes: readonly CheckNode[];
  checked: ReadonlySet<string>;
  onChange(next: Set<string>): void;
  label: string;
  action?: CheckTreeAction | undefined;
}) {
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const parents = useMemo(() => parentsOf(nodes), [nodes]);

  const toggle = (node: CheckNode) => {
    const next = new Set(checked);
    const below = collect(node);
    if (checked.has(node.key)) for (const key of below) next.delete(key);
    else {
      for (const key of below) next.add(key);
      for (let up = parents.get(node.key); up; up = parents.get(up)) next.add(up);
    }
    onChange(next);
  };

  const visible: { node: CheckNode; depth: number }[] = [];
  const walk = (list: readonly CheckNode[], depth: number) => {
    for (const node of list) {
      visible.push({ node, depth });
      if (node.children?.length && !collapsed.has(node.key)) walk(node.children, depth + 1);
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

  return (
    <div role="tree" aria-label={label} aria-multiselectable className="flex flex-col" data-testid="check-tree">
      {visible.map(({ node, depth }, index) => {
        const open = !collapsed.has(node.key);
        return (
          <div
            key={node.key}
            role="treeitem"
            aria-level={depth + 1}
            aria-checked={checked.has(node.key)}
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
              <input type="checkbox" tabIndex={-1} checked={checked.has(node.key)} onChange={() => toggle(node)} className="size-4 accent-[var(--color-primary)]" aria-label={node.title} />
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
  );
}
