import { useEffect, useMemo, useState } from 'react';
import type { CgReportColumns, CgReportQueryItem } from '@shared/online/cgreport';
import { onlineReportApi, type ReportRow } from '@web/api/onlineReports';
import type { ListColumn, ListQuery } from '@web/grid/ListGrid';
import type { QueryField } from '@web/grid/QueryArea';
import { toast } from '@web/lib/toast';
import type { PageResult } from '@shared/envelope';

export interface LoadedReport {
  id: string;
  name: string;
  pageSize: number;
  columns: ListColumn[];
  queryFields: QueryField[];
  fetchPage(query: ListQuery): Promise<PageResult<ReportRow>>;
}

/** The inputs of a query item: a dictionary's select, a range's two inputs, or a text. */
function queryFieldOf(item: CgReportQueryItem, dictOptions: CgReportColumns['dictOptions']): QueryField {
  const base = { key: item.field, label: item.label, hiddenWhenCollapsed: item.hidden === '1' };
  if (item.view === 'list') return { ...base, type: 'select', options: dictOptions[item.field] ?? [] };
  if (item.mode === 'group') return { ...base, type: 'range', inputType: item.view === 'date' || item.view === 'datetime' ? 'date' : item.view === 'string' ? 'text' : 'number' };
  return { ...base, type: 'text' };
}

/**
 * An online report as a list reads it: its columns (dictionaries, money), its query area and its
 * pages — JeecgBoot's getRpColumns, then getQueryInfo, then getData per page, kept per group for
 * 30 s. A report that cannot be read resolves to null (the error was told); query info that cannot
 * be read is a warning with the server's message, and the report shows without a query area.
 */
export function useReport(code: string, groupId?: string): LoadedReport | null | undefined {
  const [config, setConfig] = useState<{ columns: CgReportColumns; query: CgReportQueryItem[] } | null | undefined>(undefined);
  useEffect(() => {
    // No code yet (a record's code still being read).
    if (!code) return;
    let live = true;
    void (async () => {
      let columns: CgReportColumns;
      try {
        columns = await onlineReportApi.columns(code, groupId);
      } catch {
        if (live) setConfig(null);
        return;
      }
      let query: CgReportQueryItem[] = [];
      try {
        query = await onlineReportApi.queryInfo(columns.cgRpConfigId, groupId);
      } catch (error) {
        toast.warning(error instanceof Error ? error.message : String(error));
      }
      if (live) setConfig({ columns, query });
    })();
    return () => {
      live = false;
    };
  }, [code, groupId]);

  return useMemo(() => {
    if (!config) return config;
    const { columns, query } = config;
    const id = columns.cgRpConfigId;
    return {
      id,
      name: columns.cgRpConfigName,
      pageSize: columns.pageSize,
      columns: columns.columns.map((column): ListColumn => ({
        key: column.dataIndex,
        title: column.title,
        sortable: true,
        ...(column.width ? { width: column.width } : {}),
        ...(column.customRender ? { options: columns.dictOptions[column.customRender] ?? [] } : {}),
        ...(column.type === 'money' ? { format: 'money' as const, align: 'right' as const } : column.type === 'integer' || column.type === 'quantity' ? { align: 'right' as const } : {}),
      })),
      queryFields: query.map((item) => queryFieldOf(item, columns.dictOptions)),
      fetchPage: (page: ListQuery) => onlineReportApi.data(id, { ...page }, groupId),
    };
  }, [config, groupId]);
}
