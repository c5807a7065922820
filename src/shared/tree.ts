/**
 * Builds a tree from flat rows linked by parent id. A row whose parent is missing becomes a root,
 * so a partial list (search results, a granted subset) still shows. Children keep the rows' order.
 */
export function buildTree<R extends { id: string; parentId: string | null }, N>(rows: readonly R[], toNode: (row: R, children: N[] | null) => N): N[] {
  const ids = new Set(rows.map((row) => row.id));
  const childrenOf = new Map<string | null, R[]>();
  for (const row of rows) {
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    const list = childrenOf.get(parent) ?? [];
    list.push(row);
    childrenOf.set(parent, list);
  }
  const build = (row: R): N => {
    const children = childrenOf.get(row.id);
    return toNode(row, children?.length ? children.map(build) : null);
  };
  return (childrenOf.get(null) ?? []).map(build);
}

/** Every id of a node and its descendants, given a parent → children index. */
export function descendantIds(rootId: string, rows: readonly { id: string; parentId: string | null }[]): Set<string> {
  const found = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (row.parentId && found.has(row.parentId) && !found.has(row.id)) {
        found.add(row.id);
        grew = true;
      }
    }
  }
  return found;
}

/** The node with this id anywhere in a tree, depth first. */
export function findInTree<N extends { id: string; children?: N[] | null }>(nodes: readonly N[], id: string): N | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const below = findInTree(node.children ?? [], id);
    if (below) return below;
  }
  return undefined;
}
