/** 物业: the school's houses (DOMAIN.md §14 房屋管理) and their property fees (§7 物业费缴纳). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { businessColumns } from '@server/db/tables/common';
import { billMoneyColumns, billPaymentColumns, billWaiverColumns } from '@server/db/tables/billColumns';
import { members, owners } from '@server/db/tables/members';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** 房屋管理: a house (staff housing, a dormitory, a shop, an office), its area and its owner. */
export const houses = pgTable(
  'prop_house',
  {
    ...businessColumns(),
    building: text('building').notNull(),
    unit: text('unit'),
    floor: integer('floor'),
    room: text('room').notNull(),
    /** 楼栋 + 单元 + 房号 (3栋1单元1201): how lists, bills and owners name it. */
    name: text('name').notNull(),
    layout: text('layout'),
    /** Thousandths of a square metre, so a fee's sum is exact. */
    buildArea: bigint('build_area_milli', { mode: 'number' }).notNull(),
    innerArea: bigint('inner_area_milli', { mode: 'number' }),
    /** house_usage: 1 住宅 · 2 宿舍 · 3 商铺 · 4 办公. */
    usage: text('usage').notNull().default('1'),
    /** house_status: 1 自住 · 2 出租 · 3 空置 · 4 待售 · 5 装修. */
    houseStatus: text('house_status').notNull().default('1'),
    ownerId: text('owner_id').references(() => owners.id),
    /** Integer cents a square metre a month. */
    feePrice: cents('fee_price_cents'),
    handoverDate: date('handover_date', { mode: 'string' }),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('prop_house_name_key')
      .on(t.tenantId, t.name)
      .where(sql`del_flag = 0`),
    index('prop_house_building_idx').on(t.tenantId, t.building),
    index('prop_house_owner_idx').on(t.ownerId),
  ],
);

/**
 * 物业费缴纳: a house's property fee for whole months (计费起止, YYYY-MM), its area × price × months,
 * a waiver audited by a second person, a late fee, and what was paid and refunded — 欠费 kept with them.
 */
export const propertyBills = pgTable(
  'pay_property_bill',
  {
    ...businessColumns(),
    /** WY + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    houseId: text('house_id')
      .notNull()
      .references(() => houses.id),
    /** The house's building and name when billed (the query area's 楼栋). */
    building: text('building').notNull(),
    ownerId: text('owner_id').references(() => owners.id),
    /** Whose card pays 卡余额缴费: the owner's staff member, when they are one. */
    memberId: text('member_id').references(() => members.id),
    area: bigint('area_milli', { mode: 'number' }).notNull(),
    price: cents('price_cents'),
    periodFrom: text('period_from').notNull(),
    periodTo: text('period_to').notNull(),
    months: integer('months').notNull().default(0),
    amount: cents('amount_cents'),
    lateFee: cents('late_fee_cents'),
    // 应收 = amount + late fee.
    ...billMoneyColumns(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** bill_pay_status: 0 未缴 · 1 部分缴 · 2 已缴清 · 3 已退费 · 4 已减免. */
    payStatus: text('pay_status').notNull().default('0'),
    ...billWaiverColumns(),
    ...billPaymentColumns(),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('pay_property_bill_no_key').on(t.tenantId, t.billNo),
    // A house is billed once for a first month (overlaps are refused by the hooks).
    uniqueIndex('pay_property_bill_month_key')
      .on(t.houseId, t.periodFrom)
      .where(sql`del_flag = 0`),
    index('pay_property_bill_building_idx').on(t.tenantId, t.building, t.periodFrom),
    index('pay_property_bill_member_idx').on(t.memberId),
  ],
);

/** 车辆管理: the cars allowed on campus — owners', staff's, monthly renters', visitors', the school's. */
export const cars = pgTable(
  'prop_car',
  {
    ...businessColumns(),
    /** Upper case, as the plate reads (粤B12345, 粤BD12345 for a new-energy car). */
    plateNo: text('plate_no').notNull(),
    /** plate_color: 1 蓝 · 2 黄 · 3 绿(新能源) · 4 白 · 5 黑. */
    plateColor: text('plate_color').notNull().default('1'),
    /** car_type: 1 业主车 · 2 月租车 · 3 教职工车 · 4 访客车 · 5 公务车. */
    carType: text('car_type').notNull().default('1'),
    brand: text('brand'),
    color: text('color'),
    ownerName: text('owner_name').notNull(),
    mobile: text('mobile').notNull(),
    ownerId: text('owner_id').references(() => owners.id),
    memberId: text('member_id').references(() => members.id),
    houseId: text('house_id').references(() => houses.id),
    parkingNo: text('parking_no'),
    validTo: date('valid_to', { mode: 'string' }),
    /** car_status: 1 正常 · 2 过期 · 3 黑名单 — 续期 and 拉黑 by their flow. */
    status: text('status').notNull().default('1'),
    blockReason: text('block_reason'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('prop_car_plate_key')
      .on(t.tenantId, t.plateNo)
      .where(sql`del_flag = 0`),
  ],
);

/** 挪车管理: a request to move a car, matched to its owner by the plate, and the owner told by text. */
export const moveCarRequests = pgTable(
  'prop_move_car',
  {
    ...businessColumns(),
    /** NC + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    applicantName: text('applicant_name').notNull(),
    applicantMobile: text('applicant_mobile').notNull(),
    plateNo: text('plate_no').notNull(),
    plateColor: text('plate_color'),
    location: text('location').notNull(),
    /** move_reason: 1 堵车 · 2 占用车位 · 3 消防通道 · 9 其他. */
    reason: text('reason').notNull(),
    images: text('images'),
    /** The car the plate matched (车辆管理), and its owner as then. */
    carId: text('car_id').references(() => cars.id),
    ownerName: text('owner_name'),
    ownerMobile: text('owner_mobile'),
    /** notify_way: 1 短信 · 2 电话 · 3 公众号. */
    notifyWay: text('notify_way').notNull().default('1'),
    /** move_status: 0 未通知 · 1 已通知 · 2 车主已响应 · 3 已挪车 · 4 无法联系. */
    status: text('status').notNull().default('0'),
    notifyCount: integer('notify_count').notNull().default(0),
    notifiedAt: when('notified_at'),
    handledBy: text('handled_by'),
    handledAt: when('handled_at'),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('prop_move_car_no_key').on(t.tenantId, t.billNo), index('prop_move_car_plate_idx').on(t.tenantId, t.plateNo)],
);

/** 维修管理: a repair work order from its report to its dispatch, the work, the fee (in 缴费记录) and the rating. */
export const repairs = pgTable(
  'prop_repair',
  {
    ...businessColumns(),
    /** WX + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    reporterName: text('reporter_name').notNull(),
    reporterMobile: text('reporter_mobile').notNull(),
    houseId: text('house_id').references(() => houses.id),
    location: text('location').notNull(),
    /** repair_type: 1 水电 · 2 门窗 · 3 管道 · 4 电梯 · 5 公共设施 · 9 其他. */
    repairType: text('repair_type').notNull(),
    /** repair_urgency: 1 一般 · 2 紧急. */
    urgency: text('urgency').notNull().default('1'),
    description: text('description').notNull(),
    images: text('images'),
    appointAt: when('appoint_at'),
    worker: text('worker'),
    /** repair_status: 0 待受理 · 1 已派单 · 2 维修中 · 3 待确认 · 4 已完成 · 5 已评价 · 6 已取消. */
    status: text('status').notNull().default('0'),
    dispatchedBy: text('dispatched_by'),
    dispatchedAt: when('dispatched_at'),
    result: text('result'),
    finishedAt: when('finished_at'),
    /** Integer cents. */
    materialFee: cents('material_fee_cents'),
    laborFee: cents('labor_fee_cents'),
    /** The fee's payment in 缴费记录 (收费), once. */
    payNo: text('pay_no'),
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('prop_repair_no_key').on(t.tenantId, t.billNo), index('prop_repair_status_idx').on(t.tenantId, t.status)],
);

/** 投诉管理: a complaint, suggestion or praise — accepted, handed to someone, answered, followed up. */
export const complaints = pgTable(
  'prop_complaint',
  {
    ...businessColumns(),
    /** TS + the school's yyyyMMdd + a daily sequence. */
    billNo: text('bill_no').notNull(),
    /** complaint_kind: 1 投诉 · 2 建议 · 3 表扬. */
    kind: text('kind').notNull().default('1'),
    /** complaint_category: 1 环境卫生 · 2 安保 · 3 噪音 · 4 设施 · 5 服务态度 · 9 其他. */
    category: text('category').notNull(),
    content: text('content').notNull(),
    images: text('images'),
    submitterName: text('submitter_name').notNull(),
    submitterMobile: text('submitter_mobile').notNull(),
    houseId: text('house_id').references(() => houses.id),
    /** complaint_status: 0 待受理 · 1 处理中 · 2 已处理 · 3 已回访 · 4 已关闭. */
    status: text('status').notNull().default('0'),
    acceptedBy: text('accepted_by'),
    acceptedAt: when('accepted_at'),
    assignee: text('assignee'),
    result: text('result'),
    handledAt: when('handled_at'),
    /** 1–5, from the follow-up call. */
    satisfaction: integer('satisfaction'),
    visitedAt: when('visited_at'),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('prop_complaint_no_key').on(t.tenantId, t.billNo), index('prop_complaint_status_idx').on(t.tenantId, t.status)],
);

/** 客户管理: the property office's contacts — residents, tenants, shops, people interested in a house. */
export const customers = pgTable(
  'prop_customer',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    /** customer_type: 1 业主 · 2 租户 · 3 家属 · 4 商户 · 5 意向客户. */
    customerType: text('customer_type').notNull().default('5'),
    idNo: text('id_no'),
    houseId: text('house_id').references(() => houses.id),
    /** customer_source: 1 来电 · 2 到访 · 3 转介绍 · 4 线上 · 9 其他. */
    source: text('source').notNull().default('1'),
    /** follow_status: 1 待跟进 · 2 跟进中 · 3 已成交 · 4 已流失. */
    followStatus: text('follow_status').notNull().default('1'),
    /** The owner record 转业主 made. */
    ownerId: text('owner_id').references(() => owners.id),
    remark: text('remark'),
  },
  (t) => [index('prop_customer_name_idx').on(t.tenantId, t.name)],
);

/** 二手市场: things for sale between staff and residents, published once audited. */
export const secondhandItems = pgTable(
  'prop_secondhand',
  {
    ...businessColumns(),
    title: text('title').notNull(),
    /** secondhand_category: 1 书籍 · 2 电子 · 3 生活用品 · 4 服饰 · 5 自行车 · 9 其他. */
    category: text('category').notNull(),
    price: cents('price_cents'),
    /** item_condition: 1 全新 · 2 九成新 · 3 八成新 · 9 其他. */
    condition: text('condition').notNull().default('2'),
    description: text('description'),
    images: text('images'),
    publisherName: text('publisher_name').notNull(),
    contact: text('contact').notNull(),
    /** secondhand_status: 0 待审核 · 1 在售 · 2 已售 · 3 已下架 · 4 驳回. */
    status: text('status').notNull().default('0'),
    views: integer('views').notNull().default(0),
    auditBy: text('audit_by'),
    auditTime: when('audit_time'),
    reason: text('reason'),
  },
  (t) => [index('prop_secondhand_status_idx').on(t.tenantId, t.status)],
);

/** 租售管理: a house offered for rent or sale, shown once audited, until a deal or taken down. */
export const listings = pgTable(
  'prop_listing',
  {
    ...businessColumns(),
    houseId: text('house_id')
      .notNull()
      .references(() => houses.id),
    /** listing_type: 1 出租 · 2 出售. */
    listingType: text('listing_type').notNull(),
    /** Integer cents: the rent a month, or the price. */
    price: cents('price_cents'),
    area: bigint('area_milli', { mode: 'number' }),
    layout: text('layout'),
    /** decoration: 1 毛坯 · 2 简装 · 3 精装. */
    decoration: text('decoration'),
    contactName: text('contact_name').notNull(),
    contactMobile: text('contact_mobile').notNull(),
    images: text('images'),
    description: text('description'),
    /** listing_status: 0 待审核 · 1 已上架 · 2 已下架 · 3 已成交 · 4 驳回. */
    status: text('status').notNull().default('0'),
    auditBy: text('audit_by'),
    auditTime: when('audit_time'),
    reason: text('reason'),
  },
  (t) => [index('prop_listing_status_idx').on(t.tenantId, t.status)],
);

/** 物业资讯: the property office's notices and news, drafted, published (one may be pinned), taken offline. */
export const propertyNews = pgTable(
  'prop_news',
  {
    ...businessColumns(),
    title: text('title').notNull(),
    /** news_category: 1 公告 · 2 新闻 · 3 温馨提示 · 4 规章制度. */
    category: text('category').notNull().default('1'),
    cover: text('cover'),
    content: text('content').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    /** news_status: 0 草稿 · 1 已发布 · 2 已下线. */
    status: text('status').notNull().default('0'),
    views: integer('views').notNull().default(0),
    publishedAt: when('published_at'),
  },
  (t) => [index('prop_news_status_idx').on(t.tenantId, t.status)],
);

/** 话题管理: residents' posts, published once audited, blocked, pinned or marked 精华. */
export const topics = pgTable(
  'prop_topic',
  {
    ...businessColumns(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    images: text('images'),
    /** topic_category: 1 校园生活 · 2 邻里互助 · 3 建议反馈 · 4 失物招领 · 9 其他. */
    category: text('category').notNull().default('1'),
    authorName: text('author_name').notNull(),
    likes: integer('likes').notNull().default(0),
    /** Comments not removed, kept with them. */
    comments: integer('comments').notNull().default(0),
    reports: integer('reports').notNull().default(0),
    pinned: boolean('pinned').notNull().default(false),
    featured: boolean('featured').notNull().default(false),
    /** topic_status: 0 待审核 · 1 已发布 · 2 已屏蔽 · 3 已删除. */
    status: text('status').notNull().default('0'),
    auditBy: text('audit_by'),
    auditTime: when('audit_time'),
    reason: text('reason'),
  },
  (t) => [index('prop_topic_status_idx').on(t.tenantId, t.status)],
);

/** A comment on a topic; 删除评论 hides it (kept, with who and why). */
export const topicComments = pgTable(
  'prop_topic_comment',
  {
    ...businessColumns(),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics.id),
    authorName: text('author_name').notNull(),
    content: text('content').notNull(),
    likes: integer('likes').notNull().default(0),
    reports: integer('reports').notNull().default(0),
    /** comment_status: 1 正常 · 2 已删除. */
    status: text('status').notNull().default('1'),
    removedBy: text('removed_by'),
    reason: text('reason'),
  },
  (t) => [index('prop_topic_comment_topic_idx').on(t.topicId)],
);
