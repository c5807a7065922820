import { addDays } from '@shared/schoolTime';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { announcements } from '../db/schema';
import { inSchool } from '../db/work';
import type { SampleDay, SampleEvent } from '../registry/areas';
import { announcementActions } from '../modules/announcements/announcement.actions';
import { takeFlowStep } from './flowStep';

/** title, body, priority, the day it is written (days before today), and what becomes of it: released (and revoked days later), or left a draft. */
const NOTICES: readonly (readonly [string, string, 'L' | 'M' | 'H', number, { released: boolean; revokedAfter?: number }])[] = [
  ['本月伙食补助已发放', '<p>本月伙食补助已发放到各位同学的校园卡补助钱包，每人 <strong>30.00 元</strong>，消费时先扣补助。</p>', 'M', 25, { released: true }],
  ['一卡通系统升级维护通知', '<p>本周六 22:00–24:00 一卡通系统升级，期间充值与消费暂停。</p>', 'H', 20, { released: true, revokedAfter: 2 }],
  ['校园卡挂失与补卡办理流程', '<p>校园卡丢失请先在卡务中心或自助机挂失，补卡请带学生证到卡务中心办理，工本费按人员类型收取。</p>', 'L', 14, { released: true }],
  ['期末考试期间食堂延时供餐通知', '<p>期末考试期间（下周一至周五）午餐供应延长至 <strong>13:30</strong>，晚餐提前至 17:00 开始。</p>', 'M', 6, { released: true }],
  ['寒假食堂开放安排', '<p>寒假期间仅第一食堂开放，供应时间另行通知。</p>', 'L', 1, { released: false }],
];

/**
 * 系统通告 of the sample weeks, as the school office wrote them: each written at 09:00 (新增, a
 * draft), released to everyone by 发布 five minutes later (its own effect: the consoles told
 * through the outbox; an everyone-notice's read copies are written when first read); one revoked
 * when its date moved; yesterday's still a draft.
 */
export function announcementsOf(db: Database, tenantId: number, by: string, today: string) {
  const written = new Map<string, string>();
  const worker = { tenantId, username: by };

  const write = (day: SampleDay, [titile, msgContent, priority]: (typeof NOTICES)[number]): SampleEvent => ({
    at: day.at('09:00'),
    run: () =>
      inSchool(db, worker, async (work) => {
        const [row] = await work.insert(announcements, {
          id: newId(),
          titile,
          msgContent,
          msgAbstract: msgContent.replace(/<[^>]+>/g, '').slice(0, 60),
          priority,
          msgCategory: '1',
          msgType: 'ALL',
          sendStatus: '0',
        });
        written.set(titile, row!.id);
      }),
  });

  const step = (day: SampleDay, titile: string, action: 'release' | 'revoke', time: string): SampleEvent => ({
    at: day.at(time),
    run: () =>
      inSchool(db, worker, async (work) => {
        const [row] = await work.lock(announcements, written.get(titile) ?? '');
        if (!row) return;
        const result = await announcementActions[action]!({ tx: work.tx, work, row, input: {}, context: undefined as never, caller: undefined as never });
        await takeFlowStep(work, announcements, 'system.announcement', action, row, result);
      }),
  });

  return {
    day(day: SampleDay): SampleEvent[] {
      const events: SampleEvent[] = [];
      for (const notice of NOTICES) {
        const [titile, , , daysAgo, { released, revokedAfter }] = notice;
        const writtenOn = addDays(today, -daysAgo);
        if (writtenOn === day.date) {
          events.push(write(day, notice));
          if (released) events.push(step(day, titile, 'release', '09:05'));
        }
        if (revokedAfter !== undefined && addDays(writtenOn, revokedAfter) === day.date) events.push(step(day, titile, 'revoke', '09:00'));
      }
      return events;
    },
  };
}
