import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { Work } from '../../db/work';
import { memberDepartments, messageTemplates, schoolNotices } from '../../db/schema';

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

/** The sample school: its templates, and a notice to a class's parents waiting to be published (what went out is lived: sampleSchool/parentMessages.ts). */
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
}
