/** 商铺管理 on the server: categories, shops with their terminals and settlements on the engine, 结算 through the ledger, a paused or closed shop's terminals refused, the sample. */
import { eq } from 'drizzle-orm';
import type { ServerArea } from '@server/registry/areas';
import { shop, shopCategory, shopSettlement, shopsShared } from '../shared';
import { shopRoutes } from './routes';
import { sampleShopSettlement, seedShops } from './seed';
import { SHOP_HOOKS } from './shops';
import { shopCategories, shops, shopSettlements, shopTerminals } from './tables';

export const shopsServer: ServerArea = {
  shared: shopsShared,
  entities: [
    [shopCategory, shopCategories],
    // A shop's change (its state, its terminals) reaches the terminals' memory.
    [shop, shops, ({ terminals }) => ({ ...SHOP_HOOKS, afterChange: () => terminals.changed() }), { terminals: shopTerminals }],
    [shopSettlement, shopSettlements],
  ],
  routes: shopRoutes,
  async terminalRefusal(db, terminalId) {
    const [bound] = await db.select({ status: shops.status }).from(shopTerminals).innerJoin(shops, eq(shops.id, shopTerminals.shopId)).where(eq(shopTerminals.terminalId, terminalId));
    if (!bound || bound.status === '1') return null;
    return bound.status === '2' ? '商铺已暂停营业，终端不能收款' : '商铺已停业，终端不能收款';
  },
  // The shops bound to the platform's till; in the weeks the sample school lives, the first settlement.
  seed: ({ tx, tenantId, by }) => seedShops(tx, tenantId, by),
  sampleDay: sampleShopSettlement,
  messages: {
    商铺不存在: 'No such shop',
    '商铺已暂停营业，终端不能收款': 'The shop is paused: its terminal takes no payments',
    '商铺已停业，终端不能收款': 'The shop is closed: its terminal takes no payments',
    结算截止日不能晚于今天: 'The settlement cannot go past today',
    '结算截止日最晚为昨天（今天的营业尚未结束）': "The settlement goes up to yesterday at the latest (today's trading is not over)",
    结算截止日格式不正确: 'The settlement day is not a date',
  },
};

export { shopCategories, shops, shopSettlements, shopTerminals };

export default shopsServer;
