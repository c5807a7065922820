import { useState } from 'react';
import { loginLog } from '@shared/entities/system/loginLog';
import { operationLog } from '@shared/entities/system/operationLog';
import { ListTabs } from '@web/components/ListTabs';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { useT, type MessageKey } from '@web/i18n';

const TABS = [
  { spec: operationLog, title: 'logs.operations' },
  { spec: loginLog, title: 'logs.signIns' },
] as const satisfies readonly { spec: typeof operationLog; title: MessageKey }[];

/**
 * 日志管理: the operation log (every changing request, with who, the route and how it ended) and the
 * sign-in log, one tab each, filtered by time and exported like any list.
 */
export default function LogList() {
  const t = useT();
  const [tab, setTab] = useState(0);
  const current = TABS[tab]!;
  return (
    <div className="flex flex-col gap-3" data-testid="log-screen">
      <ListTabs label={t('logs.kinds')} titles={TABS.map((entry) => t(entry.title))} current={tab} onChange={setTab} className="px-1" />
      <EntityListScreen key={current.spec.id} spec={current.spec} />
    </div>
  );
}
