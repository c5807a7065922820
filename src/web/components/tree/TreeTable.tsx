import { ChevronDown, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';

export interface TreeNodeLike<N> {
  id: string;
  children: N[] | null;
}

export interface TreeColumn<N> {
  key: string;
  title: string;
  /** CSS grid track: `180px`, `1fr`… */
  width?: string;
  render(node: N): ReactNode;
}

interface Row<N> {
  node: N;
  depth: number;
  parentId: string | null;
  hasChildren: boolean;
}

/** Rows in display order; a search keeps matches and their ancestors, all open. */
function flatten<N extends TreeNodeLike<N>>(nodes: readonly N[], open: ReadonlySet<string>, match: ((node: N) => boolean) | null, depth = 0, parentId: string | null = null): Row<N>[] {
  const rows: Row<N>[] = [];
  for (const node of nodes) {
    const children = node.children ?? [];
    const below = flatten(children, open, match, depth + 1, node.id);
    if (match && !match(node) && below.length === 0) continue;
    rows.push({ node, depth, parentId, hasChildren: children.length > 0 });
    if (match || open.has(node.id)) rows.push(...below);
  }
  return rows;
}

function idsToDepth<N extends TreeNodeLike<N>>(nodes: readonly N[], depth: number): string[] {
  if (depth <= 0) return [];
  return nodes.flatMap((node) => [node.id, ...idsToDepth(node.children ?? [], depth - 1)]);
}

export interface TreeTableProps<N extends TreeNodeLike<N>> {
  nodes: readonly N[];
  columns: readonly TreeColumn<N>[];
  label: string;
  selectedId: string | null;
  onSelect(node: N): void;
  /** Enter or a double click. */
  onOpen?(node: N): void;
  /** Levels open at first (1: the roots' children show). */
  openDepth?: number;
  /** Shows nodes this accepts and their ancestors. */
  match?: ((node: N) => boolean) | null;
  testId?: string;
}

/**
 * A tree with columns as an ARIA treegrid (departments, menus): Up/Down move, Right opens or
 * steps in, Left closes or steps out, Home/End, Enter opens the record. The first column is
 * indented by depth. Trees here are hundreds of nodes, so every open row is rendered.
 */
export function TreeTable<N extends TreeNodeLike<N>>({ nodes, columns, label, selectedId, onSelect, onOpen, openDepth = 1, match = null, testId }: TreeTableProps<N>) {
  const t = useT();
  const [open, setOpen] = useState<Set<string>>(() => new Set(idsToDepth(nodes, openDepth)));
  const seeded = useRef(nodes.length > 0);
  useEffect(() => {
    // The tree usually arrives after the first render: open its first levels once.
    if (seeded.current || nodes.length === 0) return;
    seeded.current = true;
    setOpen(new Set(idsToDepth(nodes, openDepth)));
  }, [nodes, openDepth]);
  const rows = useMemo(() => flatten(nodes, open, match), [nodes, open, match]);
  const body = useRef<HTMLDivElement>(null);
  const index = rows.findIndex((row) => row.node.id === selectedId);

  useEffect(() => {
    body.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(selectedId ?? '')}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  const toggle = (id: string, to?: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (to ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.nativeEvent.isComposing || rows.length === 0) return;
    const row = rows[index];
    const go = (at: number) => onSelect(rows[Math.max(0, Math.min(rows.length - 1, at))]!.node);
    const keys: Record<string, () => void> = {
      ArrowDown: () => go(index + 1),
      ArrowUp: () => go(index < 0 ? 0 : index - 1),
      Home: () => go(0),
      End: () => go(rows.length - 1),
      ArrowRight: () => {
        if (!row?.hasChildren) return;
        if (open.has(row.node.id) || match) go(index + 1);
        else toggle(row.node.id, true);
      },
      ArrowLeft: () => {
        if (!row) return;
        if (row.hasChildren && open.has(row.node.id) && !match) toggle(row.node.id, false);
        else if (row.parentId) go(rows.findIndex((r) => r.node.id === row.parentId));
      },
      Enter: () => row && onOpen?.(row.node),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const template = columns.map((column) => column.width ?? '1fr').join(' ');
  return (
    <div className="flex min-h-0 flex-col overflow-hidden rounded border border-border text-sm" data-testid={testId}>
      <div className="grid border-b border-border bg-[#fafafa] font-medium" style={{ gridTemplateColumns: template }} role="presentation">
        {columns.map((column) => (
          <div key={column.key} className="truncate px-3 py-2">
            {column.title}
          </div>
        ))}
      </div>
      <div
        ref={body}
        role="treegrid"
        aria-label={label}
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="min-h-0 flex-1 overflow-auto outline-none focus-visible:ring-2 focus-visible:ring-primary/30"
        aria-activedescendant={selectedId ? `tree-row-${selectedId}` : undefined}
      >
        {rows.length === 0 ? <p className="px-3 py-6 text-center text-text-muted">{t('grid.noRows')}</p> : null}
        {rows.map((row) => {
          const selected = row.node.id === selectedId;
          return (
            <div
              key={row.node.id}
              id={`tree-row-${row.node.id}`}
              data-id={row.node.id}
              role="row"
              aria-level={row.depth + 1}
              aria-selected={selected}
              aria-expanded={row.hasChildren ? open.has(row.node.id) || Boolean(match) : undefined}
              className={cn('grid cursor-pointer border-b border-border/60 hover:bg-[#f5f5f5]', selected && 'bg-primary/10 hover:bg-primary/15')}
              style={{ gridTemplateColumns: template }}
              onClick={() => onSelect(row.node)}
              onDoubleClick={() => onOpen?.(row.node)}
            >
              {columns.map((column, i) => (
                <div key={column.key} role="gridcell" className="flex min-w-0 items-center px-3 py-1.5" style={i === 0 ? { paddingLeft: 12 + row.depth * 20 } : undefined}>
                  {i === 0 ? (
                    <button
                      type="button"
                      tabIndex={-1}
                      aria-hidden
                      className={cn('mr-1 grid size-5 shrink-0 place-items-center rounded hover:bg-black/5', !row.hasChildren && 'invisible')}
                      onClick={(event) => {
                        event.stopPropagation();
                        toggle(row.node.id);
                      }}
                    >
                      {open.has(row.node.id) || match ? <ChevronDown className="size-3.5" /> : <ChevronRight className="size-3.5" />}
                    </button>
                  ) : null}
                  <span className="truncate">{column.render(row.node)}</span>
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
