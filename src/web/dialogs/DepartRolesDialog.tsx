import { useCallback, useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { roleAddSchema } from '@shared/schemas/system';
import { departRoleApi, type DepartRoleRecord } from '@web/api/system';
import { ApiError } from '@web/api/errors';
import { Button } from '@web/components/ui/Button';
import { confirmThen } from './recordActions';
import { FormDialog } from './FormDialog';
import { TextField } from './fields';
import { useDialogs } from './store';
import { useFormErrors } from './useFormErrors';

const EMPTY = { roleName: '', roleCode: '', description: '' };

/**
 * 部门角色: the roles a department defines for its own members. The form below adds one; each
 * row opens its permission tree (limited to what the department itself was granted).
 */
export default function DepartRolesDialog({ id = '', departName }: { id?: string | undefined; departName?: string | undefined }) {
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
      if (error instanceof ApiError && error.message.includes('编码')) fail('roleCode', error.message);
      return false;
    }
    toast.success('添加成功！');
    setValues(EMPTY);
    await reload();
    return false;
  };
  const remove = async (role: DepartRoleRecord) => {
    if (await confirmThen(`确定删除部门角色“${role.roleName}”吗？`, () => departRoleApi.remove(role.id), '删除成功!')) await reload();
  };

  return (
    <FormDialog title={`部门角色${departName ? `：${departName}` : ''}`} width={720} testId="depart-roles" onSubmit={submit} okText="添加角色">
      <ul className="mb-4 flex flex-col divide-y divide-border rounded border border-border text-sm" data-testid="depart-roles-list">
        {(roles ?? []).map((role) => (
          <li key={role.id} className="flex items-center gap-3 px-3 py-2">
            <span className="font-medium">{role.roleName}</span>
            <span className="text-text-muted">{role.roleCode}</span>
            <span className="ml-auto" />
            <Button variant="link" size="sm" onClick={() => open('departRoleAuthorize', { id: role.id, roleName: role.roleName, departId: id })}>
              授权
            </Button>
            <Button variant="link" size="sm" className="text-danger" onClick={() => void remove(role)}>
              删除
            </Button>
          </li>
        ))}
        {roles && roles.length === 0 ? <li className="px-3 py-4 text-center text-text-muted">暂无部门角色</li> : null}
      </ul>
      <TextField label="角色名称" required autoFocus value={values.roleName} onChange={(e) => setValues({ ...values, roleName: e.target.value })} error={errors.roleName} />
      <TextField
        label="角色编码"
        required
        value={values.roleCode}
        onChange={(e) => setValues({ ...values, roleCode: e.target.value })}
        error={errors.roleCode}
        placeholder="字母开头，字母、数字或下划线"
      />
      <TextField label="描述" value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} error={errors.description} />
    </FormDialog>
  );
}
