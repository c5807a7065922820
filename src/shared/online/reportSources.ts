/**
 * The read-only sources an online report may query (在线报表): named views the developers wrote
 * over the school's own tables, each with its columns' names, types and dictionaries. A report
 * chooses among these columns; the screen never sends SQL. The server holds each source's query
 * (modules/online/sources.ts); this is what the designer, the picker and the checks read.
 *
 * A column names the entity fields it is read from, and carries their data-column rules from
 * their declarations: a member's mobile is hidden in every report from whoever the member list
 * hides it from (tests/unit/reportSources.test.ts reads each query to hold the names to it).
 */
import { entityCodes } from '../engine/derive';
import type { EntitySpec, Titles } from '../engine/spec';
import { account } from '../entities/members/account';
import { card } from '../entities/members/card';
import { memberDepartment } from '../entities/members/department';
import { member } from '../entities/members/member';
import { memberType } from '../entities/members/memberType';
import { canteen } from '../entities/meals/canteen';
import { mealOrder } from '../entities/meals/mealOrder';
import { sharedAreas } from '../areas';
import { hiddenColumns, type AuthEntry } from '../permissions';

/** A column's type, as JeecgBoot's query info names it (`view`): money is yuan with two decimals. */
export type SourceColumnType = 'string' | 'integer' | 'money' | 'quantity' | 'date' | 'datetime';

/** An entity field a source column is read from: the declaration's id and the field's key. */
export interface FieldOrigin {
  entity: string;
  field: string;
}

/** A data-column rule: hidden from whoever lacks `<prefix><field>` (`member:col:mobile`) where the system restricts it. */
export interface ColumnRule {
  prefix: string;
  field: string;
}

export interface SourceColumn {
  key: string;
  title: Titles;
  type: SourceColumnType;
  /** A dictionary its values come from (texts shown, a select to search by). */
  dict?: string;
  /** The entity fields its value is read from (none for a sum, or a table no entity declares). */
  from: readonly FieldOrigin[];
  /** The data-column rules of those fields, taken from their declarations. */
  rules: readonly ColumnRule[];
}

export interface ReportSource {
  code: string;
  title: Titles;
  columns: readonly SourceColumn[];
  /**
   * The screens that show this data already (their menu paths): their users may read a report
   * over it, as may the report designer's — a report never shows anyone more than their screens do.
   */
  readers: readonly string[];
  /** The column a report over it sorts by when it names none, and its direction. */
  defaultSort: { column: string; order: 'asc' | 'desc' };
}

/** Entity fields a column is read from: `of(account, 'cash', 'subsidy')`. */
type Reading = readonly (readonly [EntitySpec, string])[];
export const of = (spec: EntitySpec, ...fields: string[]): Reading => fields.map((field) => [spec, field] as const);

/** A column read from `reading`: it names those fields and carries the rules of the restricted ones. */
export function col(key: string, zh: string, en: string, reading: Reading = [], type: SourceColumnType = 'string', dict?: string): SourceColumn {
  const fields = reading.map(([spec, name]) => {
    const field = spec.fields.find((candidate) => candidate.key === name);
    if (!field) throw new Error(`${spec.id} declares no field ${name}`);
    return { spec, field };
  });
  return {
    key,
    title: { 'zh-CN': zh, en },
    type,
    ...(dict ? { dict } : {}),
    from: fields.map(({ spec, field }) => ({ entity: spec.id, field: field.key })),
    rules: fields.filter(({ field }) => field.restricted).map(({ spec, field }) => ({ prefix: entityCodes(spec).columnPrefix, field: field.key })),
  };
}

const PRODUCT_SOURCES: readonly ReportSource[] = [
  {
    code: 'members',
    title: { 'zh-CN': '人员与账户', en: 'Members and accounts' },
    columns: [
      col('memberNo', '学/工号', 'Number', of(member, 'memberNo')),
      col('realName', '姓名', 'Name', of(member, 'realName')),
      col('sex', '性别', 'Gender', of(member, 'sex'), 'string', 'sex'),
      col('deptName', '部门/班级', 'Department or class', of(memberDepartment, 'name')),
      col('memberTypeName', '人员类型', 'Member type', of(memberType, 'name')),
      col('memberStatus', '人员状态', 'Status', of(member, 'memberStatus'), 'string', 'member_status'),
      col('mobile', '手机号', 'Mobile', of(member, 'mobile')),
      col('cardNo', '卡号', 'Card no.', of(card, 'cardNo')),
      col('accountNo', '账号', 'Account no.', of(account, 'accountNo')),
      col('balance', '余额', 'Balance', of(account, 'cash', 'subsidy', 'gift'), 'money'),
      col('accountStatus', '账户状态', 'Account status', of(account, 'accountStatus'), 'string', 'account_status'),
      col('enrollDate', '入学/入职日期', 'Joined', of(member, 'enrollDate'), 'date'),
    ],
    readers: ['/members/people', '/members/accounts', '/members/subsidies'],
    defaultSort: { column: 'memberNo', order: 'asc' },
  },
  {
    code: 'consumption_day',
    title: { 'zh-CN': '每日消费', en: 'Consumption by day' },
    columns: [
      col('reportDate', '日期', 'Date', [], 'date'),
      col('canteenName', '食堂', 'Canteen', of(canteen, 'name')),
      col('payments', '笔数', 'Payments', [], 'integer'),
      col('diners', '人数', 'Diners', [], 'integer'),
      col('amount', '消费金额', 'Amount', [], 'money'),
      col('refunded', '退款金额', 'Refunded', [], 'money'),
    ],
    readers: ['/reports/daily', '/reports/monthly', '/payments/consumption'],
    defaultSort: { column: 'reportDate', order: 'desc' },
  },
  {
    code: 'orders',
    title: { 'zh-CN': '订餐订单', en: 'Meal orders' },
    columns: [
      col('orderNo', '订单号', 'Order no.', of(mealOrder, 'orderNo')),
      col('diningDate', '就餐日期', 'Dining date', of(mealOrder, 'diningDate'), 'date'),
      col('mealType', '餐次', 'Meal', of(mealOrder, 'mealType'), 'string', 'meal_type'),
      col('canteenName', '食堂', 'Canteen', of(canteen, 'name')),
      col('memberNo', '学/工号', 'Number', of(member, 'memberNo')),
      col('realName', '姓名', 'Name', of(member, 'realName')),
      col('className', '班级', 'Class', of(mealOrder, 'className')),
      col('quantity', '份数', 'Portions', of(mealOrder, 'quantity'), 'integer'),
      col('amount', '金额', 'Amount', of(mealOrder, 'amount'), 'money'),
      col('status', '状态', 'Status', of(mealOrder, 'status'), 'string', 'order_status'),
    ],
    readers: ['/payments/consumption'],
    defaultSort: { column: 'diningDate', order: 'desc' },
  },
  {
    code: 'departments',
    title: { 'zh-CN': '组织机构', en: 'Departments' },
    columns: [
      // The system's departments: no entity declares them, nor any data-column rule of theirs.
      col('departName', '部门名称', 'Department'),
      col('orgCode', '机构编码', 'Code'),
      col('parentName', '上级部门', 'Parent'),
      col('orgCategory', '机构类别', 'Kind', [], 'string', 'org_category'),
      col('description', '备注', 'Description'),
    ],
    // The table-editing demo's popup cell picks one.
    readers: ['/system/departments', '/demo/table-edit'],
    defaultSort: { column: 'orgCode', order: 'asc' },
  },
];

let all: readonly ReportSource[] | null = null;

/** The product's sources, then each area's (`SharedArea.reportSources`). */
export const reportSources = (): readonly ReportSource[] => (all ??= [...PRODUCT_SOURCES, ...sharedAreas().flatMap((area) => area.reportSources ?? [])]);

export const reportSourceOf = (code: string): ReportSource | undefined => reportSources().find((source) => source.code === code);

/** Every source row has an id (the picker's row key and what a popup copies into a reference). */
export const ROW_ID = 'id';

/**
 * The source's columns a reader does not see: those carrying a rule the entity's list hides from
 * them (shared/permissions hiddenColumns: restricted by the system, not granted to the reader).
 */
export function hiddenSourceColumns(source: ReportSource, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): Set<string> {
  const hiddenOf = new Map<string, Set<string>>();
  const hidden = (rule: ColumnRule) => {
    if (!hiddenOf.has(rule.prefix)) hiddenOf.set(rule.prefix, hiddenColumns(rule.prefix, auth, allAuth));
    return hiddenOf.get(rule.prefix)!.has(rule.field);
  };
  return new Set(source.columns.filter((column) => column.rules.some(hidden)).map((column) => column.key));
}
