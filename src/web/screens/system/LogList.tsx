import { useState } from 'react';
import { loginLog } from '@shared/entities/system/loginLog';
import { operationLog } from '@shared/entities/system/operationLog';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { useT, type MessageKey } from '@web/i18n';
import { cn } from '@web/lib/cn';

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
      <div className="flex items-center gap-4 border-b border-border px-1" role="tablist" aria-label={t('logs.kinds')}>
        {TABS.map((entry, index) => (
          <button
            key={entry.spec.id}
            type="button"
            role="tab"
            aria-selected={tab === index}
            className={cn('-mb-px border-b-2 px-1 pb-2 text-sm', tab === index ? 'border-primary text-primary-strong' : 'border-transparent text-text-muted hover:text-primary-strong')}
            onClick={() => setTab(index)}
          >
            {t(entry.title)}
          </button>
        ))}
      </div>
      <EntityListScreen key={current.spec.id} spec={current.spec} />
    </div>
  );
}
