import { ReportScreen } from './ReportScreen';

/** 月报表: a month (this one by default), its days as rows with 环比. */
export default function MonthlyReport() {
  return <ReportScreen kind="monthly" />;
}
