import { and, asc, eq, sql } from 'drizzle-orm';
import type { SampleContext } from './sampleContext';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { memberDepartments, messages, noticeReceipts, schoolNotices } from '../db/schema';
import { inSchool, schoolReads } from '../db/work';
import type { SampleDay, SampleEvent } from '../registry/areas';
import { MESSAGE_HOOKS } from '../modules/messages/messages';
import { readNotice, SCHOOL_NOTICE_HOOKS } from '../modules/messages/notices';
import { parentsReached } from '../modules/messages/audience';
import { takeFlowStep } from './flowStep';

/** Days before today the head teacher writes to the class's parents. */
const DAYS_AGO = 2;

/**
 * The head teacher's afternoon two days ago, with the first class's parents: 家长会提醒 written in
 * 消息管理 and sent (its own 发送: the recipients written, then delivered after the commit — a
 * copy in each parent's console and a text, the gateway taking its moment a text, one number
 * answered 空号); then
 * 冬季作息时间调整通知 published in 学校通知 (a receipt a parent), which two parents open that
 * evening through their links (`readNotice`, as the link's page does).
 */
export async function parentMessagesOf(db: Database, context: SampleContext, tenantId: number, by: string) {
  const reads = schoolReads(db, { tenantId, username: by });
  const [klass] = await reads.tx
    .select({ id: memberDepartments.id })
    .from(memberDepartments)
    .where(and(reads.school(memberDepartments), eq(memberDepartments.level, 3)))
    // 高一（1）班 (its pupils hold the sample school's cards) when the school has it.
    .orderBy(sql`${memberDepartments.name} <> '高一（1）班'`, memberDepartments.sortNo)
    .limit(1);
  // One of the class's parents changed numbers without telling the school: the old one is 空号.
  if (klass) {
    const [changed] = await parentsReached(reads, { deptId: klass.id });
    if (changed?.mobile) context.unreachable.add(changed.mobile);
  }
  const worker = { tenantId, username: by };
  let noticeId: string | undefined;

  const sendMessage = (day: SampleDay): SampleEvent => ({
    at: day.at('15:50'),
    run: () =>
      inSchool(db, worker, async (work) => {
        const values: Record<string, unknown> = { title: '家长会提醒', content: '本周五 16:00 家长会，请准时到班级教室。', channels: '1,3', audience: '2', scope: '2', deptId: klass!.id };
        await MESSAGE_HOOKS.beforeSave!({ tx: work.tx, work, tenantId, caller: undefined as never, id: null, values, before: null, details: {} });
        const [row] = await work.insert(messages, { ...values, id: newId() } as never);
        const result = await MESSAGE_HOOKS.actions!.send!({ tx: work.tx, work, row: row!, input: {}, context, caller: undefined as never });
        await takeFlowStep(work, messages, 'messages.message', 'send', row!, result);
      }),
  });

  const publishNotice = (day: SampleDay): SampleEvent => ({
    at: day.at('16:00'),
    run: () =>
      inSchool(db, worker, async (work) => {
        const [row] = await work.insert(schoolNotices, {
          id: newId(),
          title: '冬季作息时间调整通知',
          content: '<p>自下周一起，早上到校时间调整为 <strong>7:40</strong>，下午放学时间为 17:10。</p>',
          kind: '2',
          scope: '3',
          deptId: klass!.id,
        });
        const result = await SCHOOL_NOTICE_HOOKS.actions!.publish!({ tx: work.tx, work, row: row!, input: {}, context, caller: undefined as never });
        await takeFlowStep(work, schoolNotices, 'messages.schoolNotice', 'publish', row!, result);
        noticeId = row!.id;
      }),
  });

  /** The n-th parent on the notice's list opens the link. */
  const read = (day: SampleDay, time: string, place: number): SampleEvent => ({
    at: day.at(time),
    run: async () => {
      if (!noticeId) return;
      const receipts = await reads.rows(noticeReceipts, eq(noticeReceipts.noticeId, noticeId), { orderBy: asc(noticeReceipts.name) });
      const receipt = receipts[place];
      if (receipt) await readNotice(context, receipt.token, false);
    },
  });

  return {
    day(day: SampleDay): SampleEvent[] {
      if (!klass || day.daysAgo !== DAYS_AGO) return [];
      return [sendMessage(day), publishNotice(day), read(day, '17:05', 0), read(day, '18:20', 1)];
    },
  };
}
