import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { moneyInWords } from '@shared/moneyInWords';
import { menuCodeForPath } from '@shared/permissions';
import { dateTimeIn, dayIn } from '@shared/schoolTime';
import type { Statement } from '@shared/statement';
import type { MessageLocale } from '@shared/validation';
import type { AppContext } from '../../context';
import { tenants } from '../../db/schema';
import { authOf } from '../../http/auth';
import { ApiError } from '../../http/envelope';
import { parseInput, schoolDate } from '../../http/validate';
import { FONT, renderPdf, type Pdf } from '../../pdf/pdfDocument';
import { accountStatement, statementRange } from '../ledger/statement';
import { schoolZone } from '../schools/settings';
import { latestRecharges, personWithAccount } from './demoScreens';

/** The documents' words, in the console's language. */
const WORDS = {
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
type Words = (typeof WORDS)[MessageLocale];

const receiptQuery = z.object({ txnNo: z.string().trim().min(1).max(64) });
const statementQuery = z.object({ memberId: z.string().trim().min(1).max(64), from: schoolDate.optional(), to: schoolDate.optional() });

const yuan = (cents: number | null) => (cents === null ? '—' : `${cents < 0 ? '-' : ''}¥${(Math.abs(cents) / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
/** A statement's yuan (numbers of two decimals) to cents, to add wallets exactly. */
const centsOf = (yuanValue: number) => Math.round(yuanValue * 100);
const spendable = (balances: Statement['opening']) => centsOf(balances.cash) + centsOf(balances.subsidy) + centsOf(balances.gift);

const INK = '#1f1f1f';
const MUTED = '#666666';
const RULE = '#999999';

/** Writes each page's number at its foot, once every page exists. */
function numberPages(doc: Pdf, words: Words): void {
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

/** Sends a PDF to be shown in the page (or saved under its name). */
function sendPdf(reply: FastifyReply, name: string, bytes: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(bytes);
}

/**
 * PDF 预览's documents, made on the server from the ledger: a recharge's 收款单 (A5, the amount in
 * words and the signatures) and a person's 账户对账单 over a range of school days (A4, opening and
 * closing balances, every posting oldest first, the columns' heads on every page, pages numbered).
 */
export function pdfScreenRoutes(api: FastifyInstance, { db, dictionaries }: AppContext): void {
  const permission = menuCodeForPath('/demo/pdf');
  const schoolName = async (tenantId: number) => (await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)))[0]?.name ?? '';

  api.get('/home/pdf/receipt', { config: { permission } }, async (request, reply) => {
    const caller = authOf(request);
    const { txnNo } = parseInput(receiptQuery, request.query);
    const [receipt] = await latestRecharges(db, caller.tenantId, txnNo);
    if (!receipt) throw new ApiError(404, '未找到该充值记录', 'The recharge is not found');
    const words = WORDS[caller.locale];
    const channels = await dictionaries.listOf('recharge_channel', caller.tenantId, caller.locale);
    const channel = receipt.channel ? (channels.find((item) => item.value === receipt.channel)?.text ?? receipt.channel) : '—';
    const bytes = await renderPdf({ size: 'A5', layout: 'landscape', margin: 36, info: { Title: `${words.receipt} ${receipt.txnNo}` } }, (doc) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      doc.fillColor(INK).font(FONT.bold).fontSize(18).text(words.receipt, left, 36, { width, align: 'center' });
      doc.font(FONT.body).fontSize(9).fillColor(MUTED);
      const top = 66;
      doc.text(receipt.school, left, top, { width: width / 2 });
      doc.text(`${words.txnNo}：${receipt.txnNo}`, left + width / 2, top, { width: width / 2, align: 'right' });
      // A four-column grid: heading, value, heading, value; the amount in words spans the row.
      const rows: (readonly [string, string, string, string] | readonly [string, string])[] = [
        [words.person, `${receipt.realName}（${receipt.memberNo}）`, words.dept, receipt.deptName ?? '—'],
        [words.account, receipt.accountNo, words.card, receipt.cardNo ?? '—'],
        [words.amount, yuan(receipt.amount), words.channel, channel],
        [words.time, receipt.postedAt, words.cashAfter, yuan(receipt.cashAfter)],
        [words.inWords, moneyInWords(receipt.amount)],
      ];
      const head = width * 0.2;
      const value = width / 2 - head;
      const height = 30;
      let y = top + 18;
      doc.lineWidth(0.8).strokeColor(INK).fillColor(INK).fontSize(11);
      for (const row of rows) {
        const cells = row.length === 4 ? [head, value, head, value] : [head, width - head];
        let x = left;
        row.forEach((text, index) => {
          const cellWidth = cells[index]!;
          if (index % 2 === 0) doc.rect(x, y, cellWidth, height).fillAndStroke('#f2f2f2', INK).fillColor(INK);
          else doc.rect(x, y, cellWidth, height).stroke();
          doc.font(index % 2 === 0 ? FONT.bold : FONT.body).text(text, x + 6, y + 9, { width: cellWidth - 12, height: height - 10, ellipsis: true, lineBreak: false });
          x += cellWidth;
        });
        y += height;
      }
      y += 36;
      doc.font(FONT.body).fontSize(11);
      doc.text(`${words.payer}：__________`, left, y, { width: width / 3 });
      doc.text(`${words.cashier}：${receipt.operator}`, left + width / 3, y, { width: width / 3, align: 'center' });
      doc.text(`${words.stamp}：__________`, left + (2 * width) / 3, y, { width: width / 3, align: 'right' });
    });
    return sendPdf(reply, `${words.receipt}_${receipt.txnNo}.pdf`, bytes);
  });

  api.get('/home/pdf/statement', { config: { permission } }, async (request, reply) => {
    const caller = authOf(request);
    const query = parseInput(statementQuery, request.query);
    const person = await personWithAccount(db, caller.tenantId, query.memberId);
    if (!person.accountId) throw new ApiError(404, '该人员尚未开户', 'This person has no account');
    const zone = await schoolZone(db, caller.tenantId);
    const { from, to } = statementRange(dayIn(zone), query);
    const statement = await accountStatement(db, caller.tenantId, { accountId: person.accountId, from, to, pageNo: 1, pageSize: 10_000 });
    const words = WORDS[caller.locale];
    const types = await dictionaries.listOf('txn_type', caller.tenantId, caller.locale);
    const typeText = (type: string) => types.find((item) => item.value === type)?.text ?? type;
    const school = await schoolName(caller.tenantId);
    const bytes = await renderPdf({ info: { Title: `${words.statement} ${person.realName} ${from} ~ ${to}` } }, (doc) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      doc.fillColor(INK).font(FONT.body).fontSize(11).text(school, left, 40, { width, align: 'center' });
      doc.font(FONT.bold).fontSize(18).text(words.statement, left, 58, { width, align: 'center' });
      doc.font(FONT.body).fontSize(10);
      let y = 92;
      const half = width / 2;
      doc.text(`${words.person}：${person.realName}（${person.memberNo}）`, left, y, { width: half });
      doc.text(`${words.dept}：${person.deptName ?? '—'}`, left + half, y, { width: half, align: 'right' });
      y += 16;
      doc.text(`${words.account}：${statement.account.accountNo}`, left, y, { width: half });
      doc.text(`${words.period}：${from} ~ ${to}`, left + half, y, { width: half, align: 'right' });
      y += 16;
      doc.fillColor(MUTED).text(`${words.printed}：${dateTimeIn(zone)}`, left, y, { width });
      y += 22;
      // The period in four boxes: what it opened with, took in, paid out and closed with.
      const sums = [
        [words.opening, spendable(statement.opening)],
        [words.credits, centsOf(statement.credits)],
        [words.debits, centsOf(statement.debits)],
        [words.closing, spendable(statement.closing)],
      ] as const;
      const box = width / sums.length;
      sums.forEach(([label, cents], index) => {
        const x = left + index * box;
        doc.lineWidth(0.6).strokeColor(RULE).rect(x, y, box, 42).stroke();
        doc
          .fillColor(MUTED)
          .fontSize(9)
          .text(label, x, y + 7, { width: box, align: 'center' });
        doc
          .fillColor(INK)
          .font(FONT.bold)
          .fontSize(13)
          .text(yuan(cents), x, y + 21, { width: box, align: 'center' });
        doc.font(FONT.body);
      });
      y += 58;
      // The postings, oldest first: the balances read down like a bank book.
      const widths = [92, 112, 58, 0, 64, 64];
      widths[3] = width - widths.reduce((sum, part) => sum + part, 0);
      const right = [false, false, false, false, true, true];
      const rowHeight = 18;
      const bottom = doc.page.height - doc.page.margins.bottom - 20;
      const row = (cells: readonly string[], at: number, bold: boolean) => {
        let x = left;
        doc
          .font(bold ? FONT.bold : FONT.body)
          .fontSize(8.5)
          .fillColor(INK);
        cells.forEach((text, index) => {
          doc.text(text, x + 3, at + 5, { width: widths[index]! - 6, align: right[index] ? 'right' : 'left', lineBreak: false, ellipsis: true, height: rowHeight });
          x += widths[index]!;
        });
      };
      const heads = (at: number) => {
        doc.rect(left, at, width, rowHeight).fill('#eef3f8');
        row(words.columns, at, true);
        return at + rowHeight;
      };
      y = heads(y);
      const lines = [...statement.records].reverse();
      if (!lines.length)
        doc
          .font(FONT.body)
          .fontSize(10)
          .fillColor(MUTED)
          .text(words.none, left, y + 12, { width, align: 'center' });
      lines.forEach((line, index) => {
        if (y + rowHeight > bottom) {
          doc.addPage();
          y = heads(doc.page.margins.top);
        }
        if (index % 2 === 1) doc.rect(left, y, width, rowHeight).fill('#fafafa');
        const change = centsOf(line.change);
        row([line.postedAt, line.txnNo, typeText(line.txnType), line.summary ?? '', `${change > 0 ? '+' : ''}${yuan(change)}`, yuan(spendable(line.after))], y, false);
        doc
          .moveTo(left, y + rowHeight)
          .lineTo(left + width, y + rowHeight)
          .lineWidth(0.3)
          .strokeColor('#dddddd')
          .stroke();
        y += rowHeight;
      });
      numberPages(doc, words);
    });
    return sendPdf(reply, `${words.statement}_${person.memberNo}_${from}_${to}.pdf`, bytes);
  });
}
