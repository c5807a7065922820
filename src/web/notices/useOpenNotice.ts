import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Notice } from '@web/api/announcements';
import { componentPathOf } from './paths';
import { useNotices } from './store';

/**
 * Opening an announcement, as the spec has it: one of openType `component` goes straight to its
 * page with its record; any other shows the detail (a `url` one with its 去处理 button). Either
 * way it is read.
 */
export function useOpenNotice(): (notice: Notice) => void {
  const navigate = useNavigate();
  return useCallback(
    (notice) => {
      const page = componentPathOf(notice);
      if (!page) {
        useNotices.getState().open(notice);
        return;
      }
      useNotices.getState().setPopoverOpen(false);
      useNotices.getState().markRead(notice);
      navigate(page);
    },
    [navigate],
  );
}
