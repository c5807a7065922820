import { createContext, useContext } from 'react';
import type { MenuItem } from '@shared/types';

/** The menu item whose screen is rendering (null for static routes). */
export const CurrentMenuItem = createContext<MenuItem | null>(null);

export const useCurrentMenuItem = () => useContext(CurrentMenuItem);
