import { cardReplacement } from '@shared/entities/members/cardReplacement';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';
import { flowCommand } from '@commands/flows';

const ACTIONS: readonly RowAction[] = [
  { command: 'cardReplace.print', label: 'cardRepair.print' },
  // 撤销 only on a bill still standing (the bill's flow: replace_status 1).
  { command: flowCommand(cardReplacement, 'cancel'), label: 'cardRepair.cancel' },
];

/** 补卡管理: the bills of 补卡 and 换卡, each with its receipt to print and, the same day, 撤销. */
export default function CardRepairList() {
  const t = useT();
  return (
    <EntityListScreen
      spec={cardReplacement}
      toolbar={
        <>
          <CommandButton id="cardReplace.print" label={t('cardRepair.print')} />
          <CommandButton id={flowCommand(cardReplacement, 'cancel')} label={t('cardRepair.cancel')} />
        </>
      }
      rowActions={ACTIONS}
    />
  );
}
