/** The answers of JeecgBoot's online report calls (`/online/cgreport/api/*`), as this product gives them. */
import type { SourceColumnType } from './reportSources';

/** getRpColumns' columns: JeecgBoot's table column, and the column's type (money is yuan). */
export interface CgReportColumn {
  title: string;
  dataIndex: string;
  align: 'center';
  sorter: 'true';
  /** The field's name when the column has a dictionary (its texts are in dictOptions). */
  customRender?: string;
  type: SourceColumnType;
  width?: number;
}

export interface CgReportColumns {
  columns: CgReportColumn[];
  dictOptions: Record<string, { value: string; text: string; title: string }[]>;
  cgRpConfigId: string;
  cgRpConfigName: string;
  pageSize: number;
}

/** getQueryInfo's items: `view` 'list' for a dictionary, else the column's type; `mode` 'group' is a range (`<field>_begin`/`_end`). */
export interface CgReportQueryItem {
  label: string;
  field: string;
  view: 'list' | SourceColumnType;
  mode: 'single' | 'group';
  match: 'eq' | 'like';
  /** '1': shown only when the query area is expanded. */
  hidden: '0' | '1';
  dictCode?: string;
}

/** A published report's own screen (JeecgBoot's `/online/cgreport/{id}`). */
export const onlineReportPath = (reportId: string) => `/online/cgreport/${reportId}`;

/** The published screen's menu code (who may read the report there) and its 导出 button's code. */
export const onlineReportCodes = (reportId: string) => {
  const screen = onlineReportPath(reportId).slice(1).split('/').join(':');
  return { screen, export: `${screen}:export` };
};
