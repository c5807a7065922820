import { noticeReceipt } from '@shared/entities/messages/noticeReceipt';
import { schoolNotice } from '@shared/entities/messages/schoolNotice';
import { BatchScreen } from '@web/engine/BatchScreen';
import { useT } from '@web/i18n';

/** 学校通知: the notices above (发布, 撤回, 置顶, 提醒未读); the chosen notice's readers below with when they read it. */
export default function SchoolNoticeList() {
  const t = useT();
  return (
    <BatchScreen
      testId="school-notice-screen"
      batch={schoolNotice}
      lines={noticeReceipt}
      batchKey="noticeId"
      running={() => false}
      progress={(row) => {
        const total = Number(row.total ?? 0);
        if (!total) return null;
        const read = Number(row.readCount ?? 0);
        return { done: read, total, failed: 0, label: t('messages.readOf', { read, total }) };
      }}
      texts={{
        section: t('messages.receipts'),
        chosen: (row) => t('messages.receiptsOf', { title: String(row.title) }),
        choose: t('messages.chooseNotice'),
        progress: t('messages.readProgress'),
        failed: () => '',
      }}
    />
  );
}
