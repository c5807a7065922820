/**
 * Reports every school has without building them: the pickers of the product's own forms (a
 * member for a subsidy batch, a supplier on a purchase, a house on a property bill). A school's
 * own report of the same code takes its place; the designer lists only a school's own.
 */
export interface ShippedReportColumn {
  field: string;
  queryMode?: 'eq' | 'like' | 'range';
  hidden?: boolean;
  width?: number;
}

export interface ShippedReport {
  code: string;
  name: string;
  source: string;
  columns: readonly ShippedReportColumn[];
}

export const SHIPPED_REPORTS: readonly ShippedReport[] = [
  {
    code: 'member_pick',
    name: '选择人员',
    source: 'members',
    columns: [
      { field: 'memberNo', queryMode: 'like' },
      { field: 'realName', queryMode: 'like' },
      { field: 'deptName', queryMode: 'like' },
      { field: 'memberTypeName' },
      { field: 'cardNo', queryMode: 'eq', hidden: true },
      { field: 'mobile', queryMode: 'like', hidden: true },
      { field: 'balance' },
      { field: 'accountStatus' },
    ],
  },
  {
    code: 'supplier_pick',
    name: '选择供应商',
    source: 'suppliers',
    columns: [
      { field: 'code', queryMode: 'like' },
      { field: 'name', queryMode: 'like' },
      { field: 'contact' },
      { field: 'phone' },
      { field: 'categories', queryMode: 'eq', hidden: true },
      { field: 'status', queryMode: 'eq' },
    ],
  },
  {
    code: 'house_pick',
    name: '选择房屋',
    source: 'houses',
    columns: [
      { field: 'name', queryMode: 'like' },
      { field: 'building', queryMode: 'eq' },
      { field: 'buildArea' },
      { field: 'usage', queryMode: 'eq', hidden: true },
      { field: 'houseStatus' },
      { field: 'ownerName', queryMode: 'like' },
      { field: 'ownerPhone' },
    ],
  },
  {
    code: 'depart_pick',
    name: '选择部门',
    source: 'departments',
    columns: [{ field: 'departName', queryMode: 'like' }, { field: 'orgCode', queryMode: 'like' }, { field: 'parentName' }, { field: 'orgCategory', queryMode: 'eq', hidden: true }],
  },
];

/** The id a shipped report answers as its cgRpConfigId. */
export const shippedReportId = (code: string) => `shipped_${code}`;
