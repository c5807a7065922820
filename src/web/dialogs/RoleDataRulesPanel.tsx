import { useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { systemApi, type DataRuleRecord } from '@web/api/system';
import { Button } from '@web/components/ui/Button';

/**
 * The data rules of one menu for a role (授权 → 数据规则): tick the rules that bind the role and
 * save them. The role must hold the menu first (saved), as in JeecgBoot.
 */
export function RoleDataRulesPanel({ roleId, menu, granted }: { roleId: string; menu: { key: string; title: string }; granted: boolean }) {
  const [rules, setRules] = useState<DataRuleRecord[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setRules(null);
    void systemApi
      .roleDataRules(menu.key, roleId)
      .then(({ datarule, drChecked }) => {
        setRules(datarule);
        setChosen(new Set(drChecked.split(',').filter(Boolean)));
      })
      .catch(() => setRules([]));
  }, [menu.key, roleId]);

  const save = async () => {
    setSaving(true);
    try {
      await systemApi.saveRoleDataRules(menu.key, roleId, [...chosen]);
      toast.success('保存成功!');
    } catch {
      // The error catalogue has shown the server's reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="flex flex-col gap-3 rounded border border-border p-3" aria-label={`数据规则：${menu.title}`} data-testid="role-data-rules">
      <h3 className="text-sm font-medium">数据规则：{menu.title}</h3>
      {!granted ? <p className="text-xs text-[#d46b08]">请先勾选并保存该菜单的权限，再选择数据规则。</p> : null}
      {rules === null ? <p className="text-xs text-text-muted">加载中…</p> : null}
      {rules?.length === 0 ? <p className="text-xs text-text-muted">该菜单没有数据规则</p> : null}
      <ul className="flex flex-col gap-1.5">
        {rules?.map((rule) => (
          <li key={rule.id}>
            <label className="flex cursor-pointer items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-[var(--color-primary)]"
                checked={chosen.has(rule.id)}
                onChange={() => setChosen((current) => (current.has(rule.id) ? new Set([...current].filter((id) => id !== rule.id)) : new Set(current).add(rule.id)))}
              />
              <span>
                {rule.ruleName}
                <span className="ml-1 text-xs text-text-muted">
                  {[rule.ruleColumn, rule.ruleConditions, rule.ruleValue].filter(Boolean).join(' ')}
                  {rule.status === '1' ? '' : '（无效）'}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <div>
        <Button variant="primary" disabled={!granted || !rules?.length || saving} onClick={() => void save()} data-testid="role-data-rules-save">
          {saving ? '保存中…' : '保存数据规则'}
        </Button>
      </div>
    </section>
  );
}
