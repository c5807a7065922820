import { createContext, useContext } from 'react';

/**
 * Whether the page is the tab in front: a kept-alive tab stays mounted behind the others, with
 * its own (frozen) location, so a page that listens to the keyboard, polls or prints asks this.
 */
export const TabInFront = createContext(true);

export const useTabInFront = (): boolean => useContext(TabInFront);
