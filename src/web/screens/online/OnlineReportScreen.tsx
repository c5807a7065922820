import { useCallback } from 'react';
import type { ListQuery } from '@web/grid/ListGrid';
import { ListGrid } from '@web/grid/ListGrid';
import type { ReportRow } from '@web/api/onlineReports';
import { useScreenPath } from '@web/menu/currentMenuItem';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { FullPageSpinner } from '@web/components/FullPageSpinner';
import { useT } from '@web/i18n';
import { reportListKey } from '@web/online/publishedReports';
import { useReport } from '@web/online/useReport';
import { useListQueries } from '@web/stores/listQueries';

/**
 * A published online report's screen (`/online/cgreport/<id>`): its query area and pages, read by
 * JeecgBoot's cgreport calls as the popup picker reads them, and 导出 of the report as queried.
 */
export default function OnlineReportScreen() {
  const t = useT();
  const reportId = useScreenPath().split('/').pop() ?? '';
  const report = useReport(reportId);
  const read = report?.fetchPage;
  const fetchPage = useCallback(
    (query: ListQuery) => {
      useListQueries.getState().remember(reportListKey(reportId), query);
      return read!(query);
    },
    [read, reportId],
  );
  if (report === null) return <p className="rounded bg-surface p-6 text-sm text-text-muted">{t('online.reportMissing')}</p>;
  if (!report) return <FullPageSpinner />;
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="online-report">
      <Toolbar>
        <CommandButton id={`cgreport_${reportId}.export`} label={t('common.export')} />
      </Toolbar>
      <ListGrid<ReportRow> columns={report.columns} queryFields={report.queryFields} fetchPage={fetchPage} />
    </section>
  );
}
