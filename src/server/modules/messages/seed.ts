import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { Work } from '../../db/work';
import { memberDepartments, messageRecipients, messages, messageTemplates, noticeReceipts, schoolNotices, smsLogs } from '../../db/schema';
import { nextBillNo } from '../bills/billNo';
import { parentsReached } from './audience';
import { writeRecipients } from './delivery';

/** [code, name, channel, scene, content, variables] — the business events' words every school starts with. */
export const DEFAULT_TEMPLATES: readonly (readonly [string, string, string, string, string, string])[] = [
  ['LOW_BALANCE', '余额不足提醒', '3', '2', '${name}的校园卡余额为${balance}元，已低于${threshold}元，请及时充值。', 'name 姓名 · balance 余额 · threshold 提醒线'],
  ['CONSUME', '消费提醒', '2', '3', '${name}于${time}在${place}消费${amount}元，余额${balance}元。', 'name 姓名 · time 时间 · place 地点 · amount 金额 · balance 余额'],
  ['ARRIVAL', '到离校提醒', '2', '4', '${name}已于${time}${direction}（${door}）。', 'name 姓名 · time 时间 · direction 进校/离校 · door 门'],
  ['ATTENDANCE_LATE', '迟到提醒', '3', '8', '${name}今天${time}到校，迟到${minutes}分钟，请关注。', 'name 姓名 · time 到校时间 · minutes 迟到分钟'],
  ['ATTENDANCE_ABSENT', '未到校提醒', '3', '8', '${name}今天应于${time}到校，至今未到，请确认孩子的情况。', 'name 姓名 · time 应到时间'],
  ['LEAVE_RESULT', '请假审批结果', '3', '5', '${name}的请假（${start}至${end}）${result}。', 'name 姓名 · start/end 起止 · result 审批结果'],
  [
    'BILL_DUE',
    '缴费提醒',
    '3',
    '6',
    '${name}的${item}账单${billNo}待缴${amount}元，${payBy}。',
    'name 姓名 · item 项目 · billNo 账单号 · amount 金额 · due 截止日 · payBy 缴费期限（请于截止日前缴纳，或已到期请尽快缴纳）',
  ],
  ['MOVE_CAR', '挪车通知', '3', '7', '您的车辆${plate}停放在${location}，影响他人通行，请尽快挪车。', 'plate 车牌 · location 位置'],
];

/** A school's starting templates (a new school, and the sample school). */
export async function seedTemplates(tx: Executor, tenantId: number, operator: string): Promise<void> {
  await tx
    .insert(messageTemplates)
    .values(
      DEFAULT_TEMPLATES.map(([code, name, channel, scene, content, variables]) => ({ id: newId(), tenantId, createBy: operator, code, name, channel, scene, content, variables, signName: null })),
    );
}

/** The sample school: its templates, and a notice to a class's parents waiting to be published. */
export async function seedMessages(tx: Executor, tenantId: number, operator: string): Promise<void> {
  await seedTemplates(tx, tenantId, operator);
  // The sample school's own rows, in the seed's transaction.
  const work = new Work(tx, tenantId, operator);
  const [klass] = await tx
    .select({ id: memberDepartments.id })
    .from(memberDepartments)
    .where(and(work.school(memberDepartments), eq(memberDepartments.level, 3)))
    // 高一（1）班 (its pupils hold the sample school's cards) when the school has it.
    .orderBy(sql`${memberDepartments.name} <> '高一（1）班'`, memberDepartments.sortNo)
    .limit(1);
  await tx.insert(schoolNotices).values({
    id: newId(),
    tenantId,
    createBy: operator,
    title: '关于本周五家长会的通知',
    content: '<p>各位家长：</p><p>本周五下午 <strong>16:00</strong> 在各班教室召开家长会，请准时参加。</p>',
    kind: '1',
    scope: klass ? '3' : '5',
    deptId: klass?.id ?? null,
    needReceipt: true,
  });
  if (!klass) return;

  // A notice already out to the class's parents, two of them having read it.
  const noticeId = newId();
  const publishedAt = new Date(Date.now() - 2 * 86_400_000);
  const readers = await parentsReached(work, { deptId: klass.id });
  await tx.insert(schoolNotices).values({
    id: noticeId,
    tenantId,
    createBy: operator,
    title: '冬季作息时间调整通知',
    content: '<p>自下周一起，早上到校时间调整为 <strong>7:40</strong>，下午放学时间为 17:10。</p>',
    kind: '2',
    scope: '3',
    deptId: klass.id,
    status: '1',
    publishBy: operator,
    publishedAt,
    total: readers.length,
    readCount: Math.min(2, readers.length),
  });
  if (readers.length)
    await tx.insert(noticeReceipts).values(
      readers.map((reader, index) => ({
        id: newId(),
        tenantId,
        createBy: operator,
        noticeId,
        memberId: reader.memberId,
        parentId: reader.parentId,
        name: reader.name,
        mobile: reader.mobile,
        token: randomBytes(16).toString('base64url'),
        readAt: index < 2 ? new Date(publishedAt.getTime() + (index + 1) * 3_600_000) : null,
      })),
    );

  // A message sent to the class's parents in the console and by text, and its texts in 短信通知.
  const messageId = newId();
  await tx.insert(messages).values({
    id: messageId,
    tenantId,
    createBy: operator,
    createdAt: new Date(publishedAt.getTime() - 600_000),
    billNo: await nextBillNo(tx, tenantId, 'XX', publishedAt),
    title: '家长会提醒',
    content: '本周五 16:00 家长会，请准时到班级教室。',
    channels: '1,3',
    audience: '2',
    scope: '2',
    deptId: klass.id,
    status: '2',
    sentAt: publishedAt,
    sentBy: operator,
  });
  await writeRecipients(work, messageId, { audience: '2', scope: '2', deptId: klass.id, channels: '1,3' }, operator);
  const written = await tx.select().from(messageRecipients).where(eq(messageRecipients.messageId, messageId));
  const texts = written.filter((row) => row.channel === '3' && row.mobile);
  // The gateway takes a few texts a second: each recipient's answer comes a little after the one before.
  const answeredAt = (index: number) => new Date(publishedAt.getTime() + 1_000 + Math.floor(index / 4) * 1_000 + (index % 4) * 170);
  for (const [index, row] of written.entries())
    await tx
      .update(messageRecipients)
      .set({ status: row.channel === '3' && !row.mobile ? '2' : '1', errMsg: row.channel === '3' && !row.mobile ? '无手机号' : null, sentAt: answeredAt(index) })
      .where(eq(messageRecipients.id, row.id));
  if (texts.length)
    await tx.insert(smsLogs).values(
      texts.map((row, index) => ({
        id: newId(),
        tenantId,
        createBy: operator,
        createdAt: answeredAt(index),
        mobile: row.mobile!,
        content: '家长会提醒：本周五 16:00 家长会，请准时到班级教室。',
        parts: 1,
        scene: '1',
        status: '2',
        sentAt: answeredAt(index),
      })),
    );
  const failed = written.filter((row) => row.channel === '3' && !row.mobile).length;
  await tx
    .update(messages)
    .set({ total: written.length, sent: written.length - failed, failed, status: failed ? '3' : '2' })
    .where(eq(messages.id, messageId));
}
