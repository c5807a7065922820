/**
 * 物业管理 on the server: houses, property fees (billed, waived by two people, paid and refunded
 * through the ledger, paid online), cars with their barriers, the residents' records, its approval
 * on 首页, its report source, the sample.
 */
import { eq } from 'drizzle-orm';
import type { ServerArea } from '@server/registry/areas';
import type { BillBook, BillMoney } from '@server/modules/payments/billLedger';
import { car, complaint, customer, house, listing, moveCar, news, propertyBill, propertyShared, repair, secondhand, topic, topicComment } from '../shared';
import { barrierRoutes } from './barriers';
import { CAR_HOOKS, MOVE_CAR_HOOKS } from './cars';
import { HOUSE_HOOKS } from './houses';
import { PROPERTY_BOOK, PROPERTY_HOOKS, propertyRoutes } from './propertyBills';
import { propertyReportQueries } from './reportQueries';
import { CUSTOMER_HOOKS, LISTING_HOOKS, NEWS_HOOKS, SECONDHAND_HOOKS, TOPIC_COMMENT_HOOKS, TOPIC_HOOKS } from './residents';
import { seedProperty } from './seed';
import { cars, complaints, customers, houses, listings, moveCarRequests, propertyBills, propertyNews, repairs, secondhandItems, topicComments, topics } from './tables';
import { COMPLAINT_HOOKS, REPAIR_HOOKS } from './workOrders';

export const propertyServer: ServerArea = {
  shared: propertyShared,
  entities: [
    [house, houses, HOUSE_HOOKS],
    [propertyBill, propertyBills, PROPERTY_HOOKS],
    [car, cars, CAR_HOOKS],
    [moveCar, moveCarRequests, MOVE_CAR_HOOKS],
    [repair, repairs, REPAIR_HOOKS],
    [complaint, complaints, COMPLAINT_HOOKS],
    [customer, customers, CUSTOMER_HOOKS],
    [secondhand, secondhandItems, SECONDHAND_HOOKS],
    [listing, listings, LISTING_HOOKS],
    [news, propertyNews, NEWS_HOOKS],
    [topic, topics, TOPIC_HOOKS],
    [topicComment, topicComments, TOPIC_COMMENT_HOOKS],
  ],
  // 批量生成 of property fees; the barriers' signed list API.
  routes(api, context) {
    propertyRoutes(api, context);
    barrierRoutes(api, context);
  },
  // 车辆名单 (8) goes to the barriers from 下发道闸 only.
  pushTypes: { '8': { madeElsewhere: { 'zh-CN': '车辆名单由车辆管理的下发道闸下发', en: 'Cars are sent to the barriers from 车辆管理 (下发道闸)' } } },
  billBooks: { property: PROPERTY_BOOK as unknown as BillBook<BillMoney> },
  approvals: [
    {
      title: { 'zh-CN': '物业费减免待审核', en: 'Property-fee waivers to audit' },
      spec: propertyBill,
      action: 'approveWaive',
      table: propertyBills,
      waiting: eq(propertyBills.waiveStatus, '1'),
      makers: [propertyBills.waiveBy],
    },
  ],
  reportQueries: propertyReportQueries,
  seed: ({ tx, tenantId, by }) => seedProperty(tx, tenantId, by),
  messages: {
    物业费: 'Property fee',
    未设置物业费单价: 'No fee price is set',
    未绑定业主: 'No owner is bound',
    房屋改为出租: 'The house is let now',
    房屋改为自住: 'The house is lived in now',
    房屋未绑定业主: 'The house has no owner bound',
  },
};

export default propertyServer;
