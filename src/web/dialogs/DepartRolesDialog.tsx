import { useCallback, useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { roleAddSchema } from '@shared/schemas/system';
import { fieldTitle } from '@shared/validation';
import { departRoleApi, type DepartRoleRecord } from '@web/api/system';
import { ApiError } from '@web/api/errors';
import { Button } from '@web/components/ui/Button';
import { useLocale, useT } from '@web/i18n';
import { confirmThen } from './recordActions';
import { FormDialog } from './FormDialog';
import { TextField } from './fields';
import { useDialogs } from '../stores/dialogs';
import { useFormErrors } from './useFormErrors';

const EMPTY = { roleName: '', roleCode: '', description: '' };
/** A server refusal about the role code (taken, malformed), in either language it answers in. */
const ABOUT_CODE = /编码|\bcode\b/i;

/**
 * 部门角色: the roles a department defines for its own members. The form below adds one; each
 * row opens its permission tree (limited to what the department itself was granted).
 */
export default function DepartRolesDialog({ id = '', departName }: { id?: string | undefined; departName?: string | undefined }) {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const [roles, setRoles] = useState<DepartRoleRecord[] | null>(null);
  const [values, setValues] = useState(EMPTY);
  const { errors, check, fail } = useFormErrors(roleAddSchema);
  const open = useDialogs((state) => state.open);
  const reload = useCallback(() => departRoleApi.list(id).then(setRoles, () => setRoles([])), [id]);
  useEffect(() => void reload(), [reload]);

  const submit = async () => {
    const body = check(values);
    if (!body) return false;
    try {
      await departRoleApi.add({ ...body, departId: id });
    } catch (error) {
      if (error instanceof ApiError && ABOUT_CODE.test(error.message)) fail('roleCode', error.message);
      return false;
    }
    toast.success(t('common.added'));
    setValues(EMPTY);
    await reload();
    return false;
  };
  const remove = async (role: DepartRoleRecord) => {
    if (await confirmThen(t('departRoles.deleteQuestion', { name: role.roleName }), () => departRoleApi.remove(role.id), t('common.deleted'))) await reload();
  };

  return (
    <FormDialog
      title={departName ? t('common.titled', { title: t('departRoles.title'), name: departName }) : t('departRoles.title')}
      width={720}
      testId="depart-roles"
      onSubmit={submit}
      okText={t('departRoles.add')}
    >
      <ul className="mb-4 flex flex-col divide-y divide-border rounded border border-border text-sm" data-testid="depart-roles-list">
        {(roles ?? []).map((role) => (
          <li key={role.id} className="flex items-center gap-3 px-3 py-2">
            <span className="font-medium">{role.roleName}</span>
            <span className="text-text-muted">{role.roleCode}</span>
            <span className="ml-auto" />
            <Button variant="link" size="sm" onClick={() => open('departRoleAuthorize', { id: role.id, roleName: role.roleName, departId: id })}>
              {t('common.authorize')}
            </Button>
            <Button variant="link" size="sm" className="text-danger" onClick={() => void remove(role)}>
              {t('common.delete')}
            </Button>
          </li>
        ))}
        {roles && roles.length === 0 ? <li className="px-3 py-4 text-center text-text-muted">{t('departRoles.empty')}</li> : null}
      </ul>
      <TextField label={fieldTitle(['roleName'], locale)} required autoFocus value={values.roleName} onChange={(e) => setValues({ ...values, roleName: e.target.value })} error={errors.roleName} />
      <TextField
        label={fieldTitle(['roleCode'], locale)}
        required
        value={values.roleCode}
        onChange={(e) => setValues({ ...values, roleCode: e.target.value })}
        error={errors.roleCode}
        placeholder={t('departRoles.codePlaceholder')}
      />
      <TextField label={fieldTitle(['description'], locale)} value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} error={errors.description} />
    </FormDialog>
  );
}
