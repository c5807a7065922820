import { subsidy } from '@shared/entities/members/subsidy';
import { subsidyItem } from '@shared/entities/members/subsidyItem';
import { CommandButton } from '@web/components/CommandButton';
import { BatchScreen } from '@web/engine/BatchScreen';
import { useT } from '@web/i18n';

/**
 * 补助管理: the batches above (添加补助人员, 导入补助名单, 提交, 审核, 发放, 清零, 作废); the chosen
 * batch's people below, with the issue's progress while it runs.
 */
export default function SubsidyList() {
  const t = useT();
  return (
    <BatchScreen
      testId="subsidy-screen"
      batch={subsidy}
      lines={subsidyItem}
      batchKey="batchId"
      toolbar={<CommandButton id="subsidy.importItems" label={t('subsidy.importPeople')} />}
      running={(batch) => batch.issueStatus === '4'}
      progress={(batch) =>
        batch.issueStatus === '0' || batch.issueStatus === '3'
          ? null
          : {
              done: Number(batch.issued ?? 0),
              total: Number(batch.persons ?? 0),
              failed: Number(batch.failed ?? 0),
              label: t('subsidy.issuedOf', { issued: Number(batch.issued ?? 0), persons: Number(batch.persons ?? 0) }),
            }
      }
      texts={{
        section: t('subsidy.people'),
        chosen: (batch) => t('subsidy.peopleOf', { name: String(batch.name) }),
        choose: t('subsidy.chooseBatch'),
        progress: t('subsidy.progress'),
        failed: (failed) => t('subsidy.failedCount', { failed }),
      }}
    />
  );
}
