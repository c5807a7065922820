import type { Executor } from '../client';
import { newId } from '../ids';
import { onlineReportColumns, onlineReports } from '../schema';

/** The sample school's online reports: a balance sheet of its people and its canteens' takings by day, as a school would build them. */
export async function seedOnlineReports(tx: Executor, tenantId: number, createBy: string): Promise<void> {
  const reports = [
    {
      code: 'member_balances',
      name: '人员余额表',
      source: 'members',
      sortColumn: 'balance',
      sortOrder: 'desc',
      remark: '在校人员的卡号与余额，按余额从高到低',
      columns: [
        { field: 'memberNo', queryMode: 'like' },
        { field: 'realName', queryMode: 'like' },
        { field: 'deptName', queryMode: 'like' },
        { field: 'memberTypeName', hidden: '1', queryMode: 'like' },
        { field: 'cardNo', hidden: '1', queryMode: 'eq' },
        { field: 'balance', hidden: '1', queryMode: 'range' },
        { field: 'accountStatus' },
      ],
    },
    {
      code: 'canteen_takings',
      name: '食堂每日营业额',
      source: 'consumption_day',
      sortColumn: 'reportDate',
      sortOrder: 'desc',
      remark: '各食堂每天的消费笔数、人数与金额',
      columns: [{ field: 'reportDate', queryMode: 'range' }, { field: 'canteenName', queryMode: 'like' }, { field: 'payments' }, { field: 'diners' }, { field: 'amount' }, { field: 'refunded' }],
    },
  ];
  for (const { columns, ...report } of reports) {
    const id = newId();
    await tx.insert(onlineReports).values({ id, tenantId, createBy, ...report });
    await tx.insert(onlineReportColumns).values(columns.map((column, index) => ({ id: newId(), tenantId, reportId: id, sortNo: index + 1, hidden: '0', ...column })));
  }
}
