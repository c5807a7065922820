import { describe, expect, it } from 'vitest';
import { specProblems } from '@shared/engine/check';
import { onlineFormSpec, type DesignedField } from '@shared/online/formSpec';
import { checkPopupConfig } from '@shared/grid/popup';
import { shippedReports } from '@shared/online/shippedReports';
import { getTableColumns } from 'drizzle-orm';
import { getTableConfig, getViewConfig, isPgView } from 'drizzle-orm/pg-core';
import { entityButtons, entityCodes, formRows, listFields, pickFields, queryFields } from '@shared/engine/derive';
import { fieldSchema, isRangeBound, listQuerySchema, parseListQuery, recordSchema, yuanToCents } from '@shared/engine/schemas';
import { FIELD_TYPES, type EntitySpec, type FieldSpec } from '@shared/engine/spec';
import { entities } from '@shared/entities';
import { canteen } from '@shared/entities/meals/canteen';
import { store } from '@shared/entities/meals/store';
import { menu } from '@server/db/seed/menu';
import { commands, findCommand } from '@commands/index';
import { screenLoader } from '@web/screens/registry';
import { entityTables } from '@server/modules/entities';

/** A list query as the server reads it: paging and sort first, then the filters. */
const listQuery = (spec: EntitySpec, query: Record<string, string>, hidden?: Set<string>) => parseListQuery(spec, query, listQuerySchema(spec, hidden).parse(query), hidden);

describe('declarations', () => {
  it.each(entities().map((spec) => [spec.id, spec] as const))('%s is data only: it survives structuredClone and JSON unchanged', (_id, spec) => {
    expect(structuredClone(spec)).toEqual(spec);
    expect(JSON.parse(JSON.stringify(spec))).toEqual(spec);
  });

  it.each(entities().map((spec) => [spec.id, spec] as const))('%s keeps the rules an online form is held to (specProblems)', (_id, spec) => {
    expect(specProblems(spec)).toEqual([]);
  });

  it('an online form’s declaration is refused for what a developer’s would be', () => {
    const form = (fields: DesignedField[]) => specProblems(onlineFormSpec({ id: 'f1', code: 'uniform', title: '校服征订' }, fields)).map((problem) => problem['zh-CN']);
    expect(form([{ key: 'name', label: '姓名', fieldType: 'text' }])).toEqual([]);
    expect(form([{ key: 'size', label: '尺码', fieldType: 'dict' }])).toEqual(['字典字段「尺码」须填写字典编码']);
    expect(form([{ key: 'who', label: '人员', fieldType: 'popup', popupCode: 'member_pick', popupOrgFields: 'realName', popupDestFields: 'nobody' }])).toEqual([
      '字段「人员」的填入字段「nobody」不是表单的字段',
    ]);
    expect(form([{ key: 'who', label: '人员', fieldType: 'popup' }])).toEqual(['字段「人员」：popup参数未正确配置!']);
  });

  it.each(entities().map((spec) => [spec.id, spec] as const))('%s is well formed: known types, unique keys, its label, sort and references exist, its screen is on the menu', (_id, spec) => {
    const keys = spec.fields.map((field) => field.key);
    expect(new Set(keys).size).toBe(keys.length);
    // A popup's report and its destinations: fields of the record, or inputs of the action beside it.
    const popupChecked = (field: FieldSpec, among: readonly string[]) => {
      if (field.type === 'popup') expect(field.popup, field.key).toBeDefined();
      if (!field.popup) return;
      expect(['popup', 'ref'], field.key).toContain(field.type);
      expect(checkPopupConfig(field.popup), field.key).toBeNull();
      const shipped = shippedReports().find((report) => report.code === field.popup!.code);
      expect(shipped, field.popup.code).toBeDefined();
      for (const origin of field.popup.orgFields.split(',')) expect(['id', ...shipped!.columns.map((column) => column.field)], `${field.key} copies ${origin}`).toContain(origin);
      for (const destination of field.popup.destFields.split(',')) expect(among, `${field.key} fills ${destination}`).toContain(destination);
      expect(field.popup.destFields.split(','), field.key).toContain(field.key);
    };
    for (const action of spec.flow?.actions ?? [])
      for (const input of action.input ?? [])
        popupChecked(
          input,
          (action.input ?? []).map((other) => other.key),
        );
    for (const field of spec.fields) {
      expect(FIELD_TYPES, field.key).toContain(field.type);
      popupChecked(field, keys);
      if (field.type === 'dict') expect(field.dict, field.key).toBeTruthy();
      if (field.type === 'ref')
        expect(
          entities().map((other) => other.id),
          field.key,
        ).toContain(field.ref);
    }
    expect(keys).toContain(spec.labelField);
    expect([...keys, 'createTime']).toContain(spec.defaultSort.field);
    // A picker shows what anyone who may pick sees: no restricted or joined field, the label first.
    const picked = pickFields(spec);
    expect(picked[0]?.key).toBe(spec.labelField);
    expect(picked.filter((field) => field.restricted || field.joined).map((field) => field.key)).toEqual([]);
    // Screens, and top-level leaves with their own component (终端设备).
    const screens = [...menu().flatMap((area) => area.screens ?? []), ...menu().filter((area) => area.component)];
    const screen = screens.find((candidate) => candidate.path === spec.screen.path);
    expect(screen?.component).toBe(spec.screen.component);
    expect([screen?.title, screen?.titleEn]).toEqual([spec.screen.title['zh-CN'], spec.screen.title.en]);
    // The menu seed carries the buttons the declaration implies (a screen of several entities, or
    // with named actions, carries more).
    const seeded = screen?.buttons?.map(([code]) => code) ?? [];
    expect(seeded).toEqual(expect.arrayContaining(entityButtons(spec).map((button) => button.code)));
    if (!entities().some((other) => other !== spec && other.screen.path === spec.screen.path))
      expect(seeded.slice(0, entityButtons(spec).length)).toEqual(entityButtons(spec).map((button) => button.code));
  });

  it.each(
    entityTables()
      .filter(([spec]) => spec.details?.length)
      .map(([spec, , , details]) => [spec.id, spec, details] as const),
  )('%s has a table for each sub-table, with its fields, its record and its order', (_id, spec, details) => {
    for (const detail of spec.details!) {
      const table = details?.[detail.key];
      expect(table, detail.key).toBeDefined();
      expect(getTableConfig(table!).name).toBe(detail.table);
      const columns = getTableColumns(table!);
      for (const name of ['id', 'tenantId', 'sortNo', detail.parentKey]) expect(columns, name).toHaveProperty(name);
      for (const field of detail.fields) {
        expect(['text', 'textarea', 'number', 'money', 'quantity', 'date', 'dict', 'ref'], field.key).toContain(field.type);
        expect(columns, field.key).toHaveProperty(field.key);
        if (field.required) expect(columns[field.key]!.notNull, field.key).toBe(true);
      }
    }
  });

  /** The hooks an entity is registered with (hooks that need the app's services are not looked into). */
  const hooksOf = (spec: EntitySpec) => {
    const hooks = entityTables().find(([candidate]) => candidate.id === spec.id)?.[2];
    return typeof hooks === 'function' ? undefined : hooks;
  };

  it.each(
    entities()
      .filter((spec) => spec.print)
      .map((spec) => [spec.id, spec] as const),
  )('%s prints fields it has, and is printed by its command', (_id, spec) => {
    const fields = new Set(spec.fields.map((field) => field.key));
    for (const key of spec.print!.header) expect(fields.has(key), key).toBe(true);
    // A form without lines (a leave slip) prints its header only.
    const lines = new Set((spec.details?.[0]?.fields ?? []).map((field) => field.key));
    for (const key of spec.print!.lines ?? []) expect(lines.has(key), key).toBe(true);
    // A box is filled from a field of the record, or from who made it.
    for (const box of spec.print!.signatures) if (box.field) expect(fields.has(box.field) || box.field === 'createBy', box.field).toBe(true);
    expect(findCommand(`${spec.permissionPrefix}.print`)?.permission).toBe(entityCodes(spec).read);
  });

  it('every declaration is registered with a table, once', () => {
    expect(
      entityTables()
        .map(([spec]) => spec.id)
        .sort(),
    ).toEqual(
      entities()
        .map((spec) => spec.id)
        .sort(),
    );
  });

  it.each(entityTables().map(([spec, table]) => [spec.id, spec, table] as const))(
    "%s: the server's stored words (失败原因, 预检提示, a log's 结果) are read in the caller's language",
    (_id, spec, table) => {
      const columns = (isPgView(table) ? getViewConfig(table).selectedFields : getTableColumns(table)) as ReturnType<typeof getTableColumns>;
      for (const field of spec.fields) {
        // What a line's outcome says is the server's: it is never typed into the record's form.
        if (/^(errMsg|failReason|warning)$/.test(field.key) || (field.key === 'message' && /log$/i.test(spec.id))) expect(field.said, `${spec.id}.${field.key}`).toBe(true);
        // Its English, where stored, sits in the text column named after it.
        if (field.said) {
          expect(field.type, `${spec.id}.${field.key}`).toBe('text');
          if (columns[`${field.key}En`]) expect(columns[`${field.key}En`]!.columnType, `${spec.id}.${field.key}En`).toBe('PgText');
        }
      }
    },
  );

  it.each(entityTables().map(([spec, table]) => [spec.id, spec, table] as const))('%s matches its table', (_id, spec, table) => {
    // A list may read a view (卡余额): its columns are what it selects, and nothing is written to it.
    const view = isPgView(table) ? getViewConfig(table) : null;
    expect(view ? view.name : getTableConfig(table).name).toBe(spec.table);
    if (view)
      expect(
        spec.operations.filter((operation) => operation !== 'export'),
        `${spec.id} reads a view`,
      ).toEqual([]);
    const columns = (view ? view.selectedFields : getTableColumns(table)) as ReturnType<typeof getTableColumns>;
    // A school's rows carry the school; who and when are filled where the table has them.
    for (const name of ['id', ...(spec.createTime === false ? [] : ['createdAt']), ...(spec.tenantScoped ? ['tenantId'] : [])]) expect(columns, name).toHaveProperty(name);
    const expected: Record<FieldSpec['type'], string[]> = {
      text: ['PgText'],
      textarea: ['PgText'],
      // Halves (a leave's 0.5 days) are exact in a double.
      number: ['PgInteger', 'PgNumeric', 'PgDoublePrecision'],
      money: ['PgBigInt53'],
      quantity: ['PgBigInt53'],
      date: ['PgText', 'PgDateString'],
      datetime: ['PgTimestamp'],
      time: ['PgText'],
      dict: ['PgText'],
      ref: ['PgText'],
      switch: ['PgBoolean'],
      file: ['PgText'],
      image: ['PgText'],
      popup: ['PgText'],
    };
    for (const field of spec.fields) {
      // The 合计 line sums numbers and money only.
      if (field.total) expect(['number', 'money'], `${spec.id}.${field.key} is summed`).toContain(field.type);
      if (field.joined) {
        // Read from other tables for the list: not a column, never written or sorted; searched
        // only where the entity's hook finds its rows (a payment by its holder's name).
        expect(columns, field.key).not.toHaveProperty(field.key);
        expect(field.form, field.key).toBe(false);
        expect(field.sortable ?? field.unique ?? field.required, field.key).toBeUndefined();
        expect(hooksOf(spec)?.joinList, `${spec.id} joins ${field.key}`).toBeTypeOf('function');
        if (field.query) expect(hooksOf(spec)?.joinedFilter, `${spec.id} searches ${field.key}`).toBeTypeOf('function');
        continue;
      }
      const column = columns[field.key];
      expect(column, field.key).toBeDefined();
      expect(expected[field.type], `${field.key} is ${column!.columnType}`).toContain(column!.columnType);
      if (field.required) expect(column!.notNull, `${field.key} is required`).toBe(true);
      // A column that cannot be empty, for a field that may be left blank: both have a default.
      if (column!.notNull && !field.required && field.type !== 'switch') {
        expect(field.default, `${field.key} needs a default`).not.toBeUndefined();
        expect(column!.hasDefault, `${field.key}'s column needs a default`).toBe(true);
      }
      if (field.type === 'money') expect(column!.name, field.key).toMatch(/_cents$/);
    }
    if (view) return;
    const unique = getTableConfig(table)
      .indexes.filter((index) => index.config.unique)
      .map((index) => index.config.columns.map((column) => ('name' in column ? column.name : '')));
    // Unique within the school (or everywhere, when shared or declared so), and within the master for a detail.
    const scope = (field: FieldSpec) => [...(spec.tenantScoped && field.unique !== 'installation' ? ['tenant_id'] : []), ...(spec.parent ? [columns[spec.parent.field]!.name] : [])];
    for (const field of spec.fields.filter((candidate) => candidate.unique)) expect(unique, field.key).toContainEqual([...scope(field), columns[field.key]!.name]);
  });
});

describe('the web app', () => {
  it('has a screen for every declared entity, by its menu component, and its record commands', () => {
    for (const spec of entities()) {
      expect(screenLoader(spec.screen.component), spec.id).toBeTypeOf('function');
      const ids = commands().map((command) => command.id);
      for (const operation of ['add', 'edit', 'delete'] as const) {
        if (spec.operations.includes(operation)) expect(ids, `${spec.id} ${operation}`).toContain(`${spec.permissionPrefix}.${operation}`);
      }
      if (!spec.operations.includes('add')) continue;
      const add = findCommand(`${spec.permissionPrefix}.add`)!;
      expect(add).toMatchObject({ permission: entityCodes(spec).add, screen: spec.screen.path, mutates: true });
    }
  });
});

describe('derivations', () => {
  it('permission codes and buttons', () => {
    expect(entityCodes(canteen)).toMatchObject({ read: 'meals:canteens', add: 'canteen:add', edit: 'canteen:edit', delete: 'canteen:delete', columnPrefix: 'canteen:col:' });
    expect(entityButtons(canteen).map((button) => [button.code, button.title['zh-CN']])).toEqual([
      ['canteen:add', '添加食堂'],
      ['canteen:edit', '编辑食堂'],
      ['canteen:delete', '删除食堂'],
      ['canteen:export', '导出食堂'],
      ['canteen:import', '导入食堂'],
      ['canteen:col:phone', '食堂列：联系电话'],
    ]);
  });

  it('list columns, query fields and the form layout', () => {
    expect(listFields(store).length).toBe(store.fields.length);
    expect(queryFields(store).map((field) => field.key)).toEqual(['name', 'canteenId', 'storeType', 'consumeMode', 'status']);
    const spec: EntitySpec = { ...canteen, fields: [canteen.fields[0]!, { ...canteen.fields[1]!, span: 2 }, canteen.fields[2]!, canteen.fields[3]!, canteen.fields[4]!] };
    expect(formRows(spec).map((row) => row.map((field) => field.key))).toEqual([['name'], ['code'], ['campus', 'location'], ['manager']]);
    expect(formRows({ ...spec, form: { width: 600, columns: 1 } }).length).toBe(5);
  });

  it('money in yuan becomes exact integer cents', () => {
    expect([yuanToCents('0.29'), yuanToCents(19.99), yuanToCents('12.5'), yuanToCents('100'), yuanToCents('-3.05')]).toEqual([29, 1999, 1250, 10000, -305]);
    expect([yuanToCents('12.345'), yuanToCents('1e3'), yuanToCents('abc'), yuanToCents('')]).toEqual([null, null, null, null]);
  });

  it('record schemas: blanks, switches, money and presets', () => {
    const add = recordSchema(store, 'add');
    const parsed = add.parse({ name: ' 一号窗口 ', code: 'S1', canteenId: 'c1', storeType: '1', consumeMode: '3', status: '1', fixedAmount: '8.50', allowCredit: 'Y', operator: '' });
    // Blank: the declared default, else null.
    expect(parsed).toMatchObject({ name: '一号窗口', fixedAmount: 850, allowCredit: true, operator: '1', commissionPermille: 0 });
    expect(recordSchema(canteen, 'add').parse({ name: '甲', code: 'J', status: '1' })).toMatchObject({ sortNo: 0, seats: null, requireOrder: false, allowUnordered: true });
    expect(add.safeParse({ code: 'S1', canteenId: 'c1', storeType: '1', consumeMode: '3', status: '1' }).success).toBe(false);
    expect(recordSchema(store, 'edit').safeParse({ ...parsed, fixedAmount: '8.5' }).success).toBe(false);
    const phone = fieldSchema(canteen.fields.find((field) => field.key === 'phone')!);
    expect(phone.safeParse('13800138000').success).toBe(true);
    expect(phone.safeParse('12345').success).toBe(false);
    expect(phone.parse('')).toBeNull();
    const weight = fieldSchema({ key: 'weight', type: 'number', title: { 'zh-CN': '重量', en: 'Weight' }, decimals: 1, max: 100 });
    expect(weight.parse('1.5')).toBe(1.5);
    expect(weight.safeParse('1.55').success).toBe(false);
  });

  it('list queries: only declared filters and sorts, in the JeecgBoot syntax', () => {
    const query = listQuery(store, { name: '*面*', canteenId: 'a,b', status: '1', code: 'X', delFlag: '1', column: 'tenantId', _t: '1' });
    expect(query.filters.map((filter) => [filter.field.key, filter.op, 'value' in filter ? filter.value : null])).toEqual([
      ['name', 'like', '面'],
      ['canteenId', 'in', ['a', 'b']],
      ['status', 'eq', '1'],
    ]);
    expect(query.sort).toEqual({ field: 'code', order: 'asc' });
    expect(listQuery(store, { column: 'fixedAmount', order: 'desc' }).sort).toEqual({ field: 'fixedAmount', order: 'desc' });
    // A hidden field neither filters nor sorts.
    const hidden = listQuery(canteen, { name: 'x', column: 'name' }, new Set(['name']));
    expect(hidden.filters).toEqual([]);
    expect(hidden.sort.field).toBe('sortNo');
    const range: EntitySpec = { ...canteen, fields: [{ ...canteen.fields[6]!, query: 'range' }] };
    const ranged = listQuery(range, { seats_begin: '10', seats_end: '200' });
    expect(ranged.filters[0]).toMatchObject({ op: 'range', begin: '10', end: '200' });
    // A bound that is not a value of its field is refused by the query's schema, naming it.
    expect(listQuerySchema(range).safeParse({ seats_begin: 'abc' }).error?.issues[0]?.path).toEqual(['seats_begin']);
    // Only checked bounds filter: paging parsed without them reads no range.
    expect(parseListQuery(range, { seats_begin: '10' }, { pageNo: 1, pageSize: 10 }).filters).toEqual([]);
  });

  it('range bounds: real days and times of the field, typed as the console and API clients send them', () => {
    const day = { type: 'date' } as const;
    const time = { type: 'datetime' } as const;
    expect(['2026-02-28', '2024-02-29', '2026-02-28 08:00', '2026-02-28 23:59:59'].filter((value) => !isRangeBound(day, value))).toEqual([]);
    expect(['abc', '%', '2026-02-31', '2026-13-01', '2026-1-1', '1969-12-31', '2026-02-28 24:00', '0'].filter((value) => isRangeBound(day, value))).toEqual([]);
    expect(['2026-02-28', '2026-02-28 08:00', '2026-02-28T08:00:00', '2026-02-28T08:00:00+08:00', '2026-02-28T00:00:00.000Z'].filter((value) => !isRangeBound(time, value))).toEqual([]);
    expect(['abc', '%', '0', '2026-02-30 08:00:00', '2026-02-28 08:61:00', '2026-02-28T08:00:00+99:00x'].filter((value) => isRangeBound(time, value))).toEqual([]);
    expect([isRangeBound({ type: 'money' }, '12.5'), isRangeBound({ type: 'money' }, 'abc'), isRangeBound({ type: 'number' }, '-3'), isRangeBound({ type: 'number' }, '1e3')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });
});
