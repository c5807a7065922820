import type { ReportAnswer, ReportKind, ReportTab } from '@shared/reports';
import { download, get, post } from './client';

/** What a report screen asks for: its period (a day, a month, a year) and the query area's choices. */
export interface ReportParams {
  date?: string;
  month?: string;
  year?: string;
  deptId?: string;
  memberTypeId?: string;
  canteenId?: string;
  storeId?: string;
  mealType?: string;
  channel?: string;
  tabs?: string;
}

/** The query without its empty choices. */
const filled = (params: ReportParams) => Object.fromEntries(Object.entries(params).filter(([, value]) => value)) as Record<string, string>;

export const reportApi = {
  report: (kind: ReportKind, params: ReportParams) => get<ReportAnswer>(`/report/${kind}`, filled(params)),
  export: (kind: ReportKind, params: ReportParams, tabs?: readonly ReportTab[]) =>
    download(`/report/${kind}/export`, filled({ ...params, ...(tabs ? { tabs: tabs.join(',') } : {}) }), `${kind}-report.xlsx`),
  close: () => post<{ closed: string[]; txns: number; late: number }>('/report/close'),
};
