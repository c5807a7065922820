import { useCallback, useMemo, type ReactNode } from 'react';
import { entityCodes, listFields, queryFields } from '@shared/engine/derive';
import { flowActions, stateRefusal, type FlowActionSpec } from '@shared/engine/flow';
import type { CommandId } from '@commands/index';
import type { EntitySpec, FieldSpec, Operation } from '@shared/engine/spec';
import { entityApi, type EntityRecord } from '@web/api/entities';
import { useRunCommand } from '@web/components/commandPort';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { ListGrid, type ListColumn, type ListQuery } from '@web/grid/ListGrid';
import type { QueryField } from '@web/grid/QueryArea';
import { translate, useLocale, useT, type Locale, type MessageKey } from '@web/i18n';
import { useRefChoices } from './useRefOptions';
import { RowActions, type RowAction } from './RowActions';
import { useListVersion } from '@web/stores/dataVersion';
import { useListQueries } from '@web/stores/listQueries';
import { selectionOf, useSelection } from '@web/stores/selection';
import { useScreenPath } from '@web/menu/currentMenuItem';

/** The width a date and a date with its time need to be read whole (tabular digits, the cell's padding). */
const WHOLE_TIME = { date: 112, datetime: 172 } as const;

/** A list column of a field: dictionaries (as coloured tags) and references show their text, money its yuan. */
function columnOf(field: FieldSpec, locale: Locale, states: ReadonlySet<string>): ListColumn {
  const shown = field.type === 'dict' || field.type === 'ref' ? `${field.key}_dictText` : field.type === 'switch' || field.type === 'money' ? `${field.key}_text` : field.key;
  return {
    key: shown,
    title: field.title[locale],
    ...(field.width ? { width: field.width } : {}),
    ...(field.sortable ? { sortable: true } : {}),
    ...(field.type === 'number' || field.type === 'money' || field.type === 'quantity' ? { align: 'right' as const } : {}),
    ...(field.type === 'dict' ? { tag: { dictCode: field.dict!, valueKey: field.key } } : {}),
    ...(field.type === 'image' ? { image: true } : {}),
    ...(field.type === 'date' || field.type === 'datetime' ? { minWidth: WHOLE_TIME[field.type] } : {}),
    // Amounts and states (the flow's, or a field called one) are always read whole.
    ...(field.type === 'money' ? { whole: 'money' as const } : field.type === 'dict' && states.has(field.key) ? { whole: 'state' as const } : {}),
  };
}

/**
 * The fields a list shows as a record's state: its flow's, and any dictionary field named a status,
 * a state or a result (a line's 成功/失败, a gate's 通过/拒绝: what the row came to).
 */
const statesOf = (spec: EntitySpec) =>
  new Set([...(spec.flow?.status ?? []), ...spec.fields.filter((field) => field.type === 'dict' && /^(status|state|result)$|(Status|State|Result)$/.test(field.key)).map((field) => field.key)]);

const SWITCH_OPTIONS: Record<Locale, readonly { value: string; text: string }[]> = {
  'zh-CN': [
    { value: '1', text: '是' },
    { value: '0', text: '否' },
  ],
  en: [
    { value: '1', text: 'Yes' },
    { value: '0', text: 'No' },
  ],
};

/** A query field of a field: dictionaries and references pick (one, or several for `in`), ranges take from–to, the rest is typed. */
function queryFieldOf(field: FieldSpec, locale: Locale, refOptions: readonly { value: string; text: string }[]): QueryField {
  const label = field.title[locale];
  if (field.query === 'range') {
    const inputType =
      field.type === 'date' || field.type === 'datetime' ? 'date' : field.type === 'time' ? 'time' : field.type === 'number' || field.type === 'money' || field.type === 'quantity' ? 'number' : 'text';
    return { key: field.key, label, type: 'range', inputType };
  }
  const type = field.query === 'in' ? 'multi' : 'select';
  if (field.type === 'dict') return { key: field.key, label, type, dictCode: field.dict! };
  if (field.type === 'ref' && field.refMode === 'picker') return { key: field.key, label, type: 'picker', entity: field.ref! };
  if (field.type === 'ref') return { key: field.key, label, type, options: refOptions };
  // A yes/no field is picked, not typed: 是 / 否 (the server reads 1 and 0).
  if (field.type === 'switch') return { key: field.key, label, type: 'select', options: SWITCH_OPTIONS[locale] };
  return { key: field.key, label, type: 'text' };
}

/** One empty list for every screen without more row actions: a new one per render would redraw the grid's columns (and drop the focus in it). */
const NO_ROW_ACTIONS: readonly RowAction[] = [];

/** The query area shows its first three fields; the rest open with 展开 (as JeecgBoot's lists do). */
const VISIBLE_QUERY_FIELDS = 3;

const WORDS = {
  add: 'common.add',
  edit: 'common.edit',
  delete: 'common.delete',
  import: 'common.import',
  export: 'common.export',
} as const satisfies Record<Operation, MessageKey>;

export interface EntityListScreenProps {
  spec: EntitySpec;
  /** More toolbar buttons after the record commands (授权, 刷新缓存…). */
  toolbar?: ReactNode;
  /** Buttons before them: a screen whose records are written by its own commands (系统通告's 新增). */
  toolbarStart?: ReactNode;
  /** More row actions under 更多, after 删除. */
  rowActions?: readonly RowAction[];
  /**
   * Filters every request carries (a detail's master: `{ dictId }`); the toolbar's 新增 passes
   * them to the form, and the query area leaves those fields out.
   */
  fixed?: Readonly<Record<string, string>>;
  /** The query the list starts with (and 重置 returns to): 消费记录's today. */
  queryDefaults?: Readonly<Record<string, string>>;
  /** A second list on one screen keeps its own selection (see ListGrid). */
  selectionScope?: string;
  selection?: 'checkbox' | 'radio';
  onSelectionChange?(rows: readonly EntityRecord[]): void;
  height?: number;
}

/**
 * The list screen of a declared entity: its commands as buttons, the query area, the list with
 * each row's 编辑 and 更多, all from the declaration. A row opens for editing on Enter or double
 * click. Screens compose it with slots (toolbar, row actions, fixed filters).
 */
export function EntityListScreen({ spec, toolbar, toolbarStart, rowActions = NO_ROW_ACTIONS, fixed, queryDefaults, selectionScope, selection, onSelectionChange, height }: EntityListScreenProps) {
  const locale = useLocale((state) => state.locale);
  const t = useT();
  const version = useListVersion(spec.id);
  const run = useRunCommand();
  const codes = entityCodes(spec);
  const columns = useMemo(
    () => [
      ...listFields(spec).map((field) => columnOf(field, locale, statesOf(spec))),
      ...(spec.createTime === false ? [] : [{ key: 'createTime', title: translate('common.createTime', locale), width: 170, sortable: true }]),
    ],
    [spec, locale],
  );
  const searchable = useMemo(() => queryFields(spec).filter((field) => !fixed || !(field.key in fixed)), [spec, fixed]);
  const refChoices = useRefChoices(searchable);
  const query = useMemo(
    () => searchable.map((field, index) => ({ ...queryFieldOf(field, locale, refChoices[field.key] ?? []), ...(index >= VISIBLE_QUERY_FIELDS ? { hiddenWhenCollapsed: true } : {}) })),
    [searchable, locale, refChoices],
  );
  const yes = t('common.yes');
  const no = t('common.no');
  const fetchPage = useCallback(
    async (q: ListQuery) => {
      const full = { ...q, ...fixed };
      useListQueries.getState().remember(spec.id, full);
      const page = await entityApi.list(spec, full);
      // Switches read 是/否, money two decimals.
      const shown = (row: EntityRecord, field: FieldSpec) => (field.type === 'switch' ? (row[field.key] ? yes : no) : typeof row[field.key] === 'number' ? (row[field.key] as number).toFixed(2) : '');
      const derived = spec.fields.filter((field) => field.type === 'switch' || field.type === 'money');
      const records = page.records.map((row): EntityRecord => ({ ...row, ...Object.fromEntries(derived.map((field) => [`${field.key}_text`, shown(row, field)])) }));
      // The 合计 line shows under the columns the fields have (money as its `_text`).
      const footer = page.footer
        ? Object.fromEntries(
            Object.entries(page.footer).map(([key, value]) => (spec.fields.find((field) => field.key === key)?.type === 'money' ? [`${key}_text`, Number(value).toFixed(2)] : [key, value])),
          )
        : undefined;
      return { ...page, records, ...(footer ? { footer } : {}) };
    },
    [spec, yes, no, fixed],
  );
  const prefix = spec.permissionPrefix;
  const has = (operation: Operation) => spec.operations.includes(operation);
  const actions = useMemo<RowAction[]>(
    // 删除 last, under 更多 unless it is the only action.
    () => [
      ...(has('edit') ? [{ command: `${prefix}.edit`, label: WORDS.edit }] : []),
      // The screen's own (充值 before 冻结账户; a screen may place a flow's step among them), then the
      // flow's other steps — each offered on the rows whose state allows it.
      ...rowActions,
      ...flowActions(spec)
        .filter(({ command }) => !rowActions.some((own) => own.command === command))
        .map(({ action, command }) => ({ command, label: action.title })),
      // 历史 where records change (a read-only log has none to show); 打印 of a bill.
      ...(has('add') || has('edit') || spec.flow ? [{ command: 'record.history', label: 'history.rowAction' as const, args: { entity: spec.id } }] : []),
      ...(spec.print ? [{ command: `${prefix}.print`, label: 'print.now' as const }] : []),
      ...(has('delete') ? [{ command: `${prefix}.delete`, label: WORDS.delete }] : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `has` reads the spec
    [spec, prefix, rowActions],
  );
  const renderActions = useCallback((row: EntityRecord) => <RowActions id={row.id} actions={actions} row={row} entity={spec.id} />, [actions, spec.id]);
  // A detail's record commands act on the row they are given, not on a selection.
  const detail = Boolean(spec.parent);
  const screenPath = useScreenPath();
  const selected = useSelection((state) => selectionOf(state, selectionScope ? `${screenPath}#${selectionScope}` : screenPath));
  const nextFor = (action: FlowActionSpec) => selected.length > 0 && (selected.length === 1 || action.many === true) && selected.every((row) => stateRefusal(spec, action, row) === null);
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid={`${prefix}-list`}>
      <Toolbar>
        {toolbarStart}
        {has('add') ? <CommandButton id={`${prefix}.add`} args={fixed} variant="primary" label={t(WORDS.add)} /> : null}
        {has('edit') && !detail ? <CommandButton id={`${prefix}.edit`} label={t(WORDS.edit)} /> : null}
        {has('delete') && !detail ? <CommandButton id={`${prefix}.delete`} label={t(WORDS.delete)} /> : null}
        {has('import') ? <CommandButton id={`${prefix}.import`} args={fixed} label={t(WORDS.import)} /> : null}
        {has('export') ? <CommandButton id={`${prefix}.export`} label={t(WORDS.export)} /> : null}
        {spec.print && !detail ? <CommandButton id={`${prefix}.print` as CommandId} label={t('print.now')} /> : null}
        {toolbar}
        {/* The flow's actions after the screen's own buttons (充值 before 冻结账户); with rows
            selected, also every step their states allow next (a draft's 提交), not only in 更多. */}
        {flowActions(spec)
          .filter(({ action }) => action.toolbar || (!detail && nextFor(action)))
          .map(({ action, command }) => (
            <CommandButton key={command} id={command as CommandId} label={action.title[locale]} />
          ))}
      </Toolbar>
      <ListGrid<EntityRecord>
        columns={columns}
        queryFields={query}
        {...(queryDefaults ? { queryDefaults } : {})}
        fetchPage={fetchPage}
        reloadKey={version}
        columnPermissionPrefix={codes.columnPrefix}
        onOpenRow={(row) => void run(`${prefix}.edit`, { id: row.id })}
        rowActions={actions.length ? renderActions : undefined}
        {...(selectionScope ? { selectionScope } : {})}
        {...(selection ? { selection } : {})}
        {...(onSelectionChange ? { onSelectionChange } : {})}
        {...(height ? { height } : {})}
      />
    </section>
  );
}
