import { card } from '@shared/entities/members/card';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

const ACTIONS: readonly RowAction[] = [
  { command: 'card.reportLoss', label: 'cardOffice.reportLoss' },
  { command: 'card.cancelLoss', label: 'cardOffice.cancelLoss' },
  { command: 'card.replace', label: 'cardOffice.replaceCard' },
  { command: 'card.change', label: 'cardOffice.changeCard' },
  { command: 'card.return', label: 'cardOffice.returnCard' },
];

/** 卡片管理: every card issued, with 挂失, 解挂, 补卡, 换卡 and 退卡. */
export default function CardList() {
  const t = useT();
  return (
    <EntityListScreen
      spec={card}
      toolbar={
        <>
          <CommandButton id="card.reportLoss" label={t('cardOffice.reportLoss')} />
          <CommandButton id="card.cancelLoss" label={t('cardOffice.cancelLoss')} />
          <CommandButton id="card.replace" label={t('cardOffice.replaceCard')} />
          <CommandButton id="card.change" label={t('cardOffice.changeCard')} />
          <CommandButton id="card.return" label={t('cardOffice.returnCard')} />
        </>
      }
      rowActions={ACTIONS}
    />
  );
}
