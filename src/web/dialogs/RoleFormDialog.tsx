import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { roleAddSchema } from '@shared/schemas/system';
import { systemApi } from '@web/api/system';
import { ApiError } from '@web/api/errors';
import { useDataVersion } from '@web/stores/dataVersion';
import { FormDialog } from './FormDialog';
import { TextField } from './fields';
import { useFormErrors } from './useFormErrors';

/** 新增角色 / 编辑角色. */
export default function RoleFormDialog({ id }: { id?: string | undefined }) {
  const [values, setValues] = useState<{ roleName: string; roleCode: string; description: string } | null>(id ? null : { roleName: '', roleCode: '', description: '' });
  const { errors, check, fail } = useFormErrors(roleAddSchema);

  useEffect(() => {
    if (!id) return;
    // The list holds every field of a role; one page of 200 finds it without another endpoint.
    void systemApi.roles({ pageNo: 1, pageSize: 200 }).then((page) => {
      const role = page.records.find((record) => record.id === id);
      if (role) setValues({ roleName: role.roleName, roleCode: role.roleCode, description: role.description ?? '' });
    });
  }, [id]);

  if (!values) return null;
  const submit = async () => {
    const body = check(values);
    if (!body) return false;
    try {
      if (id) await systemApi.editRole({ id, ...body });
      else await systemApi.addRole(body);
    } catch (error) {
      if (error instanceof ApiError && error.message.includes('编码')) fail('roleCode', error.message);
      return false;
    }
    toast.success(id ? '修改成功!' : '添加成功！');
    useDataVersion.getState().bump('roles');
    return true;
  };
  return (
    <FormDialog title={id ? '编辑角色' : '新增角色'} width={640} testId="role-form" onSubmit={submit}>
      <TextField label="角色名称" required autoFocus value={values.roleName} onChange={(e) => setValues({ ...values, roleName: e.target.value })} error={errors.roleName} placeholder="请输入角色名称" />
      <TextField label="角色编码" required value={values.roleCode} onChange={(e) => setValues({ ...values, roleCode: e.target.value })} error={errors.roleCode} placeholder="字母开头，字母、数字或下划线" />
      <TextField label="描述" value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} error={errors.description} />
    </FormDialog>
  );
}
