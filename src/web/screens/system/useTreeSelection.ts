import { useCallback, useEffect, useState } from 'react';
import { findInTree } from '@shared/tree';
import { useScreenPath } from '@web/menu/currentMenuItem';
import { useSelection } from '@web/stores/selection';

/** The selected node of a tree screen, shared with the commands as the screen's selection. */
export function useTreeSelection<N extends { id: string }>(nodes: readonly N[]) {
  const [selected, setSelected] = useState<N | null>(null);
  const clear = useCallback(() => setSelected(null), []);
  // A reload may have removed or changed the selected node: follow the fresh copy.
  useEffect(() => {
    setSelected((current) => (current ? (findInTree(nodes as readonly (N & { children?: N[] | null })[], current.id) ?? null) : null));
  }, [nodes]);
  const screen = useScreenPath();
  useEffect(() => {
    useSelection.getState().set(screen, selected ? [selected as unknown as Record<string, unknown>] : [], clear);
  }, [screen, selected, clear]);
  useEffect(() => () => useSelection.getState().set(screen, [], () => undefined), [screen]);
  return [selected, setSelected] as const;
}
