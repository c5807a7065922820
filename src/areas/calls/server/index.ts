/** 亲情通话 on the server: numbers, phones, packages, subscriptions and calls on the engine, the phones' signed API, 家长端's numbers, the daily expiry, the sample. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@server/context';
import { unscoped } from '@server/db/work';
import type { ServerArea } from '@server/registry/areas';
import { callNumber, callPackage, callPhone, callRecord, callsShared, callSubscription } from '../shared';
import { CALL_NUMBER_HOOKS } from './numbers';
import { parentNumberRoutes } from './parentNumbers';
import { phoneRoutes } from './phones';
import { seedCalls } from './seed';
import { expireSubscriptions, PACKAGE_HOOKS, SUBSCRIPTION_HOOKS, subscriptionRoutes } from './subscriptions';
import { callNumbers, callPackages, callPhones, callRecords, callSubscriptions } from './tables';

export const callsServer: ServerArea = {
  shared: callsShared,
  entities: [
    [callNumber, callNumbers, CALL_NUMBER_HOOKS],
    [callPhone, callPhones],
    [callPackage, callPackages, PACKAGE_HOOKS],
    [callSubscription, callSubscriptions, SUBSCRIPTION_HOOKS],
    [callRecord, callRecords],
  ],
  routes(api: FastifyInstance, context: AppContext) {
    phoneRoutes(api, context);
    subscriptionRoutes(api, context);
    parentNumberRoutes(api, context);
  },
  dailyExpiry: async (context) => `${await expireSubscriptions(unscoped(context.db, 'calls: the daily job expires every school’s subscriptions past their end'))} 个通话套餐已过期`,
  seed: ({ tx, tenantId, by }) => seedCalls(tx, tenantId, by),
  messages: {
    话机不存在: 'No such phone',
    亲情通话套餐: 'Family call package',
    退订: 'Cancelled',
    已退订: 'Cancelled',
    请选择称谓: 'Choose the relation',
    '已提交，等待学校审核': 'Submitted: the school will review it',
  },
};

export { callNumbers, callPackages, callPhones, callRecords, callSubscriptions };

export default callsServer;
