import { formatTagInput, joinMultiple, parseDatetime, parseNumberOnBlur } from './cells';

/** What a pasted cell needs to know of its column. */
export interface PasteColumn {
  type: string;
  options?: readonly { value: string; text: string }[];
  multiple?: boolean;
  freeInput?: boolean;
}

const TRUE_TEXTS = new Set(['1', 'true', '是', 'y', 'yes', '√', '✓']);

/** `2024/3/5` or `2024-03-05` → `2024-03-05`; anything else (or no such day) → null. */
function parseDate(text: string): string | null {
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(y, m - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The value a cell takes from text pasted from Excel, by its column's type. Text that is no
 * value of the type keeps the old value; uploads, popups and the sort column are not pasted into.
 */
export function pastedValue(column: PasteColumn, text: string, old: unknown): unknown {
  const value = text.trim();
  switch (column.type) {
    case 'number':
      return parseNumberOnBlur(value.replace(/,/g, ''));
    case 'checkbox':
      return TRUE_TEXTS.has(value.toLowerCase());
    case 'tags':
      return formatTagInput(value);
    case 'date':
      return value === '' ? null : (parseDate(value) ?? old);
    case 'datetime':
      return value === '' ? null : (parseDatetime(value) ?? old);
    case 'progress': {
      const number = parseNumberOnBlur(value.replace(/%$/, ''));
      return number === null ? old : Math.max(0, Math.min(100, Math.round(number)));
    }
    case 'select': {
      // Excel holds the texts people see; a value is taken too. Unknown text only with free input.
      const parts = column.multiple
        ? value
            .split(/[,，]/)
            .map((part) => part.trim())
            .filter(Boolean)
        : value
          ? [value]
          : [];
      const values = parts.map((part) => column.options?.find((option) => option.value === part || option.text === part)?.value ?? (column.freeInput ? part : undefined));
      if (values.some((v) => v === undefined)) return old;
      return column.multiple ? joinMultiple(values as string[]) : (values[0] ?? '');
    }
    case 'file':
    case 'image':
    case 'popup':
    case 'dragSort':
      return old;
    default:
      return value;
  }
}
