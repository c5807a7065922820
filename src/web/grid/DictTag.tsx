import type { CSSProperties } from 'react';

/** `#rrggbb` mixed toward black by `amount` (0–1): text on a light tint needs a darker shade to read (WCAG AA). */
function darker(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 255) * (1 - amount));
  return `rgb(${channel(16)} ${channel(8)} ${channel(0)})`;
}

/** A dictionary value in its item's colour: a light tint, a border, and a readable dark text. */
export function tagStyle(color: string): CSSProperties {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return {};
  return { color: darker(color, 0.45), backgroundColor: `${color}1a`, borderColor: `${color}80` };
}

export function DictTag({ text, color }: { text: string; color: string | undefined }) {
  if (!text) return null;
  if (!color) return <span>{text}</span>;
  return (
    <span className="inline-block rounded border px-1.5 text-xs leading-5" style={tagStyle(color)} data-tag-color={color}>
      {text}
    </span>
  );
}
