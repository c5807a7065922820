import { card } from '@shared/entities/members/card';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

const ACTIONS: readonly RowAction[] = [
  // What a card's state allows: a lost or cancelled card is not reported lost again.
  { command: 'card.reportLoss', label: 'cardOffice.reportLoss', onlyWhen: { field: 'cardStatus', values: ['1'] } },
  { command: 'card.cancelLoss', label: 'cardOffice.cancelLoss', onlyWhen: { field: 'cardStatus', values: ['2'] } },
  { command: 'card.replace', label: 'cardOffice.replaceCard', onlyWhen: { field: 'cardStatus', values: ['2'] } },
  { command: 'card.change', label: 'cardOffice.changeCard', onlyWhen: { field: 'cardStatus', values: ['1', '3', '5'] } },
  { command: 'card.return', label: 'cardOffice.returnCard', onlyWhen: { field: 'cardStatus', values: ['1', '2', '3', '5'] } },
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
