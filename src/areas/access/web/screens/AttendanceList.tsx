import { attendanceDay, attendanceMonth, attendanceRule } from '@areas/access/shared/entities/attendance';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { useT } from '@web/i18n';

/** 考勤管理: the days (补签, 重算, 通知家长), then the rules, then each person's month. */
export default function AttendanceList() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <EntityListScreen spec={attendanceDay} />
      <section aria-label={t('access.rules')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('access.rules')}</h2>
        <EntityListScreen spec={attendanceRule} selectionScope="attendanceRules" height={240} />
      </section>
      <section aria-label={t('access.months')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('access.months')}</h2>
        <EntityListScreen spec={attendanceMonth} selectionScope="attendanceMonths" height={320} />
      </section>
    </div>
  );
}
