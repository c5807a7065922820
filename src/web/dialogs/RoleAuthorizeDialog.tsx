import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { systemApi, type AssignNode } from '@web/api/system';
import { CheckTree, type CheckNode } from '@web/components/tree/CheckTree';
import { FormDialog } from './FormDialog';

const toCheckNode = (node: AssignNode): CheckNode => ({
  key: node.key,
  title: node.title,
  hint: node.menuType === 2 ? node.perms : null,
  children: node.children ? node.children.map(toCheckNode) : null,
});

/** 角色授权: the menu/button tree with checkboxes; saving sends only the difference. */
export default function RoleAuthorizeDialog({ id = '', roleName }: { id?: string | undefined; roleName?: string | undefined }) {
  const [tree, setTree] = useState<CheckNode[] | null>(null);
  const [loaded, setLoaded] = useState<string[]>([]);
  const [checked, setChecked] = useState<Set<string>>(new Set());

  useEffect(() => {
    void Promise.all([systemApi.roleTree(), systemApi.rolePermissions(id)]).then(([{ treeList }, granted]) => {
      setTree(treeList.map(toCheckNode));
      setLoaded(granted);
      setChecked(new Set(granted));
    });
  }, [id]);

  if (!tree) return null;
  const submit = async () => {
    try {
      await systemApi.saveRolePermissions(id, [...checked], loaded);
    } catch {
      return false;
    }
    toast.success('保存成功！');
    return true;
  };
  return (
    <FormDialog title={`角色授权${roleName ? `：${roleName}` : ''}`} width={720} testId="role-authorize" onSubmit={submit} okText="保存">
      <CheckTree nodes={tree} checked={checked} onChange={setChecked} label="菜单与按钮权限" />
    </FormDialog>
  );
}
