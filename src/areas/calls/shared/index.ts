/** 亲情通话 as both halves see it: family numbers, phones, packages, subscriptions and calls, its menu group, its dictionaries. */
import type { SharedArea } from '@shared/areas';
import { entityScreen } from '@shared/menuSeeds';
import { callNumber } from './entities/number';
import { callPackage } from './entities/package';
import { callPhone } from './entities/phone';
import { callRecord } from './entities/record';
import { callSubscription } from './entities/subscription';

export const callsShared = {
  id: 'calls',
  entities: [callNumber, callPhone, callPackage, callSubscription, callRecord],
  menu: [
    {
      after: '/messages',
      title: '亲情通话',
      titleEn: 'Family calls',
      path: '/calls',
      icon: 'phone',
      screens: [entityScreen(callNumber, [['callPhone:issueKey', '生成话机密钥', 'Issue a phone key']], [callPhone]), entityScreen(callPackage, [], [callSubscription, callRecord])],
    },
  ],
  dictionaries: [
    {
      code: 'call_number_status',
      name: '亲情号码状态',
      items: [
        ['1', '启用', '#52c41a'],
        ['2', '停用', '#8c8c8c'],
      ],
      english: { '1': 'In use', '2': 'Stopped' },
    },
    {
      code: 'call_audit',
      name: '亲情号码审核',
      items: [
        ['0', '待审核', '#faad14'],
        ['1', '已通过', '#52c41a'],
        ['2', '已驳回', '#cf1322'],
      ],
      english: { '0': 'Awaiting audit', '1': 'Approved', '2': 'Rejected' },
    },
    {
      code: 'call_source',
      name: '亲情号码来源',
      items: [
        ['1', '后台'],
        ['2', '家长端'],
      ],
      english: { '1': 'Console', '2': 'Parent app' },
    },
    {
      code: 'call_push',
      name: '下发状态',
      items: [
        ['0', '待下发', '#faad14'],
        ['1', '已下发', '#52c41a'],
      ],
      english: { '0': 'To push', '1': 'Pushed' },
    },
    {
      code: 'call_device',
      name: '话机类型',
      items: [
        ['1', '语音话机'],
        ['2', '视频话机'],
      ],
      english: { '1': 'Voice phone', '2': 'Video phone' },
    },
    {
      code: 'call_kind',
      name: '套餐类型',
      items: [
        ['1', '语音'],
        ['2', '视频'],
        ['3', '语音+视频'],
      ],
      english: { '1': 'Voice', '2': 'Video', '3': 'Voice and video' },
    },
    {
      code: 'package_status',
      name: '上架状态',
      items: [
        ['1', '上架', '#52c41a'],
        ['0', '下架', '#8c8c8c'],
      ],
      english: { '1': 'On sale', '0': 'Off sale' },
    },
    {
      code: 'call_sub_status',
      name: '套餐状态',
      items: [
        ['0', '待支付', '#faad14'],
        ['1', '生效', '#52c41a'],
        ['2', '已过期', '#8c8c8c'],
        ['3', '已退订', '#cf1322'],
      ],
      english: { '0': 'Awaiting payment', '1': 'Active', '2': 'Expired', '3': 'Cancelled' },
    },
    {
      // A subscription has no due date and no waiver: of a bill's payment states, these four.
      code: 'call_pay_status',
      name: '套餐缴费状态',
      items: [
        ['0', '未缴', '#faad14'],
        ['1', '部分缴费', '#1677ff'],
        ['2', '已缴清', '#52c41a'],
        ['3', '已退费', '#8c8c8c'],
      ],
      english: { '0': 'Unpaid', '1': 'Part paid', '2': 'Paid', '3': 'Refunded' },
    },
    {
      code: 'call_result',
      name: '通话结果',
      items: [
        ['1', '已接通', '#52c41a'],
        ['2', '拒绝', '#cf1322'],
      ],
      english: { '1': 'Connected', '2': 'Refused' },
    },
  ],
} as const satisfies SharedArea;

export { callNumber, callPackage, callPhone, callRecord, callSubscription };

export default callsShared;
