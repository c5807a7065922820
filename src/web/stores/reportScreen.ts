import { create } from 'zustand';
import type { ReportKind, ReportTab } from '@shared/reports';
import type { ReportParams } from '@web/api/reports';

/** The report screen in front of the user: what its commands (导出, 打印) act on. */
export interface ShownReport {
  path: string;
  kind: ReportKind;
  params: ReportParams;
  tab: ReportTab;
}

interface ReportScreenState {
  shown: Record<string, ShownReport>;
  /** Moves when 打印报表 runs: the screen at `printPath` prints itself. */
  printNonce: number;
  printPath: string | null;
  show(report: ShownReport): void;
  requestPrint(path: string): void;
}

export const useReportScreen = create<ReportScreenState>()((set) => ({
  shown: {},
  printNonce: 0,
  printPath: null,
  show: (report) => set((state) => ({ shown: { ...state.shown, [report.path]: report } })),
  requestPrint: (path) => set((state) => ({ printNonce: state.printNonce + 1, printPath: path })),
}));
