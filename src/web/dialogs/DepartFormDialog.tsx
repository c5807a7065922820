import { useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { findInTree } from '@shared/tree';
import { departAddSchema } from '@shared/schemas/system';
import { fieldTitle } from '@shared/validation';
import { systemApi, type DepartNode } from '@web/api/system';
import { useLocale, useT } from '@web/i18n';
import { FormDialog } from './FormDialog';
import { SelectField, TextField } from './fields';
import { treeOptions } from './treeOptions';
import { useFormErrors } from './useFormErrors';

/** 新增部门 / 新增下级部门 / 编辑部门: moving under another parent is allowed, under itself refused by the server. */
export default function DepartFormDialog({ id, parentId }: { id?: string | undefined; parentId?: string | undefined }) {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const [tree, setTree] = useState<DepartNode[] | null>(null);
  const [values, setValues] = useState({ departName: '', departNameEn: '', parentId: parentId ?? '', orgCategory: parentId ? '2' : '1', departOrder: '0', description: '' });
  const { errors, check, fail } = useFormErrors(departAddSchema);

  useEffect(() => {
    void systemApi.departTree().then((nodes) => {
      setTree(nodes);
      const current = id ? findInTree(nodes, id) : undefined;
      if (current) {
        setValues({
          departName: current.departName,
          departNameEn: current.departNameEn ?? '',
          parentId: current.parentId,
          orgCategory: current.orgCategory,
          departOrder: String(current.departOrder),
          description: current.description ?? '',
        });
      }
    });
  }, [id]);

  if (!tree) return null;
  const submit = async () => {
    const body = check(values);
    if (!body) return false;
    try {
      if (id) await systemApi.editDepart({ id, ...body });
      else await systemApi.addDepart(body);
    } catch (error) {
      fail('parentId', error instanceof Error ? error.message : String(error));
      return false;
    }
    toast.success(t(id ? 'common.edited' : 'common.added'));
    return true;
  };
  const title = t(id ? 'departForm.editTitle' : parentId ? 'departForm.addChildTitle' : 'departForm.addTitle');
  return (
    <FormDialog title={title} width={640} testId="depart-form" onSubmit={submit}>
      <TextField
        label={fieldTitle(['departName'], locale)}
        required
        autoFocus
        value={values.departName}
        onChange={(e) => setValues({ ...values, departName: e.target.value })}
        error={errors.departName}
        placeholder={t('departForm.namePlaceholder')}
      />
      <TextField label={fieldTitle(['departNameEn'], locale)} value={values.departNameEn} onChange={(e) => setValues({ ...values, departNameEn: e.target.value })} error={errors.departNameEn} />
      <SelectField
        label={t('departForm.parent')}
        value={values.parentId}
        onChange={(next) => setValues({ ...values, parentId: next })}
        options={[
          { value: '', text: t('departForm.noParent') },
          ...treeOptions(
            tree,
            (d) => d.id,
            (d) => d.departName,
          ),
        ]}
        error={errors.parentId}
        testId="depart-form-parent"
      />
      <SelectField
        label={fieldTitle(['orgCategory'], locale)}
        value={values.orgCategory}
        onChange={(next) => setValues({ ...values, orgCategory: next })}
        options={[
          { value: '1', text: t('depart.category1') },
          { value: '2', text: t('depart.category2') },
          { value: '3', text: t('depart.category3') },
        ]}
        error={errors.orgCategory}
      />
      <TextField
        label={fieldTitle(['departOrder'], locale)}
        inputMode="numeric"
        value={values.departOrder}
        onChange={(e) => setValues({ ...values, departOrder: e.target.value })}
        error={errors.departOrder}
      />
      <TextField label={t('depart.notes')} value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} error={errors.description} />
    </FormDialog>
  );
}
