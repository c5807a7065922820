import { TUITION_BOOK } from '../members/tuition';
import { serverAreas } from '../../registry/areas';
import type { BillBook, BillMoney } from './billLedger';
import { UTILITY_BOOK } from './utilityBills';

let books: Readonly<Record<string, BillBook<BillMoney>>> | null = null;

/** The book of a kind of bill 缴费记录 names (bill_type): the product's tuition and utility bills, and each area's (`ServerArea.billBooks`). */
export function billBook(kind: string): BillBook<BillMoney> | undefined {
  books ??= Object.assign(
    { tuition: TUITION_BOOK as unknown as BillBook<BillMoney>, utility: UTILITY_BOOK as unknown as BillBook<BillMoney> },
    ...serverAreas().map((area) => area.billBooks ?? {}),
  ) as Record<string, BillBook<BillMoney>>;
  return Object.hasOwn(books, kind) ? books[kind] : undefined;
}
