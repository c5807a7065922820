/** Options of a tree for a select or checkbox list: depth shown by indentation (full-width spaces). */
export function treeOptions<N extends { children: N[] | null }>(nodes: readonly N[], valueOf: (node: N) => string, textOf: (node: N) => string, depth = 0): { value: string; text: string }[] {
  return nodes.flatMap((node) => [{ value: valueOf(node), text: `${'　'.repeat(depth)}${textOf(node)}` }, ...treeOptions(node.children ?? [], valueOf, textOf, depth + 1)]);
}
