import type { CanteenCard, LatestOperation, TaskBoard, TrendAnswer, PrintReceipt, SplitMember, SplitMemberDetail } from '@shared/demo/screens';
import { get } from './client';

/** 示例's screens' reads (the school's real data). */
export const demoScreensApi = {
  people: (keyword: string, pageNo = 1) => get<{ records: SplitMember[]; more: boolean }>('/home/split/members', { keyword, pageNo, pageSize: 30 }),
  person: (id: string) => get<SplitMemberDetail>('/home/split/member', { id }),
  receipts: () => get<PrintReceipt[]>('/home/print/receipts'),
  canteenCards: () => get<CanteenCard[]>('/home/canteenCards'),
  tasks: () => get<TaskBoard>('/home/tasks'),
  trends: () => get<TrendAnswer>('/home/trends'),
  latest: (outcome: 'success' | 'error') => get<LatestOperation | null>('/home/results/latest', { outcome }),
};
