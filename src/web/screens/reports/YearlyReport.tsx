import { ReportScreen } from './ReportScreen';

/** 年报表: a year (this one by default), its months as rows with 同比. */
export default function YearlyReport() {
  return <ReportScreen kind="yearly" />;
}
