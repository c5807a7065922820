import { useEffect, useState } from 'react';
import { toast } from '@web/lib/toast';
import { systemApi, type DataRuleRecord } from '@web/api/system';
import { Button } from '@web/components/ui/Button';
import { useT } from '@web/i18n';

/**
 * The data rules of one menu for a role (授权 → 数据规则): tick the rules that bind the role and
 * save them. The role must hold the menu first (saved), as in JeecgBoot.
 */
export function RoleDataRulesPanel({ roleId, menu, granted }: { roleId: string; menu: { key: string; title: string }; granted: boolean }) {
  const t = useT();
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
      toast.success(t('roleDataRules.saved'));
    } catch {
      // The error catalogue has shown the server's reason.
    } finally {
      setSaving(false);
    }
  };

  const heading = t('common.titled', { title: t('dataRule.title'), name: menu.title });
  return (
    <section className="flex flex-col gap-3 rounded border border-border p-3" aria-label={heading} data-testid="role-data-rules">
      <h3 className="text-sm font-medium">{heading}</h3>
      {!granted ? <p className="text-xs text-[#d46b08]">{t('roleDataRules.notGranted')}</p> : null}
      {rules === null ? <p className="text-xs text-text-muted">{t('common.loading')}</p> : null}
      {rules?.length === 0 ? <p className="text-xs text-text-muted">{t('roleDataRules.none')}</p> : null}
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
                  {rule.status === '1' ? '' : t('roleDataRules.invalid')}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <div>
        <Button variant="primary" disabled={!granted || !rules?.length || saving} onClick={() => void save()} data-testid="role-data-rules-save">
          {t(saving ? 'roleDataRules.saving' : 'roleDataRules.save')}
        </Button>
      </div>
    </section>
  );
}
