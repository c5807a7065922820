import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { announcements } from '../../db/schema';
import { schoolNow } from '../../db/seed/schoolClock';

/** title, body, priority, days ago it was written (at 09:00), state (0 draft · 1 released · 2 revoked), days ago revoked. */
const NOTICES: readonly (readonly [string, string, 'L' | 'M' | 'H', number, '0' | '1' | '2', number?])[] = [
  ['本月伙食补助已发放', '<p>本月伙食补助已发放到各位同学的校园卡补助钱包，每人 <strong>30.00 元</strong>，消费时先扣补助。</p>', 'M', 25, '1'],
  ['一卡通系统升级维护通知', '<p>本周六 22:00–24:00 一卡通系统升级，期间充值与消费暂停。</p>', 'H', 20, '2', 18],
  ['校园卡挂失与补卡办理流程', '<p>校园卡丢失请先在卡务中心或自助机挂失，补卡请带学生证到卡务中心办理，工本费按人员类型收取。</p>', 'L', 14, '1'],
  ['期末考试期间食堂延时供餐通知', '<p>期末考试期间（下周一至周五）午餐供应延长至 <strong>13:30</strong>，晚餐提前至 17:00 开始。</p>', 'M', 6, '1'],
  ['寒假食堂开放安排', '<p>寒假期间仅第一食堂开放，供应时间另行通知。</p>', 'L', 0, '0'],
];

/**
 * 系统通告 of the sample school as its office wrote them over the last weeks: released to everyone
 * (each reader's copy is written when first read), one revoked when its date moved, one draft.
 */
export async function seedAnnouncements(tx: Executor, tenantId: number, operator: string): Promise<void> {
  const now = schoolNow();
  const at = (daysAgo: number) => now.subtract(daysAgo, 'day').hour(9).minute(0).second(0).millisecond(0).toDate();
  await tx.insert(announcements).values(
    NOTICES.map(([titile, msgContent, priority, daysAgo, sendStatus, revokedDaysAgo]) => ({
      id: newId(),
      tenantId,
      createBy: operator,
      createdAt: new Date(Math.min(at(daysAgo).getTime(), Date.now())),
      titile,
      msgContent,
      msgAbstract: msgContent.replace(/<[^>]+>/g, '').slice(0, 60),
      priority,
      msgCategory: '1',
      msgType: 'ALL',
      sendStatus,
      ...(sendStatus === '0' ? {} : { sender: operator, sendTime: at(daysAgo) }),
      ...(revokedDaysAgo === undefined ? {} : { cancelTime: at(revokedDaysAgo) }),
    })),
  );
}
