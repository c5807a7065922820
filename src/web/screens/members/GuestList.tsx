import { visitor } from '@shared/entities/members/visitor';
import { visitorBlock } from '@shared/entities/members/visitorBlock';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { useT } from '@web/i18n';

/**
 * 访客管理: visits registered or booked, reviewed, checked in with a temporary card and out again
 * (the visitor's flow: its actions are in the toolbar, each row's menu and the palette); below them
 * the blacklist, each entry lifted from its row (its flow's 解除拉黑).
 */
export default function GuestList() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <EntityListScreen spec={visitor} />
      <section aria-label={t('visitors.blacklist')} className="flex flex-col gap-2">
        <h2 className="px-1 text-base font-medium text-text">{t('visitors.blacklist')}</h2>
        <EntityListScreen spec={visitorBlock} selectionScope="visitorBlocks" height={260} />
      </section>
    </div>
  );
}
