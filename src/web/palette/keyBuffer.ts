import { isComposing } from '@web/hotkeys/keys';
import { usePalette } from '../stores/palette';

/**
 * Keeps the keys typed for the palette before it can take them: Ctrl+K pressed the moment the
 * console appears (before its hotkeys listen), and what follows it — a name, a card reader's
 * number and its Enter — while the palette's chunk loads or its dialog draws. Listens first (on
 * window, capturing), so a key is kept before anything else on the page sees it; once the
 * palette's input has the focus it steps aside. `signedIn` says whether there is a console to open it in.
 */
export function installPaletteKeyBuffer(signedIn: () => boolean): void {
  window.addEventListener(
    'keydown',
    (event) => {
      const palette = usePalette.getState();
      if (isComposing(event)) return;
      const modK = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
      if (modK && !palette.hotkeysReady && !palette.open) {
        if (!signedIn()) return;
        event.preventDefault();
        palette.openPalette();
        return;
      }
      if (!palette.open || palette.inputReady || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Enter') palette.setPendingEnter(true);
      else if (event.key === 'Backspace') palette.setQuery(palette.query.slice(0, -1));
      else if (event.key === 'Escape') palette.close();
      else if (event.key.length === 1 && !palette.pendingEnter) palette.setQuery(palette.query + event.key);
      else return;
      event.preventDefault();
      event.stopPropagation();
    },
    { capture: true },
  );
}
