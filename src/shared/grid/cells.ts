/** Pure rules of the editable grid's cells, rows and columns (spec sections 3–5 and 9). */

/** A number cell accepts an optional minus, digits and an optional decimal while typing. */
export const NUMBER_TYPING = /^-?\d*\.?\d*$/;

/** Typing that is not a number in progress is reverted: returns the value to keep. */
export function acceptNumberTyping(previous: string, next: string): string {
  return NUMBER_TYPING.test(next) ? next : previous;
}

/** On blur: non-numeric becomes empty, numeric becomes a parsed number. */
export function parseNumberOnBlur(text: string | number | null | undefined): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  const value = Number.parseFloat(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** Tag input: strips semicolons and inserts one after every 2 characters. */
export function formatTagInput(raw: string): string {
  const plain = [...raw.replaceAll(';', '').replaceAll('；', '')];
  const parts: string[] = [];
  for (let i = 0; i < plain.length; i += 2) parts.push(plain.slice(i, i + 2).join(''));
  return parts.join(';');
}

export type StatisticKind = 'sum' | 'average';

/** Footer statistics of a column: sum or average of its numeric cells (blank cells ignored). */
export function columnStatistic(values: readonly unknown[], kind: StatisticKind): number {
  const numbers = values.map((value) => (typeof value === 'number' ? value : parseNumberOnBlur(value as string))).filter((value): value is number => value !== null);
  if (numbers.length === 0) return 0;
  const sum = numbers.reduce((total, value) => total + value, 0);
  // Rounded to cents: money columns must not show 0.30000000000000004.
  const result = kind === 'sum' ? sum : sum / numbers.length;
  return Math.round(result * 100) / 100;
}

/** Row keys are truncated to 50 characters (spec section 9). */
export const ROW_KEY_MAX = 50;
export function rowKeyOf(value: unknown): string {
  return String(value ?? '').slice(0, ROW_KEY_MAX);
}

/** Cell types a column may not reuse: they are the grid's own columns. */
export const RESERVED_COLUMN_TYPES = ['rowNumber', 'rowCheckbox', 'rowRadio', 'rowExpand', 'rowDragSort'] as const;

/** Rejects column definitions that use a reserved keyword, with a message naming it. */
export function assertColumnTypes(columns: readonly { key: string; type?: string }[]): void {
  for (const column of columns) {
    if (column.type && (RESERVED_COLUMN_TYPES as readonly string[]).includes(column.type)) {
      throw new Error(`列 ${column.key} 的类型 "${column.type}" 是保留关键字，不能用作单元格类型`);
    }
    if ((RESERVED_COLUMN_TYPES as readonly string[]).includes(column.key)) {
      throw new Error(`列名 "${column.key}" 是保留关键字，请换一个`);
    }
  }
}

export type ReorderOutcome<T> = { ok: true; rows: T[] } | { ok: false; warning: '未知的操作' | '已到最后~' };

/** Renumbers the drag-sort column from 1 in row order. */
export function renumber<T extends Record<string, unknown>>(rows: readonly T[], field = 'orderNum'): T[] {
  return rows.map((row, index) => ({ ...row, [field]: index + 1 }));
}

/** Moves a row one step; moving the first up warns 未知的操作, the last down 已到最后~. */
export function moveRow<T extends Record<string, unknown>>(rows: readonly T[], index: number, direction: 'up' | 'down', field = 'orderNum'): ReorderOutcome<T> {
  if (direction === 'up' && index <= 0) return { ok: false, warning: '未知的操作' };
  if (direction === 'down' && index >= rows.length - 1) return { ok: false, warning: '已到最后~' };
  const target = direction === 'up' ? index - 1 : index + 1;
  const next = rows.slice();
  [next[index], next[target]] = [next[target]!, next[index]!];
  return { ok: true, rows: renumber(next, field) };
}

/** Moves a row from one position to another (drag sort) and renumbers. */
export function dragRow<T extends Record<string, unknown>>(rows: readonly T[], from: number, to: number, field = 'orderNum'): T[] {
  const next = rows.slice();
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return renumber(next, field);
}

/** Multiple-select values are stored joined with commas. */
export const joinMultiple = (values: readonly string[]) => values.filter(Boolean).join(',');
export const splitMultiple = (value: unknown) => (typeof value === 'string' && value ? value.split(',') : Array.isArray(value) ? value.map(String) : []);

/** A datetime cell keeps `YYYY-MM-DD HH:mm:ss`; anything else is refused (null). */
export function parseDatetime(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, s);
  const valid = date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d && date.getHours() === h && date.getMinutes() === mi && date.getSeconds() === s;
  return valid ? text.trim() : null;
}
