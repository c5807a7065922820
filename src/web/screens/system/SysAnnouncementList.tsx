import { announcement } from '@shared/entities/system/announcement';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

// Each offered from the state it changes (send_status: 0 未发布, 1 已发布, 2 已撤销).
const ACTIONS: readonly RowAction[] = [
  { command: 'announcement.edit', label: 'common.edit', onlyWhen: { field: 'sendStatus', values: ['0', '2'] } },
  { command: 'announcement.release', label: 'announcements.release', onlyWhen: { field: 'sendStatus', values: ['0', '2'] } },
  { command: 'announcement.revoke', label: 'announcements.revoke', onlyWhen: { field: 'sendStatus', values: ['1'] } },
];

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
      toolbar={
        <>
          <CommandButton id="announcement.release" label={t('announcements.release')} />
          <CommandButton id="announcement.revoke" label={t('announcements.revoke')} />
        </>
      }
      rowActions={ACTIONS}
    />
  );
}
