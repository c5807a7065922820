import type { CommandServices } from '@commands/services';
import { reportApi } from '@web/api/reports';
import { fill, translate } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { useDataVersion } from '@web/stores/dataVersion';
import { useReportScreen } from '@web/stores/reportScreen';

/** The report in front of the user (the address bar says which screen that is). */
const shownReport = () => useReportScreen.getState().shown[window.location.pathname];

/** 导出, 打印 and 日终结算 of the report screens, as the commands run them. */
export const reportActions: CommandServices['reports'] = {
  async export() {
    const shown = shownReport();
    if (!shown) return;
    await reportApi.export(shown.kind, shown.params).catch(() => undefined);
  },
  print() {
    const shown = shownReport();
    if (shown) useReportScreen.getState().requestPrint(shown.path);
  },
  async closeDays() {
    const done = await reportApi.close().catch(() => null);
    if (!done) return;
    if (!done.closed.length) toast.info(translate('report.nothingToClose'));
    else {
      const range = done.closed.length === 1 ? done.closed[0]! : `${done.closed[0]} ~ ${done.closed.at(-1)}`;
      toast.success(fill(translate('report.closed'), { range, txns: done.txns, late: done.late }));
    }
    useDataVersion.getState().bump('reports');
  },
};
