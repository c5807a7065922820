import { activity } from '../../shared/entities/activity';
import { activityParticipant } from '../../shared/entities/participant';
import { BatchScreen } from '@web/engine/BatchScreen';
import { useT } from '@web/i18n';

/** 活动管理: the campaigns above (提交审核, 审核上线, 参与赠送, 停用); the chosen campaign's participants below (撤回赠送). */
export default function ActivityList() {
  const t = useT();
  return (
    <BatchScreen
      testId="activity-screen"
      batch={activity}
      lines={activityParticipant}
      batchKey="activityId"
      running={() => false}
      progress={() => null}
      texts={{
        section: t('activities.participants'),
        chosen: (row) => t('activities.participantsOf', { name: String(row.name) }),
        choose: t('activities.choose'),
        progress: t('activities.participants'),
        failed: () => '',
      }}
    />
  );
}
