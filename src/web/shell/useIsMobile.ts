import { useSyncExternalStore } from 'react';
import { LAYOUT } from '@shared/constants';

const query = `(max-width: ${LAYOUT.mobileBreakpoint - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True below 768 px: the side menu becomes a drawer and the header shows the short title. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
