import type { Statement } from '@shared/statement';
import type { MessageLocale } from '@shared/validation';
import { FONT, type Pdf } from './pdfDocument';

/** The documents' words, in the console's language. */
export const WORDS = {
  'zh-CN': {
    receipt: '收款单',
    statement: '账户对账单',
    txnNo: '流水号',
    person: '姓名',
    memberNo: '学/工号',
    dept: '部门',
    account: '账号',
    card: '卡号',
    time: '收款时间',
    amount: '金额',
    channel: '收款方式',
    inWords: '金额大写',
    cashAfter: '充值后现金余额',
    cashier: '收款人',
    payer: '缴款人',
    stamp: '盖章',
    period: '对账期间',
    printed: '打印时间',
    opening: '期初余额',
    credits: '本期收入',
    debits: '本期支出',
    closing: '期末余额',
    columns: ['记账时间', '流水号', '交易类型', '摘要', '变动金额', '余额'],
    none: '本期没有交易',
    page: (page: number, pages: number) => `第 ${page} 页 / 共 ${pages} 页`,
  },
  en: {
    receipt: 'Receipt',
    statement: 'Account statement',
    txnNo: 'Transaction no.',
    person: 'Name',
    memberNo: 'Member no.',
    dept: 'Department',
    account: 'Account',
    card: 'Card',
    time: 'Received at',
    amount: 'Amount',
    channel: 'Paid by',
    inWords: 'In words',
    cashAfter: 'Cash balance after',
    cashier: 'Cashier',
    payer: 'Payer',
    stamp: 'Stamp',
    period: 'Period',
    printed: 'Printed at',
    opening: 'Opening balance',
    credits: 'Money in',
    debits: 'Money out',
    closing: 'Closing balance',
    columns: ['Posted at', 'Transaction no.', 'Type', 'Summary', 'Change', 'Balance'],
    none: 'No transactions in this period',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
} as const satisfies Record<MessageLocale, unknown>;
export type Words = (typeof WORDS)[MessageLocale];

export const yuan = (cents: number | null) =>
  cents === null ? '—' : `${cents < 0 ? '-' : ''}¥${(Math.abs(cents) / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** A statement's yuan (numbers of two decimals) to cents, to add wallets exactly. */
export const centsOf = (yuanValue: number) => Math.round(yuanValue * 100);
export const spendable = (balances: Statement['opening']) => centsOf(balances.cash) + centsOf(balances.subsidy) + centsOf(balances.gift);

export const INK = '#1f1f1f';
export const MUTED = '#666666';
export const RULE = '#999999';

/** Writes each page's number at its foot, once every page exists. */
export function numberPages(doc: Pdf, words: Words): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font(FONT.body)
      .fontSize(9)
      .fillColor(MUTED)
      .text(words.page(index - start + 1, count), 0, doc.page.height - 28, { width: doc.page.width, align: 'center' });
    doc.page.margins.bottom = bottom;
  }
}
