import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { joinMultiple, splitMultiple } from '@shared/grid/cells';
import { useT } from '@web/i18n';

export interface SelectEditorParams {
  options: readonly { value: string; text: string }[];
  multiple?: boolean;
  /** Typed text becomes a temporary option; it is dropped on blur if not chosen. */
  freeInput?: boolean;
  /** The column's dictionary code: '' is a column set up without one (and says so). */
  dictCode?: string | undefined;
}

/**
 * A select cell's editor: single or multiple (values joined with commas), with an empty
 * 请选择 choice, and free input when the column allows it.
 */
export function SelectEditor({ value, onValueChange, stopEditing, options, multiple = false, freeInput = false, dictCode }: CustomCellEditorProps & SelectEditorParams) {
  const t = useT();
  const [chosen, setChosen] = useState<string[]>(() => splitMultiple(value));
  const [typed, setTyped] = useState('');
  const [temporary, setTemporary] = useState<string[]>(() => splitMultiple(value).filter((v) => !options.some((o) => o.value === v)));
  const first = useRef<HTMLElement | null>(null);
  useEffect(() => first.current?.focus(), []);

  /** ↑↓ move between the input and the options; Enter or Space picks the focused option. */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-free-input], [role="option"]')];
      const at = items.indexOf(target);
      items[(at + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
      event.preventDefault();
    } else if ((event.key === 'Enter' || event.key === ' ') && target.getAttribute('role') === 'option') {
      event.preventDefault();
      target.click();
    }
  };

  const all = [...options, ...temporary.map((v) => ({ value: v, text: v }))];
  const commit = (next: string[]) => {
    setChosen(next);
    onValueChange(multiple ? joinMultiple(next) : (next[0] ?? ''));
  };
  const toggle = (v: string) => {
    if (!multiple) {
      commit(v ? [v] : []);
      stopEditing();
      return;
    }
    commit(chosen.includes(v) ? chosen.filter((c) => c !== v) : [...chosen, v]);
  };

  return (
    <div
      className="flex max-h-72 min-w-44 flex-col overflow-y-auto rounded bg-surface py-1 text-sm shadow-lg"
      role="listbox"
      aria-multiselectable={multiple}
      data-testid="select-editor"
      onKeyDown={onKeyDown}
    >
      {all.length === 0 && !freeInput ? <p className="px-3 py-1.5 text-xs text-text-muted">{t(dictCode === '' ? 'editGrid.noDictCode' : 'editGrid.noOptions')}</p> : null}
      {freeInput ? (
        <input
          ref={(el) => {
            first.current = el;
          }}
          value={typed}
          placeholder={t('editGrid.freeInput')}
          data-free-input="true"
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing || !typed.trim()) return;
            event.preventDefault();
            event.stopPropagation();
            const v = typed.trim();
            setTemporary((current) => (current.includes(v) || options.some((o) => o.value === v) ? current : [...current, v]));
            setTyped('');
            toggle(v);
          }}
          // A temporary option nobody chose does not outlive the editor.
          onBlur={() => setTemporary((current) => current.filter((v) => chosen.includes(v)))}
          className="mx-2 mb-1 h-7 rounded border border-border px-2 outline-none focus:border-primary"
        />
      ) : null}
      {multiple ? null : (
        <button type="button" role="option" aria-selected={chosen.length === 0} onClick={() => toggle('')} className="px-3 py-1.5 text-left text-text-muted hover:bg-primary-soft">
          {t('query.choose')}
        </button>
      )}
      {all.map((option, index) => (
        <button
          key={option.value}
          type="button"
          role="option"
          aria-selected={chosen.includes(option.value)}
          ref={(el) => {
            if (index === 0 && !freeInput) first.current = el;
          }}
          onClick={() => toggle(option.value)}
          className="flex items-center gap-2 px-3 py-1.5 text-left hover:bg-primary-soft aria-selected:text-primary-strong"
        >
          {multiple ? <input type="checkbox" readOnly checked={chosen.includes(option.value)} tabIndex={-1} className="accent-[var(--color-primary)]" /> : null}
          {option.text}
        </button>
      ))}
    </div>
  );
}
