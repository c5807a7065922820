import { create } from 'zustand';
import { announcementsApi, type Notice, type NoticeFeed } from '@web/api/announcements';
import { useDataVersion } from '@web/stores/dataVersion';

const EMPTY: NoticeFeed = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

interface NoticeState {
  feed: NoticeFeed;
  /** The announcement shown in the detail dialog. */
  opened: Notice | null;
  /** Whether the header's popover is open (a command opens it too). */
  popoverOpen: boolean;
  setPopoverOpen(open: boolean): void;
  /** Reads the feed again; false when it could not be read. */
  load(): Promise<boolean>;
  /** Shows an announcement and marks it read (then the lists reload). */
  open(notice: Notice): void;
  /** Marks it read without showing it (one that opens its page instead). */
  markRead(notice: Notice): void;
  close(): void;
  reset(): void;
}

/** The header's notices: the unread feed, and the one being read. */
export const useNotices = create<NoticeState>()((set, get) => ({
  feed: EMPTY,
  opened: null,
  popoverOpen: false,
  setPopoverOpen: (popoverOpen) => set({ popoverOpen }),
  async load() {
    try {
      set({ feed: await announcementsApi.feed() });
      return true;
    } catch {
      return false;
    }
  },
  open(notice) {
    set({ opened: notice, popoverOpen: false });
    get().markRead(notice);
  },
  markRead(notice) {
    if (notice.readFlag === '1') return;
    void announcementsApi.markRead(notice.id).then(
      () => {
        useDataVersion.getState().bump('notices');
        return get().load();
      },
      () => undefined,
    );
  },
  close: () => set({ opened: null }),
  reset: () => set({ feed: EMPTY, opened: null, popoverOpen: false }),
}));
