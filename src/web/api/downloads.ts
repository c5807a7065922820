import type { PageResult } from '@shared/envelope';
import { download, get } from './client';

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
  /** Saves a ready job's file (fetched with the session's headers). */
  save: (job: DownloadJob) => download(job.url!, {}, job.fileName),
};
