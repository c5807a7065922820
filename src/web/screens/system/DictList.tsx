import { useEffect, useMemo, useState } from 'react';
import { dictionary } from '@shared/entities/system/dictionary';
import { dictionaryItem } from '@shared/entities/system/dictionaryItem';
import { dictionaryOrgItem } from '@shared/entities/system/dictionaryOrgItem';
import type { EntityRecord } from '@web/api/entities';
import { systemApi } from '@web/api/system';
import { CommandButton } from '@web/components/CommandButton';
import { ListTabs } from '@web/components/ListTabs';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { useT } from '@web/i18n';
import { useListVersion } from '@web/stores/dataVersion';
import { useDicts } from '@web/stores/dicts';

const TABS = [
  { spec: dictionaryItem, title: 'dict.platformItems' },
  { spec: dictionaryOrgItem, title: 'dict.schoolItems' },
] as const;

/**
 * 数据字典: the dictionaries on the left; the chosen one's items on the right — the platform's,
 * and this school's own laid over them (same value: replaced; new value: added).
 */
export default function DictList() {
  const t = useT();
  const [chosen, setChosen] = useState<EntityRecord | null>(null);
  const [tab, setTab] = useState(0);
  // A changed item shows in every list's tags and every form's options at once.
  const versions = useListVersion(dictionary.id, dictionaryItem.id, dictionaryOrgItem.id);
  useEffect(() => {
    if (versions === '0:0:0') return;
    void systemApi.allDictItems().then((all) => useDicts.getState().setAll(all));
  }, [versions]);
  const fixed = useMemo(() => (chosen ? { dictId: chosen.id } : undefined), [chosen]);
  const current = TABS[tab]!;
  return (
    <div className="flex flex-col gap-3 xl:flex-row xl:items-start" data-testid="dict-screen">
      <div className="min-w-0 xl:w-[46%]">
        <EntityListScreen spec={dictionary} selection="radio" onSelectionChange={(rows) => setChosen(rows[0] ?? null)} toolbar={<CommandButton id="dict.refreshCache" />} />
      </div>
      <div className="min-w-0 flex-1 rounded bg-surface" data-testid="dict-items">
        <ListTabs label={t('dict.items')} titles={TABS.map((entry) => t(entry.title))} current={tab} onChange={setTab} className="px-4 pt-3">
          <span className="ml-auto pb-2 text-sm text-text-muted" data-testid="dict-chosen">
            {chosen ? t('dict.chosen', { name: String(chosen.dictName), code: String(chosen.dictCode) }) : t('dict.choose')}
          </span>
        </ListTabs>
        {fixed ? <EntityListScreen key={`${current.spec.id}:${fixed.dictId}`} spec={current.spec} fixed={fixed} selectionScope={current.spec.id} height={360} /> : null}
      </div>
    </div>
  );
}
