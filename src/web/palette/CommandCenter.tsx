import { lazy, Suspense } from 'react';
import { useCommandHotkeys } from '@web/hotkeys/useCommandHotkeys';
import { HelpSheet } from './HelpSheet';

// The palette carries the pinyin dictionary: its chunk loads beside the first screen, not in it.
const Palette = lazy(() => import('./Palette').then((module) => ({ default: module.Palette })));

/** Mounted once in the signed-in layout: the hotkeys, the palette and the help sheet. */
export function CommandCenter() {
  useCommandHotkeys();
  return (
    <>
      <Suspense fallback={null}>
        <Palette />
      </Suspense>
      <HelpSheet />
    </>
  );
}
