import { visitor } from '@shared/entities/members/visitor';
import { visitorBlock } from '@shared/entities/members/visitorBlock';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

const ACTIONS: readonly RowAction[] = [
  // Each step offered from the state it starts from (visitor_status).
  { command: 'visitor.review', label: 'visitors.review', onlyWhen: { field: 'visitStatus', values: ['0'] } },
  { command: 'visitor.checkIn', label: 'visitors.checkIn', onlyWhen: { field: 'visitStatus', values: ['1'] } },
  { command: 'visitor.checkOut', label: 'visitors.checkOut', onlyWhen: { field: 'visitStatus', values: ['3'] } },
  { command: 'visitor.cancel', label: 'visitors.cancel', onlyWhen: { field: 'visitStatus', values: ['0', '1'] } },
  { command: 'visitor.block', label: 'visitors.block' },
];
const BLOCK_ACTIONS: readonly RowAction[] = [{ command: 'visitor.unblock', label: 'visitors.unblock' }];

/**
 * 访客管理: visits registered or booked, reviewed, checked in with a temporary card and out again;
 * below them the blacklist, each entry lifted from its row.
 */
export default function GuestList() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <EntityListScreen
        spec={visitor}
        toolbar={
          <>
            <CommandButton id="visitor.review" label={t('visitors.review')} />
            <CommandButton id="visitor.checkIn" label={t('visitors.checkIn')} />
            <CommandButton id="visitor.checkOut" label={t('visitors.checkOut')} />
            <CommandButton id="visitor.block" label={t('visitors.block')} />
          </>
        }
        rowActions={ACTIONS}
      />
      <section aria-label={t('visitors.blacklist')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('visitors.blacklist')}</h2>
        <EntityListScreen spec={visitorBlock} rowActions={BLOCK_ACTIONS} selectionScope="visitorBlocks" height={260} />
      </section>
    </div>
  );
}
