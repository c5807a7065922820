import { describe, expect, it } from 'vitest';
import { PRESETS, validateRows, validateValue, type PresetName, type ValidateRule } from '@shared/grid/validation';
import { acceptNumberTyping, assertColumnTypes, columnStatistic, dragRow, formatTagInput, moveRow, parseNumberOnBlur, rowKeyOf } from '@shared/grid/cells';
import { mergeRowUpdate, parseTableMessage } from '@shared/grid/socket';

const check = (pattern: PresetName, value: string) => validateValue(value, [{ pattern }], {}, [], 'c');

describe('validation presets', () => {
  const samples: Record<PresetName, { valid: string[]; invalid: string[] }> = {
    '*': { valid: ['x', '0'], invalid: ['', '   '] },
    '*6-16': { valid: ['123456', '1234567890123456'], invalid: ['12345', '12345678901234567', '12345a'] },
    's6-16': { valid: ['ab c!@', '六个中文字符呀'], invalid: ['abcde', 'a'.repeat(17)] },
    's6-18': { valid: ['abcdef', 'A'.repeat(18)], invalid: ['abcde', 'abcde1', 'a'.repeat(19)] },
    url: { valid: ['https://example.com/a?b=1', 'http://10.0.0.1:8080'], invalid: ['example.com', 'http//x'] },
    e: { valid: ['a@b.cn', 'zhang.san@school.edu.cn'], invalid: ['a@b', 'a b@c.cn', '@c.cn'] },
    m: { valid: ['13800138000', '19912345678'], invalid: ['12800138000', '1380013800', '138001380001'] },
    p: { valid: ['100084', '518000'], invalid: ['012345', '10008', '1000840'] },
    s: { valid: ['abc', 'XYZ'], invalid: ['ab1', '中文'] },
    n: { valid: ['12', '-3.5', '+7', '1,234,567.89'], invalid: ['1,23', 'abc', '1.2.3'] },
    z: { valid: ['0', '-12', '345'], invalid: ['1.5', 'a'] },
    money: { valid: ['0', '12', '12.3', '12.34'], invalid: ['12.345', '-1', '01.2'] },
    quantity: { valid: ['0', '12', '12.5', '0.125'], invalid: ['12.3456', '-1', '01.2'] },
    code: { valid: ['sex', 'user_status', 'i18n_zn', 'A1'], invalid: ['1abc', 'user-status', '_x', '性别', 'a'.repeat(65)] },
    ym: { valid: ['2026-11', '2027-01'], invalid: ['2026-13', '2026-1', '202611', '2026-00'] },
    schoolYear: { valid: ['2025-2026', '2026-2027'], invalid: ['2025', '2025-26', '2025/2026', '25-26'] },
    cardNo: { valid: ['2023', '20230001', '12345678901234567890'], invalid: ['123', '2023A001', '123456789012345678901', ' 2023'] },
    physNo: { valid: ['A1B2C3D4', 'a1b2c3d4e5f60718'], invalid: ['A1B2C3', 'G1B2C3D4', 'A1B2C3D4E5F607181'] },
    plate: { valid: ['粤B12345', '京A8888学', '粤BD12345', '沪AF1234X'], invalid: ['粤b12345', 'B12345', '粤B1234', '粤BI2345', '粤B123456789'] },
  };
  for (const [name, { valid, invalid }] of Object.entries(samples) as [PresetName, { valid: string[]; invalid: string[] }][]) {
    it(`${name}: accepts ${valid.join(' ')} and refuses ${invalid.join(' ') || 'nothing else'}`, () => {
      for (const value of valid) expect(check(name, value), value).toBeNull();
      for (const value of invalid) expect(check(name, value), value).toBe(PRESETS[name].message);
    });
  }

  it('blank passes every rule but required and the non-empty preset', () => {
    expect(check('m', '')).toBeNull();
    expect(check('*', '')).toBe('该项不能为空');
    expect(validateValue(null, [{ pattern: '*', message: '请输入编号' }], {}, [], 'c')).toBe('请输入编号');
    expect(validateValue('', [{ required: true }], {}, [], 'c')).toBe('该项不能为空');
    expect(validateValue('  ', [{ required: true, message: '请输入姓名' }], {}, [], 'c')).toBe('请输入姓名');
  });

  it('the unique rule refuses a duplicate within the table, with the rule message', () => {
    const rows = [
      { id: '1', code: 'A' },
      { id: '2', code: 'A' },
      { id: '3', code: 'B' },
    ];
    const rules: ValidateRule[] = [{ unique: true, message: '编码不能重复' }];
    expect(validateValue('A', rules, rows[0]!, rows, 'code')).toBe('编码不能重复');
    expect(validateValue('B', rules, rows[2]!, rows, 'code')).toBeNull();
  });

  it('`only` is the unique rule too, and rows are told apart by identity, not by a truncated key', () => {
    const long = 'x'.repeat(60);
    const rows = [
      { id: `${long}1`, code: 'A' },
      { id: `${long}2`, code: 'B' },
    ];
    const rules: ValidateRule[] = [{ pattern: 'only', message: '编号不能重复' }];
    expect(validateValue('A', rules, rows[0]!, rows, 'code')).toBeNull();
    expect(validateValue('B', rules, rows[0]!, rows, 'code')).toBe('编号不能重复');
    expect(validateRows([{ key: 'code', validateRules: rules }], rows, (row) => rowKeyOf(row.id))).toEqual([]);
  });

  it('runs custom handlers and collects every error for a save button', () => {
    const columns = [
      { key: 'name', validateRules: [{ required: true }] as ValidateRule[] },
      { key: 'age', validateRules: [{ handler: (value: unknown) => (Number(value) > 150 ? '年龄不合理' : null) }] as ValidateRule[] },
    ];
    const rows = [
      { id: 'a', name: '', age: 10 },
      { id: 'b', name: '李四', age: 200 },
    ];
    expect(validateRows(columns, rows, (row) => String(row.id))).toEqual([
      { rowKey: 'a', column: 'name', message: '该项不能为空' },
      { rowKey: 'b', column: 'age', message: '年龄不合理' },
    ]);
  });
});

describe('cells', () => {
  it('reverts invalid number typing and parses on blur', () => {
    expect(acceptNumberTyping('1', '1.')).toBe('1.');
    expect(acceptNumberTyping('-', '-2')).toBe('-2');
    expect(acceptNumberTyping('12', '12a')).toBe('12');
    expect(parseNumberOnBlur('12.50')).toBe(12.5);
    expect(parseNumberOnBlur('-3')).toBe(-3);
    expect(parseNumberOnBlur('abc')).toBeNull();
    expect(parseNumberOnBlur('-')).toBeNull();
    expect(parseNumberOnBlur('')).toBeNull();
  });

  it('tag input strips semicolons and inserts one after every 2 characters', () => {
    expect(formatTagInput('abcdef')).toBe('ab;cd;ef');
    expect(formatTagInput('ab;cd;e')).toBe('ab;cd;e');
    expect(formatTagInput('一卡通系统')).toBe('一卡;通系;统');
    expect(formatTagInput('')).toBe('');
  });

  it('sums and averages a column, ignoring blanks', () => {
    expect(columnStatistic([1, 2, '3', '', null], 'sum')).toBe(6);
    expect(columnStatistic([0.1, 0.2], 'sum')).toBe(0.3);
    expect(columnStatistic([1, 2, 4], 'average')).toBe(2.33);
    expect(columnStatistic([], 'average')).toBe(0);
  });

  it('truncates row keys to 50 characters', () => {
    expect(rowKeyOf('x'.repeat(80))).toHaveLength(50);
  });

  it('rejects reserved keywords as cell types or keys', () => {
    expect(() => assertColumnTypes([{ key: 'a', type: 'rowCheckbox' }])).toThrow('保留关键字');
    expect(() => assertColumnTypes([{ key: 'rowNumber' }])).toThrow('保留关键字');
    expect(() => assertColumnTypes([{ key: 'a', type: 'input' }])).not.toThrow();
  });

  it('reorders: renumbers from 1, and warns at the ends', () => {
    const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(moveRow(rows, 0, 'up')).toEqual({ ok: false, warning: '未知的操作' });
    expect(moveRow(rows, 2, 'down')).toEqual({ ok: false, warning: '已到最后~' });
    expect(moveRow(rows, 1, 'up')).toEqual({
      ok: true,
      rows: [
        { id: 'b', orderNum: 1 },
        { id: 'a', orderNum: 2 },
        { id: 'c', orderNum: 3 },
      ],
    });
    expect(dragRow(rows, 0, 2).map((row) => [row.id, (row as Record<string, unknown>).orderNum])).toEqual([
      ['b', 1],
      ['c', 2],
      ['a', 3],
    ]);
  });
});

describe('the table socket', () => {
  const rows = [
    { id: 1, name: '甲', amount: 10, tug_status: { a: 1, b: 1 } },
    { id: 2, name: '乙', amount: 20 },
  ];

  it('merges the changed fields into the row with the same id', () => {
    expect(mergeRowUpdate(rows, { id: 2, amount: 25 }, 'other', 'mine')).toEqual([rows[0], { id: 2, name: '乙', amount: 25 }]);
  });

  it('ignores an update from the same table instance or for an unknown row', () => {
    expect(mergeRowUpdate(rows, { id: 2, amount: 25 }, 'mine', 'mine')).toBeNull();
    expect(mergeRowUpdate(rows, { id: 9, amount: 25 }, 'other', 'mine')).toBeNull();
  });

  it('merges tug_status field by field', () => {
    expect(mergeRowUpdate(rows, { id: 1, tug_status: { b: 2 } }, '', 'mine')![0]).toEqual({ id: 1, name: '甲', amount: 10, tug_status: { a: 1, b: 2 } });
  });

  it('parses the three message types and ignores anything else', () => {
    expect(parseTableMessage('{"type":"heart_beat","data":true}')).toEqual({ type: 'heart_beat', data: true });
    expect(parseTableMessage('{"type":"update_vxe_table","data":{"socketKey":"k","args":[{"id":1},"c"]}}')).toEqual({
      type: 'update_vxe_table',
      data: { socketKey: 'k', args: [{ id: 1 }, 'c'] },
    });
    expect(parseTableMessage('{"type":"common_send_date","data":{"key":"k","args":[1]}}')).toEqual({ type: 'common_send_date', data: { key: 'k', args: [1] } });
    expect(parseTableMessage('not json')).toBeNull();
    expect(parseTableMessage('{"type":"other"}')).toBeNull();
    expect(parseTableMessage('{"type":"update_vxe_table","data":{"socketKey":"k","args":[{"noid":1}]}}')).toBeNull();
  });
});

describe('datetime cells', async () => {
  const { parseDatetime } = await import('@shared/grid/cells');
  it('keeps YYYY-MM-DD HH:mm:ss and refuses anything else', () => {
    expect(parseDatetime('2026-11-21 08:30:00')).toBe('2026-11-21 08:30:00');
    expect(parseDatetime('2026-02-30 08:30:00')).toBeNull();
    expect(parseDatetime('2026-11-21 25:00:00')).toBeNull();
    expect(parseDatetime('2026-11-21')).toBeNull();
  });
});

describe('the popup picker', async () => {
  const { checkPopupConfig, popupChanges } = await import('@shared/grid/popup');
  it('refuses an incomplete or uneven configuration with the spec messages', () => {
    expect(checkPopupConfig({ code: 'r', orgFields: 'a' })).toBe('popup参数未正确配置!');
    expect(checkPopupConfig({ code: 'r', orgFields: 'a,b', destFields: 'x' })).toBe('popup参数未正确配置,原始值和目标值数量不一致!');
    expect(checkPopupConfig({ code: 'r', orgFields: 'a,b', destFields: 'x,y' })).toBeNull();
  });

  it('copies picked fields into the destinations, joins several picks, and blanks on empty', () => {
    const config = { code: 'r', orgFields: 'name,id', destFields: 'memberName,memberId' };
    expect(popupChanges(config, [{ name: '张三', id: 7 }])).toEqual({ memberName: '张三', memberId: '7' });
    expect(
      popupChanges(config, [
        { name: '张三', id: 7 },
        { name: '李四', id: 8 },
      ]),
    ).toEqual({ memberName: '张三,李四', memberId: '7,8' });
    expect(popupChanges(config, null)).toEqual({ memberName: null, memberId: null });
  });
});

describe('pasting from Excel', async () => {
  const { pastedValue } = await import('@shared/grid/paste');
  const meals = [
    { value: '1', text: '早餐' },
    { value: '2', text: '午餐' },
  ];
  it.each<[string, Parameters<typeof pastedValue>[0], string, unknown, unknown]>([
    ['a number with thousands separators', { type: 'number' }, ' 1,234.5 ', 0, 1234.5],
    ['a number that is not one becomes empty', { type: 'number' }, 'abc', 3, null],
    ['a checkbox from 是', { type: 'checkbox' }, '是', false, true],
    ['a checkbox from 否', { type: 'checkbox' }, '否', true, false],
    ['tags', { type: 'tags' }, 'ab;cdef', '', 'ab;cd;ef'],
    ['a date with slashes', { type: 'date' }, '2024/3/5', null, '2024-03-05'],
    ['a date that does not exist keeps the old', { type: 'date' }, '2024-02-30', '2024-01-01', '2024-01-01'],
    ['a datetime', { type: 'datetime' }, '2024-03-05 08:30:00', null, '2024-03-05 08:30:00'],
    ['a datetime in another form keeps the old', { type: 'datetime' }, '2024-03-05', 'x', 'x'],
    ['progress with a percent sign, clamped', { type: 'progress' }, '120%', 0, 100],
    ['a select by text', { type: 'select', options: meals }, '午餐', '', '2'],
    ['a select by value', { type: 'select', options: meals }, '1', '', '1'],
    ['an unknown select text keeps the old', { type: 'select', options: meals }, '夜宵', '1', '1'],
    ['free input takes unknown text', { type: 'select', options: meals, freeInput: true }, '夜宵', '1', '夜宵'],
    ['multiple texts joined with commas', { type: 'select', options: meals, multiple: true }, '早餐，午餐', '', '1,2'],
    ['files are not pasted into', { type: 'file' }, 'C:\\\\x.pdf', 'upload/a.pdf', 'upload/a.pdf'],
    ['text is trimmed', { type: 'text' }, '  张三 ', '', '张三'],
  ])('%s', (_name, column, text, old, expected) => {
    expect(pastedValue(column, text, old)).toEqual(expected);
  });
});
