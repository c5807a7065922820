import { useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { findInTree } from '@shared/tree';
import { permissionFormSchema } from '@shared/schemas/system';
import { systemApi, type PermissionNode } from '@web/api/system';
import { Switch } from '@web/components/ui/Switch';
import { ICON_NAMES, MenuIcon } from '@web/shell/menuIcons';
import { useDataVersion } from '@web/stores/dataVersion';
import { FormDialog } from './FormDialog';
import { Field, SelectField, TextField } from './fields';
import { treeOptions } from './treeOptions';
import { useFormErrors } from './useFormErrors';

type Flags = 'route' | 'hidden' | 'keepAlive' | 'internalOrExternal' | 'alwaysShow';
const FLAG_LABELS: Record<Flags, string> = { route: '是否路由菜单', hidden: '隐藏路由', keepAlive: '缓存路由', internalOrExternal: '外部打开', alwaysShow: '聚合路由' };

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
    toast.success(id ? '修改成功!' : '添加成功！');
    useDataVersion.getState().bump('permissions');
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
    <FormDialog title={id ? '编辑菜单' : '新增菜单'} width={800} testId="permission-form" onSubmit={submit}>
      <SelectField
        label="菜单类型"
        value={values.menuType}
        onChange={(menuType) => setValues({ ...values, menuType })}
        options={[
          { value: '0', text: '一级菜单' },
          { value: '1', text: '子菜单' },
          { value: '2', text: '按钮/权限' },
        ]}
        testId="permission-form-type"
      />
      <TextField label={isButton ? '按钮/权限名称' : '菜单名称'} required autoFocus value={values.name} onChange={text('name')} error={errors.name} />
      <TextField label="英文名称" value={values.nameEn} onChange={text('nameEn')} error={errors.nameEn} />
      {values.menuType === '0' ? null : (
        <SelectField
          label="上级菜单"
          required
          value={values.parentId}
          onChange={(next) => setValues({ ...values, parentId: next })}
          options={[{ value: '', text: '请选择' }, ...menus]}
          error={errors.parentId}
        />
      )}
      {isButton ? (
        <>
          <TextField label="授权标识" required value={values.perms} onChange={text('perms')} error={errors.perms} placeholder="多个用逗号分隔，如 user:add,user:edit" />
          <SelectField
            label="授权策略"
            value={values.permsType}
            onChange={(permsType) => setValues({ ...values, permsType })}
            options={[
              { value: '1', text: '可见/可访问' },
              { value: '2', text: '可编辑（未授权时禁用）' },
            ]}
          />
          <SelectField
            label="状态"
            value={values.status}
            onChange={(status) => setValues({ ...values, status })}
            options={[
              { value: '1', text: '有效' },
              { value: '0', text: '无效' },
            ]}
          />
        </>
      ) : (
        <>
          <TextField label="菜单路径" required value={values.url} onChange={text('url')} error={errors.url} placeholder="/system/users 或 https://…" />
          <TextField label="前端组件" value={values.component} onChange={text('component')} error={errors.component} placeholder="system/UserList" />
          <TextField label="组件名称" value={values.componentName} onChange={text('componentName')} error={errors.componentName} />
          {values.menuType === '0' ? <TextField label="默认跳转地址" value={values.redirect} onChange={text('redirect')} error={errors.redirect} /> : null}
          <TextField label="授权标识" value={values.perms} onChange={text('perms')} error={errors.perms} placeholder="留空则按路径生成的编码不参与按钮判断" />
          <Field label="菜单图标">
            <div className="flex flex-wrap gap-1" role="radiogroup" aria-label="菜单图标" data-testid="icon-picker">
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
            {(Object.keys(FLAG_LABELS) as Flags[]).map((flag) => (
              <Field key={flag} label={FLAG_LABELS[flag]}>
                <div className="pt-1">
                  <Switch checked={values[flag]} onChange={(next) => setValues({ ...values, [flag]: next })} label={FLAG_LABELS[flag]} />
                </div>
              </Field>
            ))}
          </div>
        </>
      )}
      <TextField label="排序" inputMode="decimal" value={values.sortNo} onChange={text('sortNo')} error={errors.sortNo} />
      <TextField label="描述" value={values.description} onChange={text('description')} error={errors.description} />
    </FormDialog>
  );
}
