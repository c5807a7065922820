import { dateTimeIn } from '@shared/schoolTime';
import type { Statement } from '@shared/statement';
import type { MessageLocale } from '@shared/validation';
import { FONT, renderPdf } from './pdfDocument';
import { centsOf, INK, MUTED, numberPages, RULE, spendable, WORDS, yuan } from './paper';

export interface StatementPaper {
  statement: Statement;
  person: { realName: string; memberNo: string; deptName: string | null };
  school: string;
  zone: string;
  typeText: (type: string) => string;
}

/**
 * A person's 账户对账单 on A4: the period's opening, money in and out and closing, every posting
 * oldest first (the balances read down like a bank book), the columns' heads on every page, the
 * pages numbered.
 */
export async function statementPdf({ statement, person, school, zone, typeText }: StatementPaper, locale: MessageLocale): Promise<Buffer> {
  const words = WORDS[locale];
  const { from, to } = statement;
  return renderPdf({ info: { Title: `${words.statement} ${person.realName} ${from} ~ ${to}` } }, (doc) => {
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
}
