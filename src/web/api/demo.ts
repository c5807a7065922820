import type { TableEditSave } from '@shared/demo/tableEdit';
import type { PageResult } from '@shared/envelope';
import type { GridRow } from '@web/grid/types';
import { get, post } from './client';

export const demoApi = {
  tableEditList: (pageSize = 200) => get<PageResult<GridRow>>('/demo/tableEdit/list', { pageNo: 1, pageSize, column: 'orderNum', order: 'asc' }),
  tableEditPage: <T>(query: Record<string, unknown>) => get<PageResult<T>>('/demo/tableEdit/list', query),
  tableEditSave: (body: TableEditSave) => post<GridRow[]>('/demo/tableEdit/save', body),
};
