import { door } from '@areas/access/shared/entities/door';
import { doorGrant } from '@areas/access/shared/entities/grant';
import { timeGroup } from '@areas/access/shared/entities/timeGroup';
import { holiday } from '@areas/access/shared/entities/holiday';
import { BatchScreen } from '@web/engine/BatchScreen';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

const ISSUE_KEY: readonly RowAction[] = [{ command: 'door.issueKey', label: 'terminalKey.title' }];

/**
 * 设备授权: the doors above (授权 to a class, a member type or a person; 停用; 生成密钥), the chosen door's
 * grants below (取消授权, 重新下发) with whether its controller has taken them, the time groups and the
 * school's holidays.
 */
export default function DeviceAuthorisationList() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <BatchScreen
        testId="device-authorisation-screen"
        batch={door}
        lines={doorGrant}
        batchKey="doorId"
        rowActions={ISSUE_KEY}
        running={() => false}
        progress={() => null}
        texts={{ section: t('access.grants'), chosen: (row) => t('access.grantsOf', { door: String(row.name) }), choose: t('access.chooseDoor'), progress: '', failed: () => '' }}
      />
      <section aria-label={t('access.timeGroups')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('access.timeGroups')}</h2>
        <EntityListScreen spec={timeGroup} selectionScope="timeGroups" height={280} />
      </section>
      <section aria-label={t('access.holidays')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('access.holidays')}</h2>
        <EntityListScreen spec={holiday} selectionScope="holidays" height={280} />
      </section>
    </div>
  );
}
