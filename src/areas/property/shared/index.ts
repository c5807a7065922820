/**
 * 物业管理 as both halves see it: houses and their owners' property fees (物业费缴纳, under 缴费管理),
 * cars and 挪车, repairs, complaints, customers, the residents' market and news and topics; its
 * menu group, dictionaries, report source and picker.
 */
import type { SharedArea } from '@shared/areas';
import { entityScreen } from '@shared/menuSeeds';
import { car } from './entities/car';
import { complaint } from './entities/complaint';
import { customer } from './entities/customer';
import { house } from './entities/house';
import { listing } from './entities/listing';
import { moveCar } from './entities/moveCar';
import { news } from './entities/news';
import { propertyBill } from './entities/propertyBill';
import { repair } from './entities/repair';
import { secondhand } from './entities/secondhand';
import { topic } from './entities/topic';
import { topicComment } from './entities/topicComment';
import { propertyReportSources } from './reportSources';

export const propertyShared = {
  id: 'property',
  // The houses before the bills that name them.
  entities: [house, propertyBill, car, moveCar, repair, complaint, customer, secondhand, listing, news, topic, topicComment],
  menu: [
    {
      after: '/shops',
      title: '物业管理',
      titleEn: 'Property management',
      path: '/property',
      icon: 'building-2',
      screens: [
        entityScreen(car),
        entityScreen(complaint),
        entityScreen(customer),
        entityScreen(house),
        entityScreen(news),
        entityScreen(listing),
        entityScreen(repair),
        entityScreen(moveCar),
        entityScreen(secondhand),
        entityScreen(topic, [], [topicComment]),
      ],
    },
  ],
  // 物业费缴纳 stays where MENU.md puts it: under 缴费管理, after 电费缴纳.
  menuScreens: [{ group: '/payments', after: '/payments/electric', screen: entityScreen(propertyBill, [['propertyBill:generate', '批量生成', 'Generate in batch']]) }],
  // 到期账单, 线上缴费 and 缴费记录's refunds know the property fee as a kind of bill.
  billKinds: [{ kind: 'property', entity: propertyBill.id, prefix: 'propertyBill' }],
  dictionaries: [
    {
      code: 'plate_color',
      name: '车牌颜色',
      items: [
        ['1', '蓝', '#1677ff'],
        ['2', '黄', '#faad14'],
        ['3', '绿(新能源)', '#52c41a'],
        ['4', '白'],
        ['5', '黑', '#262626'],
      ],
      english: { '1': 'Blue', '2': 'Yellow', '3': 'Green (new energy)', '4': 'White', '5': 'Black' },
    },
    {
      code: 'car_type',
      name: '车辆类型',
      items: [
        ['1', '业主车'],
        ['2', '月租车'],
        ['3', '教职工车'],
        ['4', '访客车'],
        ['5', '公务车'],
      ],
      english: { '1': "Resident's", '2': 'Monthly', '3': "Staff member's", '4': "Visitor's", '5': 'Official' },
    },
    {
      code: 'car_status',
      name: '车辆状态',
      items: [
        ['1', '正常', '#52c41a'],
        ['2', '过期', '#faad14'],
        ['3', '黑名单', '#cf1322'],
      ],
      english: { '1': 'Allowed', '2': 'Expired', '3': 'Blocked' },
    },
    {
      code: 'move_reason',
      name: '挪车原因',
      items: [
        ['1', '堵车'],
        ['2', '占用车位'],
        ['3', '消防通道'],
        ['9', '其他'],
      ],
      english: { '1': 'Blocking a car', '2': 'In a taken space', '3': 'Fire lane', '9': 'Other' },
    },
    {
      code: 'notify_way',
      name: '通知方式',
      items: [
        ['1', '短信'],
        ['2', '电话'],
        ['3', '公众号'],
      ],
      english: { '1': 'Text message', '2': 'Phone', '3': 'Official account' },
    },
    {
      code: 'move_status',
      name: '挪车状态',
      items: [
        ['0', '未通知', '#8c8c8c'],
        ['1', '已通知', '#1677ff'],
        ['2', '车主已响应', '#722ed1'],
        ['3', '已挪车', '#52c41a'],
        ['4', '无法联系', '#cf1322'],
      ],
      english: { '0': 'Not told', '1': 'Told', '2': 'Owner answered', '3': 'Moved', '4': 'Cannot reach' },
    },
    {
      code: 'repair_type',
      name: '维修类型',
      items: [
        ['1', '水电'],
        ['2', '门窗'],
        ['3', '管道'],
        ['4', '电梯'],
        ['5', '公共设施'],
        ['9', '其他'],
      ],
      english: { '1': 'Water and power', '2': 'Doors and windows', '3': 'Pipes', '4': 'Lift', '5': 'Shared facilities', '9': 'Other' },
    },
    {
      code: 'repair_urgency',
      name: '紧急程度',
      items: [
        ['1', '一般'],
        ['2', '紧急', '#cf1322'],
      ],
      english: { '1': 'Normal', '2': 'Urgent' },
    },
    {
      code: 'repair_status',
      name: '维修状态',
      items: [
        ['0', '待受理', '#8c8c8c'],
        ['1', '已派单', '#1677ff'],
        ['2', '维修中', '#722ed1'],
        ['3', '待确认', '#faad14'],
        ['4', '已完成', '#52c41a'],
        ['5', '已评价', '#13c2c2'],
        ['6', '已取消', '#bfbfbf'],
      ],
      english: { '0': 'To accept', '1': 'Dispatched', '2': 'Under repair', '3': 'To confirm', '4': 'Done', '5': 'Rated', '6': 'Cancelled' },
    },
    {
      code: 'complaint_kind',
      name: '投诉类型',
      items: [
        ['1', '投诉', '#cf1322'],
        ['2', '建议', '#1677ff'],
        ['3', '表扬', '#52c41a'],
      ],
      english: { '1': 'Complaint', '2': 'Suggestion', '3': 'Praise' },
    },
    {
      code: 'complaint_category',
      name: '投诉分类',
      items: [
        ['1', '环境卫生'],
        ['2', '安保'],
        ['3', '噪音'],
        ['4', '设施'],
        ['5', '服务态度'],
        ['9', '其他'],
      ],
      english: { '1': 'Cleanliness', '2': 'Security', '3': 'Noise', '4': 'Facilities', '5': 'Service', '9': 'Other' },
    },
    {
      code: 'complaint_status',
      name: '投诉状态',
      items: [
        ['0', '待受理', '#8c8c8c'],
        ['1', '处理中', '#1677ff'],
        ['2', '已处理', '#faad14'],
        ['3', '已回访', '#52c41a'],
        ['4', '已关闭', '#bfbfbf'],
      ],
      english: { '0': 'To accept', '1': 'Being handled', '2': 'Handled', '3': 'Followed up', '4': 'Closed' },
    },
    {
      code: 'customer_type',
      name: '客户类型',
      items: [
        ['1', '业主'],
        ['2', '租户'],
        ['3', '家属'],
        ['4', '商户'],
        ['5', '意向客户'],
      ],
      english: { '1': 'Owner', '2': 'Tenant', '3': 'Family', '4': 'Shop', '5': 'Prospect' },
    },
    {
      code: 'customer_source',
      name: '客户来源',
      items: [
        ['1', '来电'],
        ['2', '到访'],
        ['3', '转介绍'],
        ['4', '线上'],
        ['9', '其他'],
      ],
      english: { '1': 'Phone', '2': 'Visit', '3': 'Referral', '4': 'Online', '9': 'Other' },
    },
    {
      code: 'follow_status',
      name: '跟进状态',
      items: [
        ['1', '待跟进', '#8c8c8c'],
        ['2', '跟进中', '#1677ff'],
        ['3', '已成交', '#52c41a'],
        ['4', '已流失', '#bfbfbf'],
      ],
      english: { '1': 'To follow up', '2': 'Following up', '3': 'Closed a deal', '4': 'Lost' },
    },
    {
      code: 'secondhand_category',
      name: '二手分类',
      items: [
        ['1', '书籍'],
        ['2', '电子'],
        ['3', '生活用品'],
        ['4', '服饰'],
        ['5', '自行车'],
        ['9', '其他'],
      ],
      english: { '1': 'Books', '2': 'Electronics', '3': 'Household', '4': 'Clothes', '5': 'Bicycles', '9': 'Other' },
    },
    {
      code: 'item_condition',
      name: '成色',
      items: [
        ['1', '全新'],
        ['2', '九成新'],
        ['3', '八成新'],
        ['9', '其他'],
      ],
      english: { '1': 'New', '2': 'Like new', '3': 'Good', '9': 'Other' },
    },
    {
      code: 'secondhand_status',
      name: '二手状态',
      items: [
        ['0', '待审核', '#faad14'],
        ['1', '在售', '#52c41a'],
        ['2', '已售', '#1677ff'],
        ['3', '已下架', '#bfbfbf'],
        ['4', '驳回', '#cf1322'],
      ],
      english: { '0': 'To audit', '1': 'On sale', '2': 'Sold', '3': 'Taken down', '4': 'Rejected' },
    },
    {
      code: 'listing_type',
      name: '租售类型',
      items: [
        ['1', '出租'],
        ['2', '出售'],
      ],
      english: { '1': 'To let', '2': 'For sale' },
    },
    {
      code: 'decoration',
      name: '装修',
      items: [
        ['1', '毛坯'],
        ['2', '简装'],
        ['3', '精装'],
      ],
      english: { '1': 'Bare', '2': 'Basic', '3': 'Fully finished' },
    },
    {
      code: 'listing_status',
      name: '租售状态',
      items: [
        ['0', '待审核', '#faad14'],
        ['1', '已上架', '#52c41a'],
        ['2', '已下架', '#bfbfbf'],
        ['3', '已成交', '#1677ff'],
        ['4', '驳回', '#cf1322'],
      ],
      english: { '0': 'To audit', '1': 'Shown', '2': 'Taken down', '3': 'Deal done', '4': 'Rejected' },
    },
    {
      code: 'news_category',
      name: '资讯分类',
      items: [
        ['1', '公告'],
        ['2', '新闻'],
        ['3', '温馨提示'],
        ['4', '规章制度'],
      ],
      english: { '1': 'Notice', '2': 'News', '3': 'Reminder', '4': 'Rules' },
    },
    {
      code: 'news_status',
      name: '发布状态',
      items: [
        ['0', '草稿', '#8c8c8c'],
        ['1', '已发布', '#52c41a'],
        ['2', '已下线', '#bfbfbf'],
      ],
      english: { '0': 'Draft', '1': 'Published', '2': 'Offline' },
    },
    {
      code: 'topic_category',
      name: '话题分类',
      items: [
        ['1', '校园生活'],
        ['2', '邻里互助'],
        ['3', '建议反馈'],
        ['4', '失物招领'],
        ['9', '其他'],
      ],
      english: { '1': 'Campus life', '2': 'Neighbours helping', '3': 'Suggestions', '4': 'Lost and found', '9': 'Other' },
    },
    {
      code: 'topic_status',
      name: '话题状态',
      items: [
        ['0', '待审核', '#faad14'],
        ['1', '已发布', '#52c41a'],
        ['2', '已屏蔽', '#cf1322'],
        ['3', '已删除', '#bfbfbf'],
      ],
      english: { '0': 'To audit', '1': 'Published', '2': 'Blocked', '3': 'Removed' },
    },
    {
      code: 'comment_status',
      name: '评论状态',
      items: [
        ['1', '正常', '#52c41a'],
        ['2', '已删除', '#bfbfbf'],
      ],
      english: { '1': 'Shown', '2': 'Removed' },
    },
    {
      code: 'house_usage',
      name: '房屋用途',
      items: [
        ['1', '住宅'],
        ['2', '宿舍'],
        ['3', '商铺'],
        ['4', '办公'],
      ],
      english: { '1': 'Home', '2': 'Dormitory', '3': 'Shop', '4': 'Office' },
    },
    {
      code: 'house_status',
      name: '房屋状态',
      items: [
        ['1', '自住', '#52c41a'],
        ['2', '出租', '#1677ff'],
        ['3', '空置', '#8c8c8c'],
        ['4', '待售', '#faad14'],
        ['5', '装修', '#722ed1'],
      ],
      english: { '1': 'Owner-occupied', '2': 'Let', '3': 'Vacant', '4': 'For sale', '5': 'Being renovated' },
    },
  ],
  // An online form's reference field may name a house, with its picker.
  onlineRefs: [{ entity: 'property.house', picker: true }],
  reportSources: propertyReportSources,
  // 选择房屋: the house picker of a property bill.
  pickers: [
    {
      code: 'house_pick',
      name: '选择房屋',
      source: 'houses',
      columns: [
        { field: 'name', queryMode: 'like' },
        { field: 'building', queryMode: 'eq' },
        { field: 'buildArea' },
        { field: 'usage', queryMode: 'eq', hidden: true },
        { field: 'houseStatus' },
        { field: 'ownerName', queryMode: 'like' },
        { field: 'ownerPhone' },
      ],
    },
  ],
} as const satisfies SharedArea;

export { car, complaint, customer, house, listing, moveCar, news, propertyBill, repair, secondhand, topic, topicComment };

export default propertyShared;
