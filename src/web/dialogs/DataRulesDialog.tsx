import { useCallback, useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { dataRuleSchema } from '@shared/schemas/system';
import { fieldTitle } from '@shared/validation';
import { systemApi, type DataRuleRecord } from '@web/api/system';
import { Button } from '@web/components/ui/Button';
import { useLocale, useT, type MessageKey } from '@web/i18n';
import { confirmThen } from './recordActions';
import { FormDialog } from './FormDialog';
import { SelectField, TextField } from './fields';
import { useFormErrors } from './useFormErrors';

const CONDITIONS = ['=', '!=', '>', '>=', '<', '<=', 'IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE', 'USE_SQL_RULES'] as const;
const CONDITION_TEXT: Record<(typeof CONDITIONS)[number], MessageKey> = {
  '=': 'dataRule.eq',
  '!=': 'dataRule.ne',
  '>': 'dataRule.gt',
  '>=': 'dataRule.ge',
  '<': 'dataRule.lt',
  '<=': 'dataRule.le',
  IN: 'dataRule.in',
  LIKE: 'dataRule.like',
  LEFT_LIKE: 'dataRule.leftLike',
  RIGHT_LIKE: 'dataRule.rightLike',
  USE_SQL_RULES: 'dataRule.sql',
};
const isCondition = (value: string): value is (typeof CONDITIONS)[number] => (CONDITIONS as readonly string[]).includes(value);
const EMPTY = { ruleName: '', ruleColumn: '', ruleConditions: '=', ruleValue: '', status: '1' };

/**
 * 数据规则 of a menu: the rules listed above, a form below that adds one or edits the chosen
 * one. OK saves the form; the list stays open for the next rule.
 */
export default function DataRulesDialog({ id = '', name }: { id?: string | undefined; name?: string | undefined }) {
  const t = useT();
  const locale = useLocale((state) => state.locale);
  const title = (key: string) => fieldTitle([key], locale);
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
    toast.success(t(editing ? 'common.edited' : 'common.added'));
    setEditing(null);
    setValues(EMPTY);
    await reload();
    // Stay open: rules usually come several at a time.
    return false;
  };
  const remove = async (rule: DataRuleRecord) => {
    if (await confirmThen(t('dataRule.deleteQuestion', { name: rule.ruleName }), () => systemApi.deleteDataRule(rule.id), t('common.deleted'))) await reload();
  };

  return (
    <FormDialog
      title={name ? t('common.titled', { title: t('dataRule.title'), name }) : t('dataRule.title')}
      width={800}
      testId="data-rules"
      onSubmit={submit}
      okText={t(editing ? 'dataRule.save' : 'dataRule.add')}
    >
      <table className="mb-4 w-full text-sm" data-testid="data-rules-table">
        <thead className="bg-[#fafafa] text-left">
          <tr>
            {[title('ruleName'), title('ruleColumn'), t('dataRule.condition'), title('ruleValue'), t('common.status'), ''].map((heading) => (
              <th key={heading} className="px-2 py-1.5 font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(rules ?? []).map((rule) => (
            <tr key={rule.id} className="border-t border-border">
              <td className="px-2 py-1.5">{rule.ruleName}</td>
              <td className="px-2 py-1.5">{rule.ruleColumn}</td>
              <td className="px-2 py-1.5">{isCondition(rule.ruleConditions) ? t(CONDITION_TEXT[rule.ruleConditions]) : rule.ruleConditions}</td>
              <td className="px-2 py-1.5">{rule.ruleValue}</td>
              <td className="px-2 py-1.5">{t(rule.status === '1' ? 'common.valid' : 'common.invalid')}</td>
              <td className="px-2 py-1.5 text-right whitespace-nowrap">
                <Button
                  variant="link"
                  size="sm"
                  onClick={() => {
                    setEditing(rule.id);
                    setValues({ ruleName: rule.ruleName, ruleColumn: rule.ruleColumn ?? '', ruleConditions: rule.ruleConditions, ruleValue: rule.ruleValue, status: rule.status });
                  }}
                >
                  {t('common.edit')}
                </Button>
                <Button variant="link" size="sm" className="ml-3 text-danger" onClick={() => void remove(rule)}>
                  {t('common.delete')}
                </Button>
              </td>
            </tr>
          ))}
          {rules && rules.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-2 py-4 text-center text-text-muted">
                {t('grid.noRows')}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <TextField label={title('ruleName')} required autoFocus value={values.ruleName} onChange={(e) => setValues({ ...values, ruleName: e.target.value })} error={errors.ruleName} />
      <TextField
        label={title('ruleColumn')}
        value={values.ruleColumn}
        onChange={(e) => setValues({ ...values, ruleColumn: e.target.value })}
        error={errors.ruleColumn}
        placeholder={t('dataRule.columnPlaceholder')}
      />
      <SelectField
        label={title('ruleConditions')}
        required
        value={values.ruleConditions}
        onChange={(ruleConditions) => setValues({ ...values, ruleConditions })}
        options={CONDITIONS.map((c) => ({ value: c, text: t(CONDITION_TEXT[c]) }))}
        error={errors.ruleConditions}
      />
      <TextField
        label={title('ruleValue')}
        required
        value={values.ruleValue}
        onChange={(e) => setValues({ ...values, ruleValue: e.target.value })}
        error={errors.ruleValue}
        placeholder={t('dataRule.valuePlaceholder')}
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
    </FormDialog>
  );
}
