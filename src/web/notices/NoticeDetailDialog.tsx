import * as Dialog from '@radix-ui/react-dialog';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Notice } from '@web/api/announcements';
import { Button } from '@web/components/ui/Button';
import { DialogHeader } from '@web/components/ui/DialogHeader';
import { useT } from '@web/i18n';
import { PriorityTag } from './PriorityTag';
import { useNotices } from './store';

/** Details modals are 1200 wide in the spec. */
const DETAIL_WIDTH = 1200;

/** Where a `url` announcement's 去处理 leads (a `component` one opens its page without this dialog). */
function handlePathOf(notice: Pick<Notice, 'openType' | 'openPage'>): string | null {
  return notice.openType === 'url' && notice.openPage?.startsWith('/') ? notice.openPage : null;
}

/**
 * An announcement read in full: title, sender, send time, priority and the body — sanitised again
 * here, whatever wrote it — and 去处理 when it leads to a page.
 */
export default function NoticeDetailDialog({ notice }: { notice: Notice }) {
  const t = useT();
  const navigate = useNavigate();
  const close = useNotices((state) => state.close);
  const html = useMemo(() => DOMPurify.sanitize(notice.msgContent, { FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'], FORBID_ATTR: ['style'] }), [notice.msgContent]);
  const target = handlePathOf(notice);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/45" />
        <Dialog.Content
          className="fixed top-[8vh] left-1/2 z-50 flex max-h-[84vh] max-w-[calc(100vw-24px)] -translate-x-1/2 flex-col rounded-md bg-surface shadow-2xl"
          style={{ width: DETAIL_WIDTH }}
          data-testid="notice-detail"
          aria-describedby={undefined}
        >
          <div className="border-b border-border px-6 py-4">
            <DialogHeader title={notice.titile} />
          </div>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-1 border-b border-border px-6 py-2 text-sm text-text-muted">
            <span>
              {t('notices.sender')}：{notice.sender ?? ''}
            </span>
            <span>
              {t('notices.sendTime')}：{notice.sendTime ?? ''}
            </span>
            <PriorityTag priority={notice.priority} />
          </div>
          <div className="announcement-body min-h-40 overflow-y-auto px-6 py-5 text-sm leading-7" data-testid="notice-content" dangerouslySetInnerHTML={{ __html: html }} />
          <div className="flex justify-end gap-2 border-t border-border px-6 py-3">
            {target ? (
              <Button
                variant="primary"
                onClick={() => {
                  close();
                  navigate(target);
                }}
              >
                {t('notices.handle')}
              </Button>
            ) : null}
            <Button onClick={close}>{t('common.close')}</Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
