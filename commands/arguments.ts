import type { InlineArg } from './types';

/**
 * The arguments commands take typed after their name in the palette (`充值 20230001 50`), the
 * same names as a link's parameters (`/do/account.recharge?person=20230001&amount=50`).
 */
export const PERSON_ARG: InlineArg = { name: 'person', kind: 'person', title: { 'zh-CN': '人员', en: 'Person' } };
export const AMOUNT_ARG: InlineArg = { name: 'amount', kind: 'amount', title: { 'zh-CN': '金额', en: 'Amount' } };
export const DAY_ARG: InlineArg = { name: 'day', kind: 'date', title: { 'zh-CN': '日期', en: 'Day' } };
