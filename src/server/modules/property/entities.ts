import { house } from '@shared/entities/property/house';
import { propertyBill } from '@shared/entities/payments/propertyBill';
import { houses, propertyBills } from '../../db/schema';
import type { EntityRegistration } from '../entities';
import { PROPERTY_HOOKS } from '../payments/propertyBills';
import { HOUSE_HOOKS } from './houses';
import { car } from '@shared/entities/property/car';
import { moveCar } from '@shared/entities/property/moveCar';
import { cars, moveCarRequests } from '../../db/schema';
import { CAR_HOOKS, MOVE_CAR_HOOKS } from './cars';
import { repair } from '@shared/entities/property/repair';
import { repairs } from '../../db/schema';
import { COMPLAINT_HOOKS, REPAIR_HOOKS } from './workOrders';
import { complaint } from '@shared/entities/property/complaint';
import { complaints, customers, secondhandItems } from '../../db/schema';
import { customer } from '@shared/entities/property/customer';
import { secondhand } from '@shared/entities/property/secondhand';
import { CUSTOMER_HOOKS, LISTING_HOOKS, NEWS_HOOKS, SECONDHAND_HOOKS, TOPIC_COMMENT_HOOKS, TOPIC_HOOKS } from './residents';
import { topic } from '@shared/entities/property/topic';
import { topicComment } from '@shared/entities/property/topicComment';
import { topicComments, topics } from '../../db/schema';
import { listing } from '@shared/entities/property/listing';
import { news } from '@shared/entities/property/news';
import { listings, propertyNews } from '../../db/schema';
import { mealLeaveRefund } from '@shared/entities/payments/mealLeaveRefund';
import { mealLeaveRefunds } from '../../db/schema';
import { leaveRefundActions } from '../payments/mealLeaveRefunds';

/** 物业's declarations on the engine: the houses (which name their owners), then their property fees. */
export const PROPERTY_ENTITIES: readonly EntityRegistration[] = [
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
];

/** 请假退餐费: refunds of the members' stops, paid through 退款合并's batches (registered after both). */
export const LEAVE_REFUND_ENTITIES: readonly EntityRegistration[] = [[mealLeaveRefund, mealLeaveRefunds, { actions: leaveRefundActions }]];
