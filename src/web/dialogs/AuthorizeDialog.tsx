import { useEffect, useMemo, useState } from 'react';
import { toast } from '@web/lib/toast';
import { departRoleApi, systemApi, type AssignNode } from '@web/api/system';
import { useT } from '@web/i18n';
import { CheckTree, type CheckNode, type CheckTreeAction } from '@web/components/tree/CheckTree';
import { RoleDataRulesPanel } from './RoleDataRulesPanel';
import { FormDialog } from './FormDialog';

const toCheckNode = (node: AssignNode): CheckNode & { hasRules: boolean } => ({
  key: node.key,
  title: node.title,
  hint: node.menuType === 2 ? node.perms : null,
  hasRules: node.ruleFlag === 1,
  children: node.children ? node.children.map(toCheckNode) : null,
});

const wholeTree = () => systemApi.roleTree();

/** Who receives the permissions: a role, a department (the ceiling of its own roles) or a department's role. */
const TARGETS = {
  role: { title: 'authorize.role', tree: wholeTree, granted: systemApi.rolePermissions, save: systemApi.saveRolePermissions, testId: 'role-authorize' },
  depart: { title: 'authorize.depart', tree: wholeTree, granted: systemApi.departPermissions, save: systemApi.saveDepartPermissions, testId: 'depart-authorize' },
  departRole: { title: 'authorize.departRole', tree: departRoleApi.tree, granted: departRoleApi.permissions, save: departRoleApi.savePermissions, testId: 'depart-role-authorize' },
} as const;

/** 角色授权 / 部门授权: the menu/button tree with checkboxes; saving sends only the difference. */
function AuthorizeDialog({ target, id = '', name, departId = '' }: { target: keyof typeof TARGETS; id?: string | undefined; name?: string | undefined; departId?: string | undefined }) {
  const t = useT();
  const { title, tree: loadTree, granted, save, testId } = TARGETS[target];
  const [tree, setTree] = useState<CheckNode[] | null>(null);
  const [loaded, setLoaded] = useState<string[]>([]);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const dataRulesLabel = t('dataRule.title');
  // A role's menus carry data rules: Enter (or 数据规则) on such a menu opens them beside the tree.
  const [rulesOf, setRulesOf] = useState<CheckNode | null>(null);
  const rulesAction = useMemo<CheckTreeAction | undefined>(
    () => (target === 'role' ? { label: dataRulesLabel, has: (node) => (node as ReturnType<typeof toCheckNode>).hasRules, run: setRulesOf } : undefined),
    [target, dataRulesLabel],
  );

  // A deep link carries only the id: the role's name comes from the role list.
  const [shownName, setShownName] = useState(name);
  useEffect(() => {
    if (name || target !== 'role' || !id) return;
    void systemApi.allRoles().then((roles) => setShownName(roles.find((role) => role.id === id)?.roleName));
  }, [id, name, target]);
  useEffect(() => {
    void Promise.all([loadTree(departId), granted(id)]).then(([{ treeList }, ids]) => {
      setTree(treeList.map(toCheckNode));
      setLoaded(ids);
      setChecked(new Set(ids));
    });
  }, [id, departId, granted, loadTree]);

  if (!tree) return null;
  const submit = async () => {
    try {
      await save(id, [...checked], loaded);
    } catch {
      return false;
    }
    toast.success(t('common.saved'));
    return true;
  };
  return (
    <FormDialog title={shownName ? t('common.titled', { title: t(title), name: shownName }) : t(title)} width={rulesAction ? 960 : 720} testId={testId} onSubmit={submit} okText={t('common.save')}>
      <div className={rulesAction ? 'grid grid-cols-[1fr_340px] items-start gap-4' : undefined}>
        <CheckTree nodes={tree} checked={checked} onChange={setChecked} label={t('authorize.tree')} action={rulesAction} autoFocus />
        {rulesAction ? (
          rulesOf ? (
            <div className="sticky top-0">
              <RoleDataRulesPanel roleId={id} menu={rulesOf} granted={loaded.includes(rulesOf.key)} />
            </div>
          ) : (
            <p className="sticky top-0 rounded border border-dashed border-border p-3 text-xs text-text-muted">{t('authorize.rulesHint')}</p>
          )
        ) : null}
      </div>
    </FormDialog>
  );
}

export const RoleAuthorizeDialog = ({ id, roleName }: { id?: string | undefined; roleName?: string | undefined }) => <AuthorizeDialog target="role" id={id} name={roleName} />;
export const DepartAuthorizeDialog = ({ id, departName }: { id?: string | undefined; departName?: string | undefined }) => <AuthorizeDialog target="depart" id={id} name={departName} />;
export const DepartRoleAuthorizeDialog = ({ id, roleName, departId }: { id?: string | undefined; roleName?: string | undefined; departId?: string | undefined }) => (
  <AuthorizeDialog target="departRole" id={id} name={roleName} departId={departId} />
);
