import ExcelJS from 'exceljs';
import { REPORT_TABS, type ReportAnswer, type ReportTab } from '@shared/reports';
import { REPORT_TITLES, REPORT_WORDS as WORDS, reportColumns, TAB_TITLES, type ReportColumn } from '@shared/reportColumns';
import type { Locale } from '@shared/locale';

/** A dictionary's text of a value (for the report's wallet, meal columns). */
export type DictText = (dict: string, value: string) => string;

/** The rows of a tab as the screen shows them, the 资金收支 total last. */
export function tabRows(answer: ReportAnswer, tab: ReportTab): Record<string, unknown>[] {
  if (tab === 'fund') return [...answer.fund, answer.fundTotal] as unknown as Record<string, unknown>[];
  return answer[tab] as unknown as Record<string, unknown>[];
}

function cellOf(column: ReportColumn, row: Record<string, unknown>, locale: Locale, dictText: DictText): string | number | null {
  const value = row[column.key];
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'money':
      return Number(value) / 100;
    case 'qty':
      return Number(value) / 1000;
    case 'count':
    case 'rate':
      return Number(value);
    case 'dict':
      return dictText(column.dict!, String(value));
    case 'choice':
      return column.options?.[String(value)]?.[locale] ?? String(value);
    default:
      return String(value);
  }
}

/**
 * The report as a workbook, a sheet a tab: the school and title, 日期范围 … (单位:元), the columns, the
 * rows (money in yuan, two decimals), and 制表: 审核: 负责人: under them for the signatures.
 */
export async function reportWorkbook(answer: ReportAnswer, input: { school: string; locale: Locale; printedAt: string; dictText: DictText; tabs?: readonly ReportTab[] }): Promise<Buffer> {
  const { locale, dictText } = input;
  const workbook = new ExcelJS.Workbook();
  for (const tab of input.tabs ?? REPORT_TABS) {
    const columns = reportColumns(tab, answer.kind);
    const sheet = workbook.addWorksheet(TAB_TITLES[tab][locale].replaceAll('/', '、'));
    const title = sheet.addRow([`${input.school} ${REPORT_TITLES[answer.kind][locale]} — ${TAB_TITLES[tab][locale]}`]);
    title.font = { bold: true, size: 14 };
    sheet.addRow([`${WORDS.range[locale]} ${answer.from} ~ ${answer.to} ${WORDS.unit[locale]}${answer.liveFrom ? WORDS.live[locale] : ''}`]);
    const header = sheet.addRow(columns.map((column) => column.title[locale]));
    header.font = { bold: true };
    header.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F2F5' } };
      cell.border = { bottom: { style: 'thin' } };
    });
    const rows = tabRows(answer, tab);
    rows.forEach((row, index) => {
      const values = columns.map((column) => cellOf(column, row, locale, dictText));
      // The 资金收支 total and 营业汇总's subtotals say what they are in their first column.
      const isTotal = (tab === 'fund' && index === rows.length - 1) || row.level === 'total';
      if (isTotal) values[0] = WORDS.total[locale];
      if (row.level === 'canteen') values[1] = WORDS.subtotal[locale];
      const added = sheet.addRow(values);
      if (isTotal || row.level === 'canteen') added.font = { bold: true };
    });
    columns.forEach((column, index) => {
      const sheetColumn = sheet.getColumn(index + 1);
      sheetColumn.width = Math.max(8, Math.round((column.width ?? 100) / 7));
      if (column.kind === 'money') sheetColumn.numFmt = '#,##0.00';
      if (column.kind === 'qty') sheetColumn.numFmt = '#,##0.000';
    });
    sheet.addRow([]);
    sheet.addRow([WORDS.footer[locale]]);
    sheet.addRow([`${WORDS.printed[locale]}: ${input.printedAt}`]);
    sheet.pageSetup = { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, paperSize: 9 };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
