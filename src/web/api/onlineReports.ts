import type { PageResult } from '@shared/envelope';
import type { CgReportColumns, CgReportQueryItem } from '@shared/online/cgreport';
import { REPORT_CACHE_MS } from '@shared/constants';
import { get } from './client';

/** A report's row: its id and its columns' values (money in yuan). */
export type ReportRow = { id: string } & Record<string, unknown>;

/**
 * Answers kept per group for REPORT_CACHE_MS (the spec's 30 s): the popups of one form (one
 * `groupId`) share their reports' columns and pages instead of asking again each time one opens.
 */
const cache = new Map<string, { at: number; answer: Promise<unknown> }>();

function cached<T>(groupId: string | undefined, key: string, load: () => Promise<T>): Promise<T> {
  if (!groupId) return load();
  const id = `${groupId}|${key}`;
  const hit = cache.get(id);
  if (hit && Date.now() - hit.at < REPORT_CACHE_MS) return hit.answer as Promise<T>;
  const answer = load();
  cache.set(id, { at: Date.now(), answer });
  // A failure is not kept: the next opening asks again.
  answer.catch(() => cache.delete(id));
  return answer;
}

/** JeecgBoot's online report calls (`/online/cgreport/api/*`). */
export const onlineReportApi = {
  columns: (code: string, groupId?: string) => cached(groupId, `columns/${code}`, () => get<CgReportColumns>(`/online/cgreport/api/getRpColumns/${encodeURIComponent(code)}`)),
  /** Silent: a failure is told as a warning with the server's message (the spec's picker). */
  queryInfo: (id: string, groupId?: string) =>
    cached(groupId, `query/${id}`, () => get<CgReportQueryItem[]>(`/online/cgreport/api/getQueryInfo/${encodeURIComponent(id)}`, undefined, { silent: true })),
  data: (id: string, query: Record<string, unknown>, groupId?: string) =>
    cached(groupId, `data/${id}/${JSON.stringify(query)}`, () => get<PageResult<ReportRow>>(`/online/cgreport/api/getData/${encodeURIComponent(id)}`, query)),
  exportXls: (id: string, query: Record<string, unknown>) => get<{ id: string }>(`/online/cgreport/api/exportXls/${encodeURIComponent(id)}`, query),
};
