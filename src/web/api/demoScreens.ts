import type { BatchBoard, CanteenCard, LatestOperation, TaskBoard, TrendAnswer, PrintReceipt, SplitMember, SplitMemberDetail } from '@shared/demo/screens';
import { fetchFile, get } from './client';

/** 示例's screens' reads (the school's real data). */
export const demoScreensApi = {
  people: (keyword: string, pageNo = 1) => get<{ records: SplitMember[]; more: boolean }>('/home/split/members', { keyword, pageNo, pageSize: 30 }),
  person: (id: string) => get<SplitMemberDetail>('/home/split/member', { id }),
  receipts: () => get<PrintReceipt[]>('/home/print/receipts'),
  canteenCards: () => get<CanteenCard[]>('/home/canteenCards'),
  tasks: () => get<TaskBoard>('/home/tasks'),
  trends: () => get<TrendAnswer>('/home/trends'),
  pdfReceipts: () => get<PrintReceipt[]>('/home/pdf/receipts'),
  pdfPeople: (keyword: string) => get<{ records: SplitMember[]; more: boolean }>('/home/pdf/members', { keyword, pageSize: 20 }),
  receiptPdf: (txnNo: string) => fetchFile('/home/pdf/receipt', { txnNo }, `${txnNo}.pdf`),
  statementPdf: (memberId: string, from: string, to: string) => fetchFile('/home/pdf/statement', { memberId, from, to }, 'statement.pdf'),
  batches: (query: { phase: string; kind: string; keyword: string; pageNo: number; pageSize: number }) =>
    get<BatchBoard>('/home/batches', Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''))),
  latest: (outcome: 'success' | 'error') => get<LatestOperation | null>('/home/results/latest', { outcome }),
};
