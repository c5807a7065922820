import { useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { findInTree } from '@shared/tree';
import { permissionFormSchema } from '@shared/schemas/system';
import { fieldTitle } from '@shared/validation';
import { systemApi, type PermissionNode } from '@web/api/system';
import { Switch } from '@web/components/ui/Switch';
import { ICON_NAMES, MenuIcon } from '@web/menu/menuIcons';
import { translate, useLocale, useT, type Locale } from '@web/i18n';
import { FormDialog } from './FormDialog';
import { Field, SelectField, TextField } from './fields';
import { treeOptions } from './treeOptions';
import { useFormErrors } from './useFormErrors';

type Flags = 'route' | 'hidden' | 'keepAlive' | 'internalOrExternal' | 'alwaysShow';
const FLAGS: readonly Flags[] = ['route', 'hidden', 'keepAlive', 'internalOrExternal', 'alwaysShow'];
/** A switch's label: the field's own title, but 外部打开 says what the switch does (the field is 打开方式). */
const flagLabel = (flag: Flags, locale: Locale) => (flag === 'internalOrExternal' ? translate('permissionForm.external', locale) : fieldTitle([flag], locale));

const blank = (parentId?: string) => ({
  menuType: parentId ? '1' : '0',
  name: '',
  nameEn: '',
  parentId: parentId ?? '',
  url: '',
  component: '',
  componentName: '',
  redirect: '',
  perms: '',
  permsType: '1',
  icon: '',
  sortNo: '1',
  status: '1',
  description: '',
  route: true,
  hidden: false,
  keepAlive: false,
  internalOrExternal: false,
  alwaysShow: false,
});

/** 新增菜单 / 编辑菜单: type 0 top level, 1 sub-menu, 2 button or permission (with its action code). */
export default function PermissionFormDialog({ id, parentId }: { id?: string | undefined; parentId?: string | undefined }) {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const title = (key: string) => fieldTitle([key], locale);
  const [tree, setTree] = useState<PermissionNode[] | null>(null);
  const [values, setValues] = useState(blank(parentId));
  const { errors, check } = useFormErrors(permissionFormSchema);

  useEffect(() => {
    void systemApi.permissionTree().then((nodes) => {
      setTree(nodes);
      const parent = parentId ? findInTree(nodes, parentId) : undefined;
      // Under a sub-menu the usual child is a button.
      if (parent && parent.menuType === 1) setValues((current) => ({ ...current, menuType: '2' }));
      const row = id ? findInTree(nodes, id) : undefined;
      if (row) {
        setValues({
          menuType: String(row.menuType),
          name: row.name,
          nameEn: row.nameEn ?? '',
          parentId: row.parentId ?? '',
          url: row.url ?? '',
          component: row.component ?? '',
          componentName: row.componentName ?? '',
          redirect: row.redirect ?? '',
          perms: row.perms ?? '',
          permsType: row.permsType,
          icon: row.icon ?? '',
          sortNo: String(row.sortNo),
          status: row.status,
          description: row.description ?? '',
          route: row.route,
          hidden: row.hidden,
          keepAlive: row.keepAlive,
          internalOrExternal: row.internalOrExternal,
          alwaysShow: row.alwaysShow,
        });
      }
    });
  }, [id, parentId]);

  if (!tree) return null;
  const text = (key: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: event.target.value });
  const isButton = values.menuType === '2';

  const submit = async () => {
    const body = check(values);
    if (!body) return false;
    try {
      if (id) await systemApi.editPermission({ ...body, id });
      else await systemApi.addPermission(body);
    } catch {
      return false;
    }
    toast.success(t(id ? 'common.edited' : 'common.added'));
    return true;
  };

  const menus = treeOptions(
    tree.map(function onlyMenus(node): PermissionNode {
      return { ...node, children: node.children?.filter((child) => child.menuType !== 2).map(onlyMenus) ?? null };
    }),
    (node) => node.id,
    (node) => node.name,
  );

  return (
    <FormDialog title={t(id ? 'permissionForm.editTitle' : 'permission.add')} width={800} testId="permission-form" onSubmit={submit}>
      <SelectField
        label={title('menuType')}
        value={values.menuType}
        onChange={(menuType) => setValues({ ...values, menuType })}
        options={[
          { value: '0', text: t('permission.type0') },
          { value: '1', text: t('permission.type1') },
          { value: '2', text: t('permission.type2') },
        ]}
        testId="permission-form-type"
      />
      <TextField label={t(isButton ? 'permissionForm.buttonName' : 'permission.name')} required autoFocus value={values.name} onChange={text('name')} error={errors.name} />
      <TextField label={title('nameEn')} value={values.nameEn} onChange={text('nameEn')} error={errors.nameEn} />
      {values.menuType === '0' ? null : (
        <SelectField
          label={t('permissionForm.parent')}
          required
          value={values.parentId}
          onChange={(next) => setValues({ ...values, parentId: next })}
          options={[{ value: '', text: t('query.choose') }, ...menus]}
          error={errors.parentId}
        />
      )}
      {isButton ? (
        <>
          <TextField label={title('perms')} required value={values.perms} onChange={text('perms')} error={errors.perms} placeholder={t('permissionForm.permsPlaceholder')} />
          <SelectField
            label={title('permsType')}
            value={values.permsType}
            onChange={(permsType) => setValues({ ...values, permsType })}
            options={[
              { value: '1', text: t('permissionForm.permsType1') },
              { value: '2', text: t('permissionForm.permsType2') },
            ]}
          />
          <SelectField
            label={t('common.status')}
            value={values.status}
            onChange={(status) => setValues({ ...values, status })}
            options={[
              { value: '1', text: t('common.valid') },
              { value: '0', text: t('common.invalid') },
            ]}
          />
        </>
      ) : (
        <>
          <TextField label={title('url')} required value={values.url} onChange={text('url')} error={errors.url} placeholder={t('permissionForm.urlPlaceholder')} />
          <TextField label={title('component')} value={values.component} onChange={text('component')} error={errors.component} placeholder="system/UserList" />
          <TextField label={title('componentName')} value={values.componentName} onChange={text('componentName')} error={errors.componentName} />
          {values.menuType === '0' ? <TextField label={title('redirect')} value={values.redirect} onChange={text('redirect')} error={errors.redirect} /> : null}
          <TextField label={title('perms')} value={values.perms} onChange={text('perms')} error={errors.perms} placeholder={t('permissionForm.menuPermsPlaceholder')} />
          <Field label={title('icon')}>
            <div className="flex flex-wrap gap-1" role="radiogroup" aria-label={title('icon')} data-testid="icon-picker">
              {ICON_NAMES.map((name) => (
                <button
                  key={name}
                  type="button"
                  role="radio"
                  aria-checked={values.icon === name}
                  title={name}
                  onClick={() => setValues({ ...values, icon: values.icon === name ? '' : name })}
                  className={`flex size-8 items-center justify-center rounded border ${values.icon === name ? 'border-primary bg-primary/10 text-primary-strong' : 'border-border hover:border-primary'}`}
                >
                  <MenuIcon name={name} />
                </button>
              ))}
            </div>
          </Field>
          <div className="grid grid-cols-2 gap-x-6">
            {FLAGS.map((flag) => (
              <Field key={flag} label={flagLabel(flag, locale)}>
                <div className="pt-1">
                  <Switch checked={values[flag]} onChange={(next) => setValues({ ...values, [flag]: next })} label={flagLabel(flag, locale)} />
                </div>
              </Field>
            ))}
          </div>
        </>
      )}
      <TextField label={title('sortNo')} inputMode="decimal" value={values.sortNo} onChange={text('sortNo')} error={errors.sortNo} />
      <TextField label={title('description')} value={values.description} onChange={text('description')} error={errors.description} />
    </FormDialog>
  );
}
