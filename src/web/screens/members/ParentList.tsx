import { parent } from '@shared/entities/members/parent';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

const ACTIONS: readonly RowAction[] = [
  { command: 'parent.invite', label: 'parents.invite' },
  { command: 'parent.unbindWechat', label: 'parents.unbindWechat' },
];

/** 家长名单: parents bound to pupils, with the parent app's invitation and 解绑微信 on each row. */
export default function ParentList() {
  const t = useT();
  return (
    <EntityListScreen
      spec={parent}
      toolbar={
        <>
          <CommandButton id="parent.invite" label={t('parents.invite')} />
          <CommandButton id="parent.unbindWechat" label={t('parents.unbindWechat')} />
        </>
      }
      rowActions={ACTIONS}
    />
  );
}
