import { STORAGE_KEYS } from '@shared/constants';
import type { PageResult } from '@shared/envelope';
import { local } from '@web/lib/storage';
import { API_BASE, get } from './client';

export interface DownloadJob {
  id: string;
  fileName: string;
  /** '0' generating, '1' ready, '2' failed. */
  status: '0' | '1' | '2';
  status_dictText: string;
  msg: string | null;
  rows: number;
  url: string | null;
  createTime: string;
}

export const downloadsApi = {
  list: (pageNo: number, pageSize: number) => get<PageResult<DownloadJob>>('/syz/download/list', { pageNo, pageSize }),
  /** A link the browser can follow (the token rides in the query, as for uploaded files). */
  href: (job: DownloadJob) => `${API_BASE}${job.url}&token=${encodeURIComponent(local.get<string>(STORAGE_KEYS.token) ?? '')}`,
};
