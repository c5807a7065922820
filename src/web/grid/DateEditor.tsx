import { useEffect, useRef, useState } from 'react';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { DATE_FORMATS, parseTyped, typedText, valueOfTyped, type DateKind } from '@web/lib/dateText';

export interface DateEditorParams {
  kind: DateKind;
}

/**
 * A date or datetime cell typed in the spec's format whatever the browser's locale: digits get
 * their separators as they come (a first digit typed on the cell starts the text); what is not a
 * real date (2026-13-01) leaves the cell as it was.
 */
export function DateEditor({ value, onValueChange, eventKey, kind }: CustomCellEditorProps & DateEditorParams) {
  const [text, setText] = useState(() => (eventKey && /^\d$/.test(eventKey) ? eventKey : value === null || value === undefined ? '' : String(value)));
  const input = useRef<HTMLInputElement>(null);
  // What the cell gets: a real date in the spec's format, nothing for an empty cell, else the value it had.
  const valueOf = (typed: string) => (typed.trim() === '' ? null : (parseTyped(kind, valueOfTyped(kind, typed)) ?? value));
  useEffect(() => {
    input.current?.focus();
    onValueChange(valueOf(text));
    // Only once, with the starting text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <input
      ref={input}
      value={text}
      placeholder={DATE_FORMATS[kind]}
      spellCheck={false}
      onChange={(event) => {
        const next = typedText(kind, text, event.target.value, event.target.selectionStart === event.target.value.length);
        setText(next);
        onValueChange(valueOf(next));
      }}
      className="h-full w-full px-2 tabular-nums outline-none"
      data-testid="date-editor"
    />
  );
}
