import { pushItem } from '@shared/entities/devices/pushItem';
import { pushTask } from '@shared/entities/devices/pushTask';
import { BatchScreen } from '@web/engine/BatchScreen';
import { useT } from '@web/i18n';

/**
 * 设备下发: the tasks above (新建下发, 重试失败项, 取消); the chosen task's items below — each device and
 * subject with its state, retries and why it failed — with the task's progress while devices take it.
 */
export default function DeviceSendingList() {
  const t = useT();
  return (
    <BatchScreen
      testId="device-sending-screen"
      batch={pushTask}
      lines={pushItem}
      batchKey="taskId"
      running={(task) => task.status === '1'}
      progress={(task) => {
        const done = Number(task.success ?? 0) + Number(task.failed ?? 0);
        const total = Number(task.total ?? 0);
        return { done, total, failed: Number(task.failed ?? 0), label: t('push.doneOf', { done, total }) };
      }}
      texts={{
        section: t('push.items'),
        chosen: (task) => t('push.itemsOf', { taskNo: String(task.taskNo) }),
        choose: t('push.chooseTask'),
        progress: t('push.progress'),
        failed: (failed) => t('push.failedCount', { failed }),
      }}
    />
  );
}
