import * as Popover from '@radix-ui/react-popover';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MY_ANNOUNCEMENTS_SCREEN } from '@shared/entities/system/announcement';
import type { Notice } from '@web/api/announcements';
import { useT } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { PriorityTag } from './PriorityTag';
import { useSession } from '@web/stores/session';
import { useNotices } from './store';
import { useOpenNotice } from './useOpenNotice';
import { useNoticeSocket } from './useNoticeSocket';

// The reader (and its sanitiser) loads when an announcement is first opened.
const NoticeDetailDialog = lazy(() => import('./NoticeDetailDialog'));

/** The popover's width in the spec. */
const POPOVER_WIDTH = 300;

function NoticeList({ notices, onOpen, empty }: { notices: readonly Notice[]; onOpen(notice: Notice): void; empty: string }) {
  if (!notices.length) return <p className="py-8 text-center text-sm text-text-muted">{empty}</p>;
  return (
    <ul className="flex flex-col" data-testid="notice-list">
      {notices.map((notice) => (
        <li key={notice.id}>
          <button type="button" className="flex w-full flex-col gap-1 border-b border-border px-3 py-2 text-left hover:bg-black/5 focus-visible:bg-black/5" onClick={() => onOpen(notice)}>
            <span className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate text-sm text-text">{notice.titile}</span>
              <PriorityTag priority={notice.priority} />
            </span>
            <span className="text-xs text-text-muted">{notice.sendTime ?? notice.createTime}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The header's bell: the unread count, and a popover with 通知 and 系统消息 (each with its count,
 * the first five unread), 查看更多 to my announcements; opening one shows it and marks it read.
 */
export function NoticeBell() {
  const t = useT();
  const navigate = useNavigate();
  useNoticeSocket();
  const feed = useNotices((state) => state.feed);
  const opened = useNotices((state) => state.opened);
  const open = useNotices((state) => state.popoverOpen);
  const setOpen = useNotices((state) => state.setPopoverOpen);
  const [tab, setTab] = useState<0 | 1>(0);
  // System messages count in the badge unless the user chose otherwise (个人设置 › 消息通知).
  const systemInBadge = useSession((state) => state.userInfo?.noticePrefs?.systemInBadge ?? true);
  const total = feed.anntMsgTotal + (systemInBadge ? feed.sysMsgTotal : 0);
  const read = useOpenNotice();
  const tabs = [
    { title: t('notices.notices'), count: feed.anntMsgTotal, list: feed.anntMsgList },
    { title: t('notices.messages'), count: feed.sysMsgTotal, list: feed.sysMsgList },
  ] as const;
  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          className="relative flex size-8 items-center justify-center rounded hover:bg-black/5"
          aria-label={total ? t('notices.bellWithCount', { count: total }) : t('notices.bell')}
          title={t('notices.bell')}
          data-testid="notice-bell"
        >
          <Bell className="size-4" aria-hidden />
          {total ? (
            <span className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-danger px-1 text-center text-[10px] leading-4 text-white" data-testid="notice-count">
              {total > 99 ? '99+' : total}
            </span>
          ) : null}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content align="end" sideOffset={6} className="z-50 rounded-md border border-border bg-surface shadow-xl" style={{ width: POPOVER_WIDTH }} data-testid="notice-popover">
            <div className="flex border-b border-border" role="tablist" aria-label={t('notices.bell')}>
              {tabs.map((entry, index) => (
                <button
                  key={entry.title}
                  type="button"
                  role="tab"
                  aria-selected={tab === index}
                  className={cn('-mb-px flex-1 border-b-2 py-2 text-sm', tab === index ? 'border-primary text-primary-strong' : 'border-transparent text-text-muted hover:text-primary-strong')}
                  onClick={() => setTab(index as 0 | 1)}
                >
                  {entry.title}({entry.count})
                </button>
              ))}
            </div>
            <div className="max-h-80 overflow-y-auto" role="tabpanel">
              <NoticeList notices={tabs[tab].list} onOpen={read} empty={t('notices.none')} />
            </div>
            <div className="flex justify-center border-t border-border py-1.5">
              <button
                type="button"
                className="rounded px-3 py-1 text-sm text-primary-strong hover:bg-black/5"
                onClick={() => {
                  setOpen(false);
                  navigate(MY_ANNOUNCEMENTS_SCREEN);
                }}
              >
                {t('notices.more')}
              </button>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {opened ? (
        <Suspense fallback={null}>
          <NoticeDetailDialog notice={opened} />
        </Suspense>
      ) : null}
    </>
  );
}
