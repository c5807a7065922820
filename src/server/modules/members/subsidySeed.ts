import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { accounts, memberDepartments, members, memberTypes, subsidyBatches, subsidyItems } from '../../db/schema';
import { Work } from '../../db/work';
import { schoolNow } from '../../db/seed/schoolClock';
import { nextBillNo } from '../bills/billNo';

/** The day the lived batch is issued: early in the sample school's four weeks. */
const ISSUED_DAYS_AGO = 25;
/** The day the month before's, late, is issued: the weeks' first; the next issue clears what is left of it. */
const LATE_ISSUE_DAYS_AGO = 27;

/**
 * 补助发放 of the sample school, one batch in each step of its flow:
 * - the month before's meal subsidy, issued late on the weeks' first morning; two days later this
 *   month's issue clears what is left of it first (已清零: 已清零 where money was left, 已使用完 where not);
 * - last month's meal subsidy, submitted by the canteen's manager and audited by the administrator,
 *   stamped to be issued on the morning of the weeks' fourth day — the lived weeks issue it then
 *   through the subsidy service (one posting a pupil), and the pupils spend it at the canteen;
 * - a hardship subsidy for five pupils, submitted and waiting for the administrator's audit;
 * - a New Year's gift to the staff, sent back with its reason;
 * - next month's meal subsidy, made and not yet submitted.
 */
export async function seedSubsidies(tx: Executor, tenantId: number, operator: string): Promise<void> {
  const now = schoolNow();
  // The sample school's own rows, in the seed's transaction.
  const work = new Work(tx, tenantId, operator);
  const people = (level: number, typeCode: string) =>
    tx
      .select({ memberId: members.id, accountId: accounts.id })
      .from(members)
      .innerJoin(accounts, and(eq(accounts.memberId, members.id), eq(accounts.accountStatus, '1')))
      .innerJoin(memberDepartments, eq(memberDepartments.id, members.deptId))
      .innerJoin(memberTypes, eq(memberTypes.id, members.memberTypeId))
      .where(and(work.school(members), eq(memberDepartments.level, level), eq(memberTypes.code, typeCode)))
      .orderBy(asc(members.memberNo));
  const pupils = (await people(3, 'STUDENT')).slice(0, 40);
  if (!pupils.length) return;
  const staff = await tx
    .select({ memberId: members.id, accountId: accounts.id })
    .from(members)
    .innerJoin(accounts, and(eq(accounts.memberId, members.id), eq(accounts.accountStatus, '1')))
    .innerJoin(memberTypes, eq(memberTypes.id, members.memberTypeId))
    .where(and(work.school(members), eq(memberTypes.code, 'STAFF')))
    .orderBy(asc(members.memberNo))
    .limit(10);

  const issueDay = now.subtract(ISSUED_DAYS_AGO, 'day');
  const nextMonth = issueDay.add(1, 'month');
  const at = (day: typeof now, clock: string) =>
    day
      .hour(Number(clock.slice(0, 2)))
      .minute(Number(clock.slice(3)))
      .second(0)
      .millisecond(0)
      .toDate();
  const lateDay = now.subtract(LATE_ISSUE_DAYS_AGO, 'day');
  const lateMonth = lateDay.subtract(1, 'month');
  const batches = [
    {
      lines: pupils.map((pupil) => ({ ...pupil, amount: 3000 })),
      name: `${lateMonth.format('M')}月伙食补助（补发）`,
      subsidyType: '1',
      subsidyMonth: lateMonth.format('YYYY-MM'),
      fundSource: '1',
      startDate: lateDay.format('YYYY-MM-DD'),
      clearMode: '3',
      remark: '财政拨款到账延迟，月初补发；下次发放前清零',
      auditStatus: '2',
      submitBy: 'canteen',
      submitTime: at(lateDay.subtract(1, 'day'), '15:10'),
      auditBy: operator,
      auditTime: at(lateDay.subtract(1, 'day'), '16:40'),
      auditOpinion: '补发名单与上月一致',
    },
    {
      lines: pupils.map((pupil) => ({ ...pupil, amount: 3000 })),
      name: `${issueDay.format('M')}月伙食补助`,
      subsidyType: '1',
      subsidyMonth: issueDay.format('YYYY-MM'),
      fundSource: '1',
      startDate: issueDay.format('YYYY-MM-DD'),
      clearMode: '3',
      remark: '财政拨款，按月发放；下次发放前清零',
      auditStatus: '2',
      submitBy: 'canteen',
      submitTime: at(issueDay.subtract(1, 'day'), '16:20'),
      auditBy: operator,
      auditTime: at(issueDay.subtract(1, 'day'), '17:05'),
      auditOpinion: '名单与金额核对无误',
      // Issued on its start date in the lived weeks (sampleSchool/subsidyIssues.ts).
    },
    {
      lines: pupils.slice(5, 10).map((pupil) => ({ ...pupil, amount: 20000 })),
      name: '冬季困难补助',
      subsidyType: '2',
      subsidyMonth: now.format('YYYY-MM'),
      fundSource: '2',
      startDate: now.format('YYYY-MM-DD'),
      clearMode: '0',
      remark: '经班主任推荐、年级审核的家庭经济困难学生',
      auditStatus: '1',
      submitBy: 'canteen',
      submitTime: at(now.subtract(2, 'day'), '10:40'),
    },
    {
      lines: staff.map((person) => ({ ...person, amount: 10000 })),
      name: '元旦节日福利',
      subsidyType: '4',
      subsidyMonth: now.format('YYYY-MM'),
      fundSource: '2',
      startDate: now.format('YYYY-MM-DD'),
      clearMode: '0',
      remark: '教职工元旦福利',
      auditStatus: '3',
      submitBy: 'canteen',
      submitTime: at(now.subtract(4, 'day'), '09:15'),
      auditBy: operator,
      auditTime: at(now.subtract(3, 'day'), '14:30'),
      auditOpinion: '名单需按在职人员重新核对后再提交',
    },
    {
      lines: pupils.map((pupil) => ({ ...pupil, amount: 3000 })),
      name: `${nextMonth.format('M')}月伙食补助`,
      subsidyType: '1',
      subsidyMonth: nextMonth.format('YYYY-MM'),
      fundSource: '1',
      startDate: nextMonth.startOf('month').format('YYYY-MM-DD'),
      clearMode: '3',
      remark: '财政拨款，按月发放；下次发放前清零',
    },
  ];
  for (const { lines, ...batch } of batches) {
    if (!lines.length) continue;
    const batchId = newId();
    // Made by the canteen's manager an hour before they submitted it (the draft: now).
    const createdAt = 'submitTime' in batch && batch.submitTime ? new Date(batch.submitTime.getTime() - 3_600_000) : new Date();
    await tx.insert(subsidyBatches).values({
      id: batchId,
      tenantId,
      createBy: ('submitBy' in batch && batch.submitBy) || operator,
      createdAt,
      billNo: await nextBillNo(tx, tenantId, 'BZ', createdAt),
      ...batch,
      persons: lines.length,
      total: lines.reduce((sum, line) => sum + line.amount, 0),
    });
    await tx.insert(subsidyItems).values(lines.map((line) => ({ id: newId(), tenantId, createBy: operator, batchId, ...line })));
  }
}
