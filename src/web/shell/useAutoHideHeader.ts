import { useEffect, useState } from 'react';
import { LAYOUT } from '@shared/constants';

/** With the setting on: the header hides when the page scrolls down past 100 px, returns on the way up. */
export function useAutoHideHeader(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y > LAYOUT.headerAutoHideScroll && y > last) setHidden(true);
      else if (y < last || y <= LAYOUT.headerAutoHideScroll) setHidden(false);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}
