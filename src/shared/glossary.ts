/**
 * The product's business terms: the one English word for each, and the words it must not be
 * called. Every screen, report, dialog, dictionary and menu that uses a term in Chinese says it
 * this way in English (tests/unit/glossary.test.ts sweeps them): a clerk who learnt "Gift" on the
 * account panel finds "Gift" in the year report, never "Bonus". A title may leave its screen's
 * own noun out (档口管理's 档口名称 is "Name"); it may not use another word for it.
 */
export interface GlossaryTerm {
  zh: string;
  en: string;
  /** Other words once used for it, in lower case. */
  not: readonly string[];
}

export const GLOSSARY: readonly GlossaryTerm[] = [
  // The wallets (DOMAIN.md 2.3).
  { zh: '赠送', en: 'Gift', not: ['bonus'] },
  { zh: '补助', en: 'Subsidy', not: ['allowance', 'grant'] },
  { zh: '押金', en: 'Deposit', not: ['guarantee'] },
  // The card office.
  { zh: '充值', en: 'Recharge', not: ['top-up', 'top up', 'topped up', 'charge record'] },
  { zh: '缴费记录', en: 'Fee payment records', not: ['call-pay'] },
  { zh: '档口', en: 'Store', not: ['stall', 'window'] },
];
