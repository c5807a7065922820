/** 门禁管理's source for the online reports (在线报表): the access records with their doors. */
import { col, of, type ReportSource } from '@shared/online/reportSources';
import { accessLog } from './entities/accessLog';
import { door } from './entities/door';

export const accessReportSources: readonly ReportSource[] = [
  {
    code: 'access',
    title: { 'zh-CN': '进出记录', en: 'Access records' },
    columns: [
      col('passTime', '通行时间', 'Time', of(accessLog, 'passTime'), 'datetime'),
      col('doorName', '门禁点', 'Door', of(door, 'name')),
      col('direction', '方向', 'Direction', of(accessLog, 'direction'), 'string', 'access_direction'),
      col('memberNo', '学/工号', 'Number', of(accessLog, 'memberNo')),
      col('name', '姓名', 'Name', of(accessLog, 'name')),
      // The class the log wrote down then: a column of the log, not a field of its declaration.
      col('className', '班级', 'Class'),
      col('result', '结果', 'Result', of(accessLog, 'result'), 'string', 'access_result'),
    ],
    readers: ['/access/logs'],
    defaultSort: { column: 'passTime', order: 'desc' },
  },
];
