import { useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { departRoleApi, departUsersApi, type DepartRoleRecord, type UserRecord } from '@web/api/system';
import { useDataVersion } from '@web/stores/dataVersion';
import { FormDialog } from './FormDialog';
import { CheckboxGroup, SelectField } from './fields';

/**
 * 分配部门角色: which of a department's roles a member holds. Opened from a member's row (the
 * member is chosen) or from the palette (choose the member here). Saving sends the difference.
 */
export default function DepartUserRolesDialog({ id = '', departName, userId = '' }: { id?: string | undefined; departName?: string | undefined; userId?: string | undefined }) {
  const [members, setMembers] = useState<UserRecord[]>([]);
  const [roles, setRoles] = useState<DepartRoleRecord[]>([]);
  const [member, setMember] = useState(userId);
  const [held, setHeld] = useState<{ last: string[]; next: string[] } | null>(null);
  const [error, setError] = useState<string>();

  useEffect(() => {
    void departUsersApi.usersOf(id).then(setMembers, () => setMembers([]));
    void departRoleApi.list(id).then(setRoles, () => setRoles([]));
  }, [id]);
  useEffect(() => {
    setHeld(null);
    if (!member) return;
    void departRoleApi.rolesOfUser(member, id).then((list) => setHeld({ last: list, next: list }));
  }, [member, id]);

  const submit = async () => {
    if (!member || !held) {
      setError('请选择用户');
      return false;
    }
    try {
      await departRoleApi.saveRolesOfUser(member, held.next, held.last);
    } catch {
      return false;
    }
    toast.success('保存成功！');
    // The member may be the signed-in user: permissions are fetched again.
    useDataVersion.getState().bump('roles');
    return true;
  };

  return (
    <FormDialog title={`分配部门角色${departName ? `：${departName}` : ''}`} width={600} testId="depart-user-roles" onSubmit={submit} okText="保存">
      <SelectField
        label="用户"
        required
        value={member}
        onChange={(value) => {
          setMember(value);
          setError(undefined);
        }}
        options={[{ value: '', text: '请选择' }, ...members.map((user) => ({ value: user.id, text: `${user.realname}（${user.username}）` }))]}
        error={error}
      />
      {roles.length === 0 ? <p className="text-sm text-text-muted">该部门还没有部门角色，请先在“部门角色”中添加。</p> : null}
      {member && held ? (
        <CheckboxGroup
          label="部门角色"
          testId="depart-user-roles-list"
          options={roles.map((role) => ({ value: role.id, text: role.roleName }))}
          value={held.next}
          onChange={(next) => setHeld({ ...held, next })}
        />
      ) : null}
    </FormDialog>
  );
}
