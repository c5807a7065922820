/** 商铺管理's texts, under its own prefix, in both languages (the same keys: the type checks it). */
export const shopsTextsZh = {
  'shops.settlements': '结算记录',
  'shops.settlementsOf': '「{name}」的结算记录',
  'shops.choose': '选择一个商铺查看其结算记录',
} as const;

export const shopsTextsEn: Record<keyof typeof shopsTextsZh, string> = {
  'shops.settlements': 'Settlements',
  'shops.settlementsOf': 'Settlements of {name}',
  'shops.choose': 'Choose a shop to see its settlements',
};
