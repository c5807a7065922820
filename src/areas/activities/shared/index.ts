/** 活动管理 as both halves see it: the campaigns and who received what, its place in the menu, its dictionaries. */
import type { SharedArea } from '@shared/areas';
import { entityScreen } from '@shared/menuSeeds';
import { activity } from './entities/activity';
import { activityParticipant } from './entities/participant';

export const activitiesShared = {
  id: 'activities',
  entities: [activity, activityParticipant],
  // One screen of its own at the menu's top level, after 人员管理.
  menu: [{ after: '/members', ...entityScreen(activity, [], [activityParticipant]), icon: 'calendar-days' }],
  dictionaries: [
    {
      code: 'activity_type',
      name: '活动类型',
      items: [
        ['1', '充值赠送'],
        ['2', '消费满减'],
        ['3', '免费餐/加餐'],
        ['4', '报名活动'],
      ],
      english: { '1': 'Recharge gift', '2': 'Spend and save', '3': 'Free or extra meal', '4': 'Sign-up' },
    },
    {
      code: 'activity_status',
      name: '活动状态',
      items: [
        ['0', '草稿', '#8c8c8c'],
        ['1', '待审核', '#faad14'],
        ['2', '进行中', '#52c41a'],
        ['3', '已结束', '#1677ff'],
        ['4', '已停用', '#cf1322'],
        ['5', '未开始', '#13c2c2'],
      ],
      english: { '0': 'Draft', '1': 'Awaiting audit', '2': 'Live', '3': 'Ended', '4': 'Stopped', '5': 'Upcoming' },
    },
    {
      code: 'activity_wallet',
      name: '赠送入账钱包',
      items: [
        ['GIFT', '赠送钱包'],
        ['SUBSIDY', '补助钱包'],
      ],
      english: { GIFT: 'Gift wallet', SUBSIDY: 'Subsidy wallet' },
    },
    {
      code: 'participant_status',
      name: '参与状态',
      items: [
        ['1', '已发放', '#52c41a'],
        ['2', '已撤回', '#8c8c8c'],
        ['3', '未发放', '#cf1322'],
        ['4', '已过期', '#faad14'],
      ],
      english: { '1': 'Given', '2': 'Taken back', '3': 'Not given', '4': 'Expired' },
    },
  ],
  // An online form may refer to a campaign (a sign-up form's 活动).
  onlineRefs: [{ entity: 'activities.activity' }],
} as const satisfies SharedArea;

export { activity, activityParticipant };

export default activitiesShared;
