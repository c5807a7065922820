import { useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { userAddSchema, userEditSchema } from '@shared/schemas/system';
import { systemApi, type DepartNode, type RoleRecord } from '@web/api/system';
import { ApiError } from '@web/api/errors';
import { useHiddenColumns } from '@web/permissions/useHiddenColumns';
import { useT } from '@web/i18n';
import { FormDialog } from './FormDialog';
import { CheckboxGroup, NewPasswordFields, SelectField, TextField } from './fields';
import { treeOptions } from './treeOptions';
import { useFormErrors } from './useFormErrors';

interface Values {
  username: string;
  realname: string;
  password: string;
  confirmpassword: string;
  workNo: string;
  phone: string;
  email: string;
  sex: string;
  roles: string[];
  departs: string[];
}

/** The server's refusal of a taken account, in either language it answers in. */
const USERNAME_TAKEN = new Set(['用户账号已存在', 'This username is taken']);

const EMPTY: Values = { username: '', realname: '', password: '', confirmpassword: '', workNo: '', phone: '', email: '', sex: '', roles: [], departs: [] };

/** 新增用户 / 编辑用户: roles and departments as checkboxes, username checked live while typing. */
export default function UserFormDialog({ id }: { id?: string | undefined }) {
  const t = useT();
  const editing = Boolean(id);
  const [values, setValues] = useState<Values | null>(editing ? null : EMPTY);
  const [roles, setRoles] = useState<RoleRecord[]>([]);
  const [departs, setDeparts] = useState<DepartNode[]>([]);
  const [usernameTaken, setUsernameTaken] = useState(false);
  const { errors, check, fail } = useFormErrors(editing ? userEditSchema : userAddSchema);
  // Fields of columns hidden from this user are not shown (the server keeps their values).
  const hidden = useHiddenColumns('user:col:');

  useEffect(() => {
    void systemApi.allRoles().then(setRoles);
    void systemApi.departTree().then(setDeparts);
    if (id) {
      void systemApi.user(id).then((user) =>
        setValues({
          ...EMPTY,
          username: user.username,
          realname: user.realname,
          workNo: user.workNo ?? '',
          phone: user.phone ?? '',
          email: user.email ?? '',
          sex: user.sex ? String(user.sex) : '',
          roles: user.selectedroles.split(',').filter(Boolean),
          departs: user.departIds.split(',').filter(Boolean),
        }),
      );
    }
  }, [id]);

  // Live uniqueness (debounced): the answer arrives while the user is still on the form.
  const username = values?.username ?? '';
  useEffect(() => {
    if (editing || !username.trim()) {
      setUsernameTaken(false);
      return;
    }
    const timer = window.setTimeout(() => void systemApi.usernameFree(username.trim()).then((free) => setUsernameTaken(!free)), 300);
    return () => window.clearTimeout(timer);
  }, [username, editing]);

  if (!values) return null;
  const set = (key: keyof Values) => (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: event.target.value });

  const submit = async () => {
    if (!editing && values.password !== values.confirmpassword) {
      check({ ...values, selectedroles: '', selecteddeparts: '' });
      fail('confirmpassword', t('userForm.passwordMismatch'));
      return false;
    }
    const body = {
      ...(id ? { id } : { username: values.username, password: values.password }),
      realname: values.realname,
      workNo: values.workNo,
      phone: values.phone,
      email: values.email,
      sex: values.sex || null,
      selectedroles: values.roles.join(','),
      selecteddeparts: values.departs.join(','),
    };
    if (!check(body) || usernameTaken) return false;
    try {
      if (id) await systemApi.editUser(body);
      else await systemApi.addUser(body);
    } catch (error) {
      if (error instanceof ApiError && USERNAME_TAKEN.has(error.message)) fail('username', t('userForm.usernameTaken'));
      return false;
    }
    toast.success(t(id ? 'common.edited' : 'common.added'));
    return true;
  };

  return (
    <FormDialog title={t(editing ? 'userForm.editTitle' : 'userForm.addTitle')} width={800} testId="user-form" onSubmit={submit}>
      <TextField
        label={t('users.username')}
        required
        autoFocus={!editing}
        disabled={editing}
        value={values.username}
        onChange={set('username')}
        error={usernameTaken ? t('userForm.usernameTaken') : errors.username}
        placeholder={t('userForm.usernamePlaceholder')}
      />
      {editing ? null : (
        <NewPasswordFields labels={[t('userForm.password'), t('userForm.confirmPassword')]} values={values} errors={errors} onChange={(key, value) => setValues({ ...values, [key]: value })} />
      )}
      <TextField label={t('users.realname')} required autoFocus={editing} value={values.realname} onChange={set('realname')} error={errors.realname} placeholder={t('userForm.realnamePlaceholder')} />
      <TextField label={t('users.workNo')} value={values.workNo} onChange={set('workNo')} error={errors.workNo} />
      {hidden.has('phone') ? null : <TextField label={t('users.phone')} value={values.phone} onChange={set('phone')} error={errors.phone} inputMode="tel" />}
      {hidden.has('email') ? null : <TextField label={t('users.email')} value={values.email} onChange={set('email')} error={errors.email} inputMode="email" />}
      <SelectField
        label={t('users.sex')}
        value={values.sex}
        onChange={(sex) => setValues({ ...values, sex })}
        options={[
          { value: '', text: t('query.choose') },
          { value: '1', text: t('userForm.male') },
          { value: '2', text: t('userForm.female') },
        ]}
      />
      <CheckboxGroup
        label={t('userForm.roles')}
        testId="user-form-roles"
        options={roles.map((role) => ({ value: role.id, text: role.roleName }))}
        value={values.roles}
        onChange={(next) => setValues({ ...values, roles: next })}
      />
      <CheckboxGroup
        label={t('userForm.departs')}
        tree
        testId="user-form-departs"
        options={treeOptions(
          departs,
          (d) => d.id,
          (d) => d.departName,
        )}
        value={values.departs}
        onChange={(next) => setValues({ ...values, departs: next })}
      />
    </FormDialog>
  );
}
