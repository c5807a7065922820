import { ReportScreen } from './ReportScreen';

/** 日报表: a school day (yesterday by default), its wallets as rows. */
export default function DailyReport() {
  return <ReportScreen kind="daily" />;
}
