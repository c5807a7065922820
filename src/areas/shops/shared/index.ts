/** 商铺管理 as both halves see it: categories, shops with their terminals, settlements, its menu group, its dictionaries. */
import type { SharedArea } from '@shared/areas';
import { entityScreen } from '@shared/menuSeeds';
import { shopCategory } from './entities/category';
import { shopSettlement } from './entities/settlement';
import { shop } from './entities/shop';

export const shopsShared = {
  id: 'shops',
  entities: [shopCategory, shop, shopSettlement],
  menu: [
    {
      after: '/calls',
      title: '商铺管理',
      titleEn: 'Shops',
      path: '/shops',
      icon: 'store',
      screens: [entityScreen(shopCategory), entityScreen(shop, [], [shopSettlement])],
    },
  ],
  dictionaries: [
    {
      code: 'shop_status',
      name: '经营状态',
      items: [
        ['1', '营业', '#52c41a'],
        ['2', '暂停', '#faad14'],
        ['3', '关闭', '#8c8c8c'],
      ],
      english: { '1': 'Open', '2': 'Paused', '3': 'Closed' },
    },
    {
      code: 'settle_way',
      name: '解款方式',
      items: [
        ['1', '现金'],
        ['2', '银行转账'],
      ],
      english: { '1': 'Cash', '2': 'Bank transfer' },
    },
  ],
  // An online form's reference field may name a shop.
  onlineRefs: [{ entity: 'shops.shop' }],
} as const satisfies SharedArea;

export { shop, shopCategory, shopSettlement };

export default shopsShared;
