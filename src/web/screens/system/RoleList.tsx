import { role } from '@shared/entities/system/role';
import { CommandButton } from '@web/components/CommandButton';
import { EntityListScreen } from '@web/engine/EntityListScreen';

const AUTHORIZE = [{ command: 'role.authorize', label: { 'zh-CN': '授权', en: 'Permissions' } }] as const;

/** 角色管理: the generic role list, with 授权 (the permission tree and its data rules) beside the record commands. */
export default function RoleList() {
  return <EntityListScreen spec={role} toolbar={<CommandButton id="role.authorize" label="授权" />} rowActions={AUTHORIZE} />;
}
