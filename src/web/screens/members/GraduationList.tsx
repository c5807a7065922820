import { graduation } from '@shared/entities/members/graduation';
import { graduationItem } from '@shared/entities/members/graduationItem';
import { BatchScreen } from '@web/engine/BatchScreen';
import { useT } from '@web/i18n';

/**
 * 毕业管理: the batches above (新增, 预检, 执行, 重试失败, 导出); the chosen batch's people below —
 * after 预检 what each holds and what will happen, after 执行 the result of each — with the run's
 * progress while it goes on.
 */
export default function GraduationList() {
  const t = useT();
  return (
    <BatchScreen
      testId="graduation-screen"
      batch={graduation}
      lines={graduationItem}
      batchKey="batchId"
      running={(batch) => batch.status === '2'}
      progress={(batch) =>
        ['0', '1'].includes(String(batch.status))
          ? null
          : {
              done: Number(batch.done ?? 0),
              total: Number(batch.persons ?? 0),
              failed: Number(batch.failed ?? 0),
              label: t('graduation.doneOf', { done: Number(batch.done ?? 0), persons: Number(batch.persons ?? 0) }),
            }
      }
      texts={{
        section: t('graduation.people'),
        chosen: (batch) => t('graduation.peopleOf', { name: String(batch.name) }),
        choose: t('graduation.chooseBatch'),
        progress: t('graduation.progress'),
        failed: (failed) => t('graduation.failedCount', { failed }),
      }}
    />
  );
}
