import { shopCategory } from '@shared/entities/shops/category';
import { shop } from '@shared/entities/shops/shop';
import { shopSettlement } from '@shared/entities/shops/settlement';
import { shopCategories, shops, shopSettlements, shopTerminals } from '../../db/schema';
import type { EntityRegistration } from '../entities';
import { SHOP_HOOKS } from './shops';

/** 商铺管理's declarations: categories, shops with their terminals, settlements. A shop's change reaches the terminals' cache. */
export const SHOP_ENTITIES: readonly EntityRegistration[] = [
  [shopCategory, shopCategories],
  [shop, shops, ({ terminals }) => ({ ...SHOP_HOOKS, afterChange: () => terminals.changed() }), { terminals: shopTerminals }],
  [shopSettlement, shopSettlements],
];
