import { visitor } from '@shared/entities/members/visitor';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

const ACTIONS: readonly RowAction[] = [
  { command: 'visitor.review', label: 'visitors.review' },
  { command: 'visitor.checkIn', label: 'visitors.checkIn' },
  { command: 'visitor.checkOut', label: 'visitors.checkOut' },
  { command: 'visitor.cancel', label: 'visitors.cancel' },
];

/** 访客管理: visits registered or booked, reviewed, checked in with a temporary card and out again. */
export default function GuestList() {
  const t = useT();
  return (
    <EntityListScreen
      spec={visitor}
      toolbar={
        <>
          <CommandButton id="visitor.review" label={t('visitors.review')} />
          <CommandButton id="visitor.checkIn" label={t('visitors.checkIn')} />
          <CommandButton id="visitor.checkOut" label={t('visitors.checkOut')} />
        </>
      }
      rowActions={ACTIONS}
    />
  );
}
