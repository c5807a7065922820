import { createContext, useContext, useRef } from 'react';
import type { MenuItem } from '@shared/types';

/** The menu item whose screen is rendering (null for static routes). */
export const CurrentMenuItem = createContext<MenuItem | null>(null);

export const useCurrentMenuItem = () => useContext(CurrentMenuItem);

/**
 * The path of the screen a component belongs to — its menu item's, else the page it was first
 * rendered on — which stays the same while its tab is in the background.
 */
export function useScreenPath(): string {
  const item = useContext(CurrentMenuItem);
  const first = useRef(window.location.pathname);
  return item?.path ?? first.current;
}
