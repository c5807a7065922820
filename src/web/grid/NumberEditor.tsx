import { useEffect, useRef, useState } from 'react';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { acceptNumberTyping } from '@shared/grid/cells';

/** A number cell: typing that is not a number in progress is reverted; parsing happens on blur. */
export function NumberEditor({ value, onValueChange, eventKey }: CustomCellEditorProps) {
  const [text, setText] = useState(() => (eventKey && /^[-\d.]$/.test(eventKey) ? eventKey : value === null || value === undefined ? '' : String(value)));
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    onValueChange(text);
    // Only once, with the starting text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <input
      ref={input}
      inputMode="decimal"
      value={text}
      onChange={(event) => {
        const next = acceptNumberTyping(text, event.target.value);
        setText(next);
        onValueChange(next);
      }}
      className="h-full w-full px-2 text-right outline-none"
      data-testid="number-editor"
    />
  );
}
