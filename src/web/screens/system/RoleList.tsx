import { role } from '@shared/entities/system/role';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';
import type { RowAction } from '@web/engine/RowActions';
import { useT } from '@web/i18n';

const AUTHORIZE: readonly RowAction[] = [{ command: 'role.authorize', label: 'common.authorize' }];

/** 角色管理: the generic role list, with 授权 (the permission tree and its data rules) beside the record commands. */
export default function RoleList() {
  const t = useT();
  return <EntityListScreen spec={role} toolbar={<CommandButton id="role.authorize" label={t('common.authorize')} />} rowActions={AUTHORIZE} />;
}
