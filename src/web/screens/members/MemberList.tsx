import { member } from '@shared/entities/members/member';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import { CommandButton } from '@web/components/CommandButton';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';
import { MemberTreeLayout } from './MemberTreeLayout';

const OPEN_ACCOUNT: readonly RowAction[] = [{ command: 'member.openAccount', label: 'cardOffice.openAccount' }];

/**
 * 人员管理: the 人员部门 tree on the left, the members of the chosen node (and below it) on the
 * right — the engine's list and form for everything else.
 */
export default function MemberList() {
  const t = useT();
  return (
    <MemberTreeLayout
      testId="member-screen"
      list={(fixed, key) => (
        <EntityListScreen key={key} spec={member} fixed={fixed} toolbar={<CommandButton id="member.openAccount" label={t('cardOffice.openAccount')} />} rowActions={OPEN_ACCOUNT} />
      )}
    />
  );
}
