import type { PageResult } from '@shared/envelope';
import type { ListQuery } from '@web/grid/ListGrid';
import { del, get } from './client';

/** A stored file as 对象存储 lists it (its id is its stored path). */
export type StoredFile = {
  id: string;
  fileName: string;
  url: string;
  biz: string;
  fileSize: number;
  contentType: string;
  tenantId: number;
  school: string;
  owner: string;
  createTime: string;
};

export const ossApi = {
  list: (query: ListQuery) => get<PageResult<StoredFile>>('/sys/oss/file/list', { ...query }),
  remove: (ids: readonly string[]) => del<null>('/sys/oss/file/delete', { id: ids.join(',') }),
};

/** What the browser can show in place, by the stored name's extension: pictures, and PDFs in its viewer. */
export function previewKind(path: string): 'image' | 'pdf' | null {
  const ext = path.split('.').pop()?.toLowerCase() ?? '';
  return ['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(ext) ? 'image' : ext === 'pdf' ? 'pdf' : null;
}
