import { useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { departRoleApi, departUsersApi, type DepartRoleRecord, type UserRecord } from '@web/api/system';
import { fieldTitle } from '@shared/validation';
import { useLocale, useT } from '@web/i18n';
import { FormDialog } from './FormDialog';
import { CheckboxGroup, SelectField } from './fields';

/**
 * 分配部门角色: which of a department's roles a member holds. Opened from a member's row (the
 * member is chosen) or from the palette (choose the member here). Saving sends the difference.
 */
export default function DepartUserRolesDialog({ id = '', departName, userId = '' }: { id?: string | undefined; departName?: string | undefined; userId?: string | undefined }) {
  const t = useT();
  const locale = useLocale((state) => state.locale);
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
      setError(t('departUserRoles.chooseUser'));
      return false;
    }
    try {
      await departRoleApi.saveRolesOfUser(member, held.next, held.last);
    } catch {
      return false;
    }
    toast.success(t('common.saved'));
    // The member may be the signed-in user: permissions are fetched again.
    return true;
  };

  return (
    <FormDialog
      title={departName ? t('common.titled', { title: t('departUserRoles.title'), name: departName }) : t('departUserRoles.title')}
      width={600}
      testId="depart-user-roles"
      onSubmit={submit}
      okText={t('common.save')}
    >
      <SelectField
        label={fieldTitle(['userId'], locale)}
        required
        value={member}
        onChange={(value) => {
          setMember(value);
          setError(undefined);
        }}
        options={[{ value: '', text: t('query.choose') }, ...members.map((user) => ({ value: user.id, text: t('departUserRoles.member', { name: user.realname, account: user.username }) }))]}
        error={error}
      />
      {roles.length === 0 ? <p className="text-sm text-text-muted">{t('departUserRoles.noRoles')}</p> : null}
      {member && held ? (
        <CheckboxGroup
          label={t('departRoles.title')}
          testId="depart-user-roles-list"
          options={roles.map((role) => ({ value: role.id, text: role.roleName }))}
          value={held.next}
          onChange={(next) => setHeld({ ...held, next })}
        />
      ) : null}
    </FormDialog>
  );
}
