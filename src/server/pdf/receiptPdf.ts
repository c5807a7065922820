import { moneyInWords } from '@shared/moneyInWords';
import type { PrintReceipt } from '@shared/demo/screens';
import type { MessageLocale } from '@shared/validation';
import { FONT, renderPdf } from './pdfDocument';
import { INK, MUTED, WORDS, yuan } from './paper';

/** A recharge's 收款单 on A5 (landscape): the payer, the amount in figures and in words, the signatures. */
export async function receiptPdf(receipt: PrintReceipt, channel: string, locale: MessageLocale): Promise<Buffer> {
  const words = WORDS[locale];
  return renderPdf({ size: 'A5', layout: 'landscape', margin: 36, info: { Title: `${words.receipt} ${receipt.txnNo}` } }, (doc) => {
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
}
