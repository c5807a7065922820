import type { Notice } from '@web/api/announcements';

/** The page a `component` announcement opens: its openPage with its record (busId). */
export function componentPathOf(notice: Pick<Notice, 'openType' | 'openPage' | 'busId'>): string | null {
  if (notice.openType !== 'component' || !notice.openPage?.startsWith('/')) return null;
  return notice.busId ? `${notice.openPage}?id=${encodeURIComponent(notice.busId)}` : notice.openPage;
}
