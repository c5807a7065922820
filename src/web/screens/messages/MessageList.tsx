import { message } from '@shared/entities/messages/message';
import { messageRecipient } from '@shared/entities/messages/recipient';
import { BatchScreen } from '@web/engine/BatchScreen';
import { useT } from '@web/i18n';

/**
 * 消息管理: the messages above (新增, 发送, 撤回, 重发失败); the chosen message's recipients below —
 * each person and channel delivered, failed and why, or read — while the sending goes on.
 */
export default function MessageList() {
  const t = useT();
  return (
    <BatchScreen
      testId="message-screen"
      batch={message}
      lines={messageRecipient}
      batchKey="messageId"
      // Sent, but recipients still waiting: the delivery runs after the commit.
      running={(row) => row.status === '2' && Number(row.sent ?? 0) + Number(row.failed ?? 0) < Number(row.total ?? 0)}
      progress={(row) => {
        const total = Number(row.total ?? 0);
        if (!total) return null;
        const failed = Number(row.failed ?? 0);
        const done = Number(row.sent ?? 0) + failed;
        return { done, total, failed, label: t('messages.doneOf', { done, total, read: Number(row.readCount ?? 0) }) };
      }}
      texts={{
        section: t('messages.recipients'),
        chosen: (row) => t('messages.recipientsOf', { no: String(row.billNo) }),
        choose: t('messages.choose'),
        progress: t('messages.progress'),
        failed: (failed) => t('messages.failed', { failed }),
      }}
    />
  );
}
