import { useCallback, useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { dataRuleSchema } from '@shared/schemas/system';
import { systemApi, type DataRuleRecord } from '@web/api/system';
import { Button } from '@web/components/ui/Button';
import { confirmThen } from './recordActions';
import { FormDialog } from './FormDialog';
import { SelectField, TextField } from './fields';
import { useFormErrors } from './useFormErrors';

const CONDITIONS = ['=', '!=', '>', '>=', '<', '<=', 'IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE', 'USE_SQL_RULES'] as const;
const CONDITION_TEXT: Record<string, string> = {
  '=': '等于',
  '!=': '不等于',
  '>': '大于',
  '>=': '大于等于',
  '<': '小于',
  '<=': '小于等于',
  IN: '包含',
  LIKE: '模糊',
  LEFT_LIKE: '左模糊',
  RIGHT_LIKE: '右模糊',
  USE_SQL_RULES: '自定义SQL',
};
const EMPTY = { ruleName: '', ruleColumn: '', ruleConditions: '=', ruleValue: '', status: '1' };

/**
 * 数据规则 of a menu: the rules listed above, a form below that adds one or edits the chosen
 * one. OK saves the form; the list stays open for the next rule.
 */
export default function DataRulesDialog({ id = '', name }: { id?: string | undefined; name?: string | undefined }) {
  const [rules, setRules] = useState<DataRuleRecord[] | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [values, setValues] = useState(EMPTY);
  const { errors, check } = useFormErrors(dataRuleSchema);
  const reload = useCallback(() => systemApi.dataRules(id).then(setRules, () => setRules([])), [id]);
  useEffect(() => void reload(), [reload]);

  const submit = async () => {
    const body = check({ ...values, permissionId: id, ...(editing ? { id: editing } : {}) });
    if (!body) return false;
    try {
      if (editing) await systemApi.editDataRule(body);
      else await systemApi.addDataRule(body);
    } catch {
      return false;
    }
    toast.success(editing ? '修改成功!' : '添加成功！');
    setEditing(null);
    setValues(EMPTY);
    await reload();
    // Stay open: rules usually come several at a time.
    return false;
  };
  const remove = async (rule: DataRuleRecord) => {
    if (await confirmThen(`确定删除规则“${rule.ruleName}”吗？`, () => systemApi.deleteDataRule(rule.id), '删除成功!')) await reload();
  };

  return (
    <FormDialog title={`数据规则${name ? `：${name}` : ''}`} width={800} testId="data-rules" onSubmit={submit} okText={editing ? '保存规则' : '添加规则'}>
      <table className="mb-4 w-full text-sm" data-testid="data-rules-table">
        <thead className="bg-[#fafafa] text-left">
          <tr>
            {['规则名称', '规则字段', '条件', '规则值', '状态', ''].map((title) => (
              <th key={title} className="px-2 py-1.5 font-medium">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(rules ?? []).map((rule) => (
            <tr key={rule.id} className="border-t border-border">
              <td className="px-2 py-1.5">{rule.ruleName}</td>
              <td className="px-2 py-1.5">{rule.ruleColumn}</td>
              <td className="px-2 py-1.5">{CONDITION_TEXT[rule.ruleConditions] ?? rule.ruleConditions}</td>
              <td className="px-2 py-1.5">{rule.ruleValue}</td>
              <td className="px-2 py-1.5">{rule.status === '1' ? '有效' : '无效'}</td>
              <td className="px-2 py-1.5 text-right whitespace-nowrap">
                <Button
                  variant="link"
                  size="sm"
                  onClick={() => {
                    setEditing(rule.id);
                    setValues({ ruleName: rule.ruleName, ruleColumn: rule.ruleColumn ?? '', ruleConditions: rule.ruleConditions, ruleValue: rule.ruleValue, status: rule.status });
                  }}
                >
                  编辑
                </Button>
                <Button variant="link" size="sm" className="ml-3 text-danger" onClick={() => void remove(rule)}>
                  删除
                </Button>
              </td>
            </tr>
          ))}
          {rules && rules.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-2 py-4 text-center text-text-muted">
                暂无数据
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <TextField label="规则名称" required autoFocus value={values.ruleName} onChange={(e) => setValues({ ...values, ruleName: e.target.value })} error={errors.ruleName} />
      <TextField
        label="规则字段"
        value={values.ruleColumn}
        onChange={(e) => setValues({ ...values, ruleColumn: e.target.value })}
        error={errors.ruleColumn}
        placeholder="如 create_by；自定义SQL时留空"
      />
      <SelectField
        label="条件规则"
        required
        value={values.ruleConditions}
        onChange={(ruleConditions) => setValues({ ...values, ruleConditions })}
        options={CONDITIONS.map((c) => ({ value: c, text: CONDITION_TEXT[c]! }))}
        error={errors.ruleConditions}
      />
      <TextField label="规则值" required value={values.ruleValue} onChange={(e) => setValues({ ...values, ruleValue: e.target.value })} error={errors.ruleValue} placeholder="如 #{sys_user_code}" />
      <SelectField
        label="状态"
        value={values.status}
        onChange={(status) => setValues({ ...values, status })}
        options={[
          { value: '1', text: '有效' },
          { value: '0', text: '无效' },
        ]}
      />
    </FormDialog>
  );
}
