/**
 * Editable-table validation: the spec's presets, the unique rule and custom handlers. Shared,
 * so the server checks saved rows exactly as the grid does.
 */

/** The presets of spec section 5, by the names JeecgBoot grids use. */
export const PRESETS = {
  '*': { pattern: /^.+$/s, message: '该项不能为空' },
  '*6-16': { pattern: /^\d{6,16}$/, message: '请输入6到16位数字' },
  's6-16': { pattern: /^.{6,16}$/s, message: '请输入6到16位任意字符' },
  's6-18': { pattern: /^[A-Za-z]{6,18}$/, message: '请输入6到18位字母' },
  url: { pattern: /^(?:https?|ftp):\/\/[^\s/$.?#].[^\s]*$/i, message: '请输入正确的网址' },
  e: { pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: '请输入正确的电子邮件' },
  m: { pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' },
  p: { pattern: /^[1-9]\d{5}$/, message: '请输入正确的邮政编码' },
  s: { pattern: /^[A-Za-z]+$/, message: '请输入字母' },
  n: { pattern: /^[-+]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/, message: '请输入数字' },
  z: { pattern: /^-?\d+$/, message: '请输入整数' },
  money: { pattern: /^(([1-9]\d*)|0)(\.\d{1,2})?$/, message: '请输入正确的金额' },
  quantity: { pattern: /^(([1-9]\d*)|0)(\.\d{1,3})?$/, message: '请输入正确的数量（最多三位小数）' },
  /** Codes that name things in programs and URLs (dictionary codes): a letter, then letters, digits, _. */
  code: { pattern: /^[A-Za-z][A-Za-z0-9_]{0,63}$/, message: '请输入字母开头的字母、数字或下划线' },
  /** A month (a subsidy's): year-month. */
  ym: { pattern: /^\d{4}-(0[1-9]|1[0-2])$/, message: '请输入年-月，如 2026-11' },
  /** A school year: two years in a row. */
  schoolYear: { pattern: /^(\d{4})-(\d{4})$/, message: '请输入学年，如 2025-2026' },
  /** A card's printed number: digits, as the reader or the card's face gives them. */
  cardNo: { pattern: /^\d{4,20}$/, message: '卡号应为4到20位数字' },
  /** A card's chip number: hexadecimal, as the reader gives it. */
  physNo: { pattern: /^[0-9A-Fa-f]{8,16}$/, message: '物理卡号应为8到16位十六进制字符' },
  /** A Chinese number plate: the province, the city's letter, five characters (six for a new-energy car). */
  plate: { pattern: /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$/, message: '请输入正确的车牌号，如 粤B12345' },
} as const;

export type PresetName = keyof typeof PRESETS;

/** One rule of a column: a preset, a regular expression, the unique rule, or a handler. */
export type ValidateRule =
  | { required: true; message?: string }
  | { pattern: PresetName | RegExp; message?: string }
  /** `only` is JeecgBoot's older spelling of the unique rule. */
  | { pattern: 'only'; message?: string }
  | { unique: true; message?: string }
  | { handler: (value: unknown, row: Record<string, unknown>, rows: readonly Record<string, unknown>[]) => string | null | undefined; message?: string };

export interface CellError {
  rowKey: string;
  column: string;
  message: string;
}

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

const isUnique = (rule: ValidateRule) => 'unique' in rule || ('pattern' in rule && rule.pattern === 'only');

/**
 * Checks one value; returns the first failing rule's message, or null. A blank value fails the
 * required rule and the non-empty preset (`*`) and passes every other rule.
 */
export function validateValue(value: unknown, rules: readonly ValidateRule[], row: Record<string, unknown>, rows: readonly Record<string, unknown>[], column: string): string | null {
  for (const rule of rules) {
    const nonEmpty = 'required' in rule || ('pattern' in rule && rule.pattern === '*');
    if (isBlank(value)) {
      if (nonEmpty) return rule.message ?? PRESETS['*'].message;
      continue;
    }
    if (isUnique(rule)) {
      const text = String(value);
      // Another row of the table (by identity: keys are truncated and may collide) with the same value.
      const clash = rows.some((other) => other !== row && !isBlank(other[column]) && String(other[column]) === text);
      if (clash) return rule.message ?? '该值不能重复';
    } else if ('pattern' in rule) {
      const preset = typeof rule.pattern === 'string' ? PRESETS[rule.pattern as PresetName] : null;
      const pattern = preset ? preset.pattern : (rule.pattern as RegExp);
      if (!pattern.test(String(value))) return rule.message ?? preset?.message ?? '格式不正确';
    } else if ('handler' in rule) {
      const message = rule.handler(value, row, rows);
      if (message) return message;
    }
  }
  return null;
}

export interface ColumnRules {
  key: string;
  validateRules?: readonly ValidateRule[];
}

/** Validates every cell of a table: what a save button calls. */
export function validateRows(columns: readonly ColumnRules[], rows: readonly Record<string, unknown>[], keyOf: (row: Record<string, unknown>) => string): CellError[] {
  const errors: CellError[] = [];
  for (const row of rows) {
    const rowKey = keyOf(row);
    for (const column of columns) {
      if (!column.validateRules?.length) continue;
      const message = validateValue(row[column.key], column.validateRules, row, rows, column.key);
      if (message) errors.push({ rowKey, column: column.key, message });
    }
  }
  return errors;
}
