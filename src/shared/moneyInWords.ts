/**
 * An amount in Chinese capital numerals (大写金额), as bills and receipts print it beside the figures:
 * 1234.56 → 壹仟贰佰叁拾肆元伍角陆分. By the settlement rules an amount ending at 元 or 角 takes 整;
 * one ending at 分 does not; zeros inside are read once (壹仟零伍元).
 */
const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['仟', '佰', '拾', ''];
const SECTIONS = ['', '万', '亿', '万亿'];

export function moneyInWords(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not an amount in cents: ${cents}`);
  if (cents < 0) return `负${moneyInWords(-cents)}`;
  const yuan = Math.floor(cents / 100);
  const jiao = Math.floor(cents / 10) % 10;
  const fen = cents % 10;
  let whole = '';
  // Four digits a section (个 → 万 → 亿), each section's zeros read once, and once between sections.
  const text = String(yuan);
  const sections: string[] = [];
  for (let end = text.length; end > 0; end -= 4) sections.unshift(text.slice(Math.max(0, end - 4), end).padStart(4, '0'));
  let pendingZero = false;
  sections.forEach((section, index) => {
    let said = '';
    for (let place = 0; place < 4; place += 1) {
      const digit = Number(section[place]);
      if (digit === 0) {
        pendingZero ||= whole.length + said.length > 0;
        continue;
      }
      if (pendingZero) said += '零';
      pendingZero = false;
      said += DIGITS[digit]! + PLACES[place]!;
    }
    if (said) whole += said + SECTIONS[sections.length - 1 - index]!;
  });
  if (jiao === 0 && fen === 0) return `${whole || '零'}元整`;
  const yuanPart = whole ? `${whole}元` : '';
  if (fen === 0) return `${yuanPart}${DIGITS[jiao]}角整`;
  // 壹元零伍分: a zero 角 between 元 and 分 is read.
  const jiaoPart = jiao ? `${DIGITS[jiao]}角` : whole ? '零' : '';
  return `${yuanPart}${jiaoPart}${DIGITS[fen]}分`;
}
