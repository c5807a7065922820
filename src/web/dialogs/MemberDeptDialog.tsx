import { useEffect, useState } from 'react';
import { memberDepartApi, type MemberDepartNode } from '@web/api/system';
import { ApiError } from '@web/api/errors';
import { useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { FormDialog } from './FormDialog';
import { Field, SelectField, TextField } from './fields';

/** Every node of the tree, flat, with its depth. */
const flatten = (nodes: readonly MemberDepartNode[]): MemberDepartNode[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);

/**
 * 人员部门's edits: a grade under the school or a class under a grade (新增下级), a new name (重命名),
 * a class to another grade (移动). The tree reloads after each.
 */
export default function MemberDeptDialog({ id, mode = 'add' }: { id?: string | undefined; mode?: string | undefined }) {
  const t = useT();
  const [nodes, setNodes] = useState<MemberDepartNode[]>([]);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    void memberDepartApi.tree().then((tree) => {
      const all = flatten(tree);
      setNodes(all);
      if (mode === 'rename') setValue(all.find((node) => node.id === id)?.title ?? '');
    });
  }, [id, mode]);
  const node = nodes.find((candidate) => candidate.id === id);
  const submit = async () => {
    if (!id || !value.trim()) {
      setError(t(mode === 'move' ? 'memberDepart.chooseGrade' : 'memberDepart.nameRequired'));
      return false;
    }
    try {
      if (mode === 'add') await memberDepartApi.add({ parentId: id, name: value.trim() });
      else if (mode === 'rename') await memberDepartApi.edit({ id, name: value.trim() });
      else await memberDepartApi.move({ id, parentId: value });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
      return false;
    }
    toast.success(t(mode === 'add' ? 'common.added' : 'common.edited'));
    return true;
  };
  const title = t(mode === 'add' ? 'memberDepart.addChild' : mode === 'rename' ? 'memberDepart.rename' : 'memberDepart.move');
  return (
    <FormDialog title={title} width={520} testId="member-dept-form" onSubmit={submit}>
      <Field label={t(mode === 'add' ? 'memberDepart.parent' : 'memberDepart.node')}>
        <span className="pt-1.5 text-sm" data-testid="member-dept-node">
          {node ? `${node.title} · ${node.level_dictText}` : '…'}
        </span>
      </Field>
      {mode === 'move' ? (
        <SelectField
          label={t('memberDepart.toGrade')}
          required
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(undefined);
          }}
          options={nodes.filter((candidate) => candidate.level === 2 && candidate.id !== node?.parentId).map((grade) => ({ value: grade.id, text: grade.title }))}
          error={error}
          testId="member-dept-grade"
        />
      ) : (
        <TextField
          label={t('memberDepart.name')}
          required
          autoFocus
          maxLength={50}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
          error={error}
          placeholder={mode === 'add' ? t(node?.level === 1 ? 'memberDepart.gradeExample' : 'memberDepart.classExample') : undefined}
        />
      )}
    </FormDialog>
  );
}
