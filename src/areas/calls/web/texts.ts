/** 亲情通话's texts, under its own prefix, in both languages (the same keys: the type checks it). */
export const callsTextsZh = {
  'calls.phones': '亲情话机',
  'calls.subscriptions': '套餐订购',
  'calls.records': '通话记录',
} as const;

export const callsTextsEn: Record<keyof typeof callsTextsZh, string> = {
  'calls.phones': 'Family phones',
  'calls.subscriptions': 'Subscriptions',
  'calls.records': 'Calls',
};
