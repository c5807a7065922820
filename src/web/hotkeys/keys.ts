/** Pure helpers for hotkey strings in react-hotkeys-hook syntax (`mod+k`, `g>h`, `shift+slash`). */

const KEY_NAMES: Record<string, { text: string; glyph?: string }> = {
  mod: { text: 'Ctrl', glyph: '⌘' },
  ctrl: { text: 'Ctrl', glyph: '⌃' },
  alt: { text: 'Alt', glyph: '⌥' },
  shift: { text: 'Shift', glyph: '⇧' },
  meta: { text: 'Meta', glyph: '⌘' },
  slash: { text: '/' },
  backslash: { text: '\\' },
  bracketleft: { text: '[' },
  bracketright: { text: ']' },
  left: { text: '←' },
  right: { text: '→' },
  up: { text: '↑' },
  down: { text: '↓' },
  enter: { text: 'Enter', glyph: '↩' },
  escape: { text: 'Esc' },
  comma: { text: ',' },
  period: { text: '.' },
};

export const isSequence = (hotkey: string) => hotkey.includes('>');

/** A combination with a modifier other than shift is safe from an IME; bare letters are not. */
export function hasModifier(hotkey: string): boolean {
  if (isSequence(hotkey)) return false;
  return hotkey.split('+').some((part) => ['mod', 'ctrl', 'alt', 'meta'].includes(part));
}

/** `shift+slash` reads `?`; everything else reads part by part. */
export function formatHotkey(hotkey: string, mac: boolean): string {
  if (hotkey === 'shift+slash') return '?';
  if (isSequence(hotkey))
    return hotkey
      .split('>')
      .map((part) => formatHotkey(part, mac))
      .join(' ');
  const parts = hotkey.split('+').map((part) => {
    const known = KEY_NAMES[part];
    if (!known) return part.length === 1 ? part.toUpperCase() : part[0]!.toUpperCase() + part.slice(1);
    return mac && known.glyph ? known.glyph : known.text;
  });
  return mac ? parts.join('') : parts.join('+');
}

/** Keys a normalised form so that `ctrl+k` and `mod+k` collide off Mac. */
export function canonicalHotkey(hotkey: string): string {
  if (isSequence(hotkey)) return hotkey.split('>').map(canonicalHotkey).join('>');
  const parts = hotkey
    .toLowerCase()
    .split('+')
    .map((part) => (part === 'ctrl' || part === 'control' ? 'mod' : part));
  const key = parts.pop()!;
  return [...parts.sort(), key].join('+');
}

/** Keys the browser, the OS or an IME owns; no command may take them. */
export const RESERVED_HOTKEYS = [
  'mod+w',
  'mod+t',
  'mod+n',
  'mod+tab',
  'mod+shift+tab',
  'mod+space',
  'shift+space',
  'mod+period',
  'mod+shift+q',
  'mod+shift+c',
  'mod+l',
  'mod+r',
  'mod+p',
  'mod+f',
  'mod+shift+n',
  'mod+shift+t',
].map(canonicalHotkey);

/** True while an IME is composing: no key handler may act on such an event. */
export function isComposing(event: { isComposing?: boolean; keyCode?: number; key?: string }): boolean {
  return Boolean(event.isComposing) || event.keyCode === 229 || event.key === 'Process';
}
