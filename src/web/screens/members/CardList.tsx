import { card } from '@shared/entities/members/card';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';
import { flowActionOf } from '@shared/engine/flow';
import { flowCommand } from '@commands/flows';

const ACTIONS: readonly RowAction[] = [
  // What a card's state allows: 挂失 or 解挂 first (the card's flow, offered by its state), then 补卡, 换卡, 退卡.
  ...(['reportLoss', 'cancelLoss', 'replace', 'change', 'return'] as const).map((step) => ({ command: flowCommand(card, step), label: flowActionOf(card, step).title })),
];

/** 卡片管理: every card issued, with its flow: 挂失 and 解挂, and the ledger's 补卡, 换卡 and 退卡. */
export default function CardList() {
  const t = useT();
  return (
    <EntityListScreen
      spec={card}
      toolbar={
        <>
          <CommandButton id={flowCommand(card, 'replace')} label={t('cardOffice.replaceCard')} />
          <CommandButton id={flowCommand(card, 'change')} label={t('cardOffice.changeCard')} />
          <CommandButton id={flowCommand(card, 'return')} label={t('cardOffice.returnCard')} />
        </>
      }
      rowActions={ACTIONS}
    />
  );
}
