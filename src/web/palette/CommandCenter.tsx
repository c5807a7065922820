import { useEffect, useState, type ComponentType } from 'react';
import { useCommandHotkeys } from '@web/hotkeys/useCommandHotkeys';
import { HelpSheet } from './HelpSheet';
import { usePalette } from '../stores/palette';

// The palette carries the pinyin dictionary: its chunk is not on the first screen's path. It is
// loaded by hand, not through lazy() and Suspense: React holds a revealed Suspense boundary back
// up to 300 ms, and the palette must be up within 100 ms of Ctrl+K.
let loading: Promise<ComponentType> | null = null;
const loadPalette = () => (loading ??= import('./Palette').then((module) => module.Palette));

/** How long after the console first draws the palette may load on its own (when the browser is idle). */
const PALETTE_AFTER_MS = 300;

/**
 * Mounted once in the signed-in layout: the hotkeys, the palette and the help sheet. The palette
 * (its chunk, and the pinyin index it builds) arrives when first opened or once the first screen
 * is up and the browser idle — never in the way of the first screen.
 */
export function CommandCenter() {
  useCommandHotkeys();
  const open = usePalette((state) => state.open);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  useEffect(() => {
    let idle = 0;
    const timer = window.setTimeout(() => {
      idle = window.requestIdleCallback(() => setWanted(true), { timeout: 3000 });
    }, PALETTE_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle) window.cancelIdleCallback(idle);
    };
  }, []);
  const [Palette, setPalette] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!(wanted || open) || Palette) return;
    let live = true;
    void loadPalette().then((component) => live && setPalette(() => component));
    return () => {
      live = false;
    };
  }, [wanted, open, Palette]);
  return (
    <>
      {Palette ? <Palette /> : null}
      <HelpSheet />
    </>
  );
}
