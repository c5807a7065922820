/**
 * The read-only sources an online report may query (在线报表): named views the developers wrote
 * over the school's own tables, each with its columns' names, types and dictionaries. A report
 * chooses among these columns; the screen never sends SQL. The server holds each source's query
 * (modules/online/sources.ts); this is what the designer, the picker and the checks read.
 */
import type { Titles } from '../engine/spec';

/** A column's type, as JeecgBoot's query info names it (`view`): money is yuan with two decimals. */
export type SourceColumnType = 'string' | 'integer' | 'money' | 'quantity' | 'date' | 'datetime';

export interface SourceColumn {
  key: string;
  title: Titles;
  type: SourceColumnType;
  /** A dictionary its values come from (texts shown, a select to search by). */
  dict?: string;
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

const col = (key: string, zh: string, en: string, type: SourceColumnType = 'string', dict?: string): SourceColumn => ({ key, title: { 'zh-CN': zh, en }, type, ...(dict ? { dict } : {}) });

export const REPORT_SOURCES: readonly ReportSource[] = [
  {
    code: 'members',
    title: { 'zh-CN': '人员与账户', en: 'Members and accounts' },
    columns: [
      col('memberNo', '学/工号', 'Number'),
      col('realName', '姓名', 'Name'),
      col('sex', '性别', 'Gender', 'string', 'sex'),
      col('deptName', '部门/班级', 'Department or class'),
      col('memberTypeName', '人员类型', 'Member type'),
      col('memberStatus', '人员状态', 'Status', 'string', 'member_status'),
      col('mobile', '手机号', 'Mobile'),
      col('cardNo', '卡号', 'Card no.'),
      col('accountNo', '账号', 'Account no.'),
      col('balance', '余额', 'Balance', 'money'),
      col('accountStatus', '账户状态', 'Account status', 'string', 'account_status'),
      col('enrollDate', '入学/入职日期', 'Joined', 'date'),
    ],
    readers: ['/members/people', '/members/accounts', '/members/subsidies'],
    defaultSort: { column: 'memberNo', order: 'asc' },
  },
  {
    code: 'consumption_day',
    title: { 'zh-CN': '每日消费', en: 'Consumption by day' },
    columns: [
      col('reportDate', '日期', 'Date', 'date'),
      col('canteenName', '食堂', 'Canteen'),
      col('payments', '笔数', 'Payments', 'integer'),
      col('diners', '人数', 'Diners', 'integer'),
      col('amount', '消费金额', 'Amount', 'money'),
      col('refunded', '退款金额', 'Refunded', 'money'),
    ],
    readers: ['/reports/daily', '/reports/monthly', '/payments/consumption'],
    defaultSort: { column: 'reportDate', order: 'desc' },
  },
  {
    code: 'orders',
    title: { 'zh-CN': '订餐订单', en: 'Meal orders' },
    columns: [
      col('orderNo', '订单号', 'Order no.'),
      col('diningDate', '就餐日期', 'Dining date', 'date'),
      col('mealType', '餐次', 'Meal', 'string', 'meal_type'),
      col('canteenName', '食堂', 'Canteen'),
      col('memberNo', '学/工号', 'Number'),
      col('realName', '姓名', 'Name'),
      col('className', '班级', 'Class'),
      col('quantity', '份数', 'Portions', 'integer'),
      col('amount', '金额', 'Amount', 'money'),
      col('status', '状态', 'Status', 'string', 'order_status'),
    ],
    readers: ['/payments/consumption'],
    defaultSort: { column: 'diningDate', order: 'desc' },
  },
  {
    code: 'stock',
    title: { 'zh-CN': '食材库存', en: 'Ingredient stock' },
    columns: [
      col('canteenName', '仓库/食堂', 'Store'),
      col('ingredientCode', '食材编码', 'Code'),
      col('ingredientName', '食材', 'Ingredient'),
      col('category', '分类', 'Category', 'string', 'supply_category'),
      col('unit', '单位', 'Unit', 'string', 'unit'),
      col('qty', '库存数量', 'Quantity', 'quantity'),
      col('amount', '库存金额', 'Value', 'money'),
      col('nextExpiry', '最近到期', 'Next expiry', 'date'),
      col('stockState', '库存状态', 'State', 'string', 'stock_state'),
    ],
    readers: ['/supply/inventory'],
    defaultSort: { column: 'ingredientCode', order: 'asc' },
  },
  {
    code: 'access',
    title: { 'zh-CN': '进出记录', en: 'Access records' },
    columns: [
      col('passTime', '通行时间', 'Time', 'datetime'),
      col('doorName', '门禁点', 'Door'),
      col('direction', '方向', 'Direction', 'string', 'access_direction'),
      col('memberNo', '学/工号', 'Number'),
      col('name', '姓名', 'Name'),
      col('className', '班级', 'Class'),
      col('result', '结果', 'Result', 'string', 'access_result'),
    ],
    readers: ['/access/logs'],
    defaultSort: { column: 'passTime', order: 'desc' },
  },
  {
    code: 'suppliers',
    title: { 'zh-CN': '供应商', en: 'Suppliers' },
    columns: [
      col('code', '供应商编码', 'Code'),
      col('name', '供应商名称', 'Name'),
      col('contact', '联系人', 'Contact'),
      col('phone', '联系电话', 'Phone'),
      col('categories', '供应类别', 'Categories', 'string', 'supply_category'),
      col('status', '合作状态', 'Status', 'string', 'supplier_status'),
      col('foodLicenseExpiry', '许可证到期', 'Licence expires', 'date'),
    ],
    readers: ['/supply/suppliers', '/supply/procurement'],
    defaultSort: { column: 'code', order: 'asc' },
  },
  {
    code: 'houses',
    title: { 'zh-CN': '房屋', en: 'Houses' },
    columns: [
      col('name', '房屋', 'House'),
      col('building', '楼栋', 'Building'),
      col('unit', '单元', 'Unit'),
      col('room', '房号', 'Room'),
      col('buildArea', '建筑面积', 'Floor area', 'quantity'),
      col('usage', '用途', 'Use', 'string', 'house_usage'),
      col('houseStatus', '房屋状态', 'State', 'string', 'house_status'),
      col('ownerName', '业主', 'Owner'),
      col('ownerPhone', '业主电话', 'Owner phone'),
    ],
    readers: ['/property/houses', '/payments/property'],
    defaultSort: { column: 'name', order: 'asc' },
  },
  {
    code: 'departments',
    title: { 'zh-CN': '组织机构', en: 'Departments' },
    columns: [
      col('departName', '部门名称', 'Department'),
      col('orgCode', '机构编码', 'Code'),
      col('parentName', '上级部门', 'Parent'),
      col('orgCategory', '机构类别', 'Kind', 'string', 'org_category'),
      col('description', '备注', 'Description'),
    ],
    // The table-editing demo's popup cell picks one.
    readers: ['/system/departments', '/demo/table-edit'],
    defaultSort: { column: 'orgCode', order: 'asc' },
  },
];

export const reportSourceOf = (code: string): ReportSource | undefined => REPORT_SOURCES.find((source) => source.code === code);

/** Every source row has an id (the picker's row key and what a popup copies into a reference). */
export const ROW_ID = 'id';
