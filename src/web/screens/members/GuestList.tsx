import { visitor } from '@shared/entities/members/visitor';
import { visitorBlock } from '@shared/entities/members/visitorBlock';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

const BLOCK_ACTIONS: readonly RowAction[] = [{ command: 'visitor.unblock', label: 'visitors.unblock' }];

/**
 * 访客管理: visits registered or booked, reviewed, checked in with a temporary card and out again
 * (the visitor's flow: its actions are in the toolbar, each row's menu and the palette); below them
 * the blacklist, each entry lifted from its row.
 */
export default function GuestList() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <EntityListScreen spec={visitor} />
      <section aria-label={t('visitors.blacklist')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('visitors.blacklist')}</h2>
        <EntityListScreen spec={visitorBlock} rowActions={BLOCK_ACTIONS} selectionScope="visitorBlocks" height={260} />
      </section>
    </div>
  );
}
