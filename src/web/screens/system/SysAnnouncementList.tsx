import { announcement } from '@shared/entities/system/announcement';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

// A draft or a revoked one is edited (send_status: 0 未发布, 2 已撤销); 发布 and 撤销 are the flow's, by state.
const ACTIONS: readonly RowAction[] = [{ command: 'announcement.edit', label: 'common.edit', onlyWhen: { field: 'sendStatus', values: ['0', '2'] } }];

/** 系统通告: announcements written as drafts, released to their recipients at once, revoked if need be. */
export default function SysAnnouncementList() {
  const t = useT();
  return (
    <EntityListScreen
      spec={announcement}
      toolbarStart={
        <>
          <CommandButton id="announcement.add" variant="primary" label={t('common.add')} />
          <CommandButton id="announcement.edit" label={t('common.edit')} />
        </>
      }
      rowActions={ACTIONS}
    />
  );
}
