import type { PageResult } from '@shared/envelope';
import type { ListQuery } from '@web/grid/ListGrid';
import { get, post, put } from './client';

/** A school of 学校管理 (JeecgBoot's tenant), its number as text like every other record id. */
export type SchoolRecord = {
  id: string;
  name: string;
  status: number;
  icp: string | null;
  copyright: string | null;
  timeZone: string;
  offlineDays: number;
  recordRangeDays: number;
  checkerWaitDays: number;
  mealRefundStart: string;
  mealRefundMinDays: number;
  userCount: number;
  createBy: string | null;
  createTime: string;
};

type Answered = Omit<SchoolRecord, 'id'> & { id: number };
const asRecord = (school: Answered): SchoolRecord => ({ ...school, id: String(school.id) });

export const schoolsApi = {
  list: async (query: ListQuery) => {
    const page = await get<PageResult<Answered>>('/sys/tenant/list', { ...query });
    return { ...page, records: page.records.map(asRecord) };
  },
  one: async (id: string) => asRecord(await get<Answered>('/sys/tenant/queryById', { id })),
  add: (body: Record<string, unknown>) => post<{ id: number }>('/sys/tenant/add', body),
  edit: (body: Record<string, unknown>) => put<null>('/sys/tenant/edit', body),
};
