/**
 * Reports every school has without building them: the pickers of the product's own forms (a
 * member for a subsidy batch, a supplier on a purchase, a house on a property bill). A school's
 * own report of the same code takes its place; the designer lists only a school's own.
 */
import { sharedAreas } from '../areas';

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

const PRODUCT_REPORTS: readonly ShippedReport[] = [
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
    code: 'depart_pick',
    name: '选择部门',
    source: 'departments',
    columns: [{ field: 'departName', queryMode: 'like' }, { field: 'orgCode', queryMode: 'like' }, { field: 'parentName' }, { field: 'orgCategory', queryMode: 'eq', hidden: true }],
  },
];

/** The product's, then each area's pickers (`SharedArea.pickers`). */
export const shippedReports = (): readonly ShippedReport[] => [...PRODUCT_REPORTS, ...sharedAreas().flatMap((area) => area.pickers ?? [])];

/** The id a shipped report answers as its cgRpConfigId. */
export const shippedReportId = (code: string) => `shipped_${code}`;
