import { useCallback, useEffect, useState } from 'react';
import { get, post } from '@web/api/client';
import { schoolsApi } from '@web/api/schools';
import { systemApi } from '@web/api/system';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { openConfirm } from '@web/components/dialogs';
import { Button } from '@web/components/ui/Button';
import { Select } from '@web/components/ui/Select';
import { DictTag } from '@web/grid/DictTag';
import { fill, useT } from '@web/i18n';
import { toast } from '@web/lib/toast';
import { useDicts } from '@web/stores/dicts';
import { usePermissions } from '@web/stores/permissions';
import { useSession } from '@web/stores/session';

interface ItemView {
  text: string;
  color: string | null;
  status: string;
  sortOrder: number;
}
interface Difference {
  dictCode: string;
  dictName: string;
  value: string;
  kind: 'override' | 'schoolOnly';
  platform: ItemView | null;
  school: ItemView;
  fields: string[];
}

const keyOf = (row: Pick<Difference, 'dictCode' | 'value'>) => `${row.dictCode}\u0000${row.value}`;

function Item({ item }: { item: ItemView | null }) {
  const t = useT();
  if (!item) return <span className="text-text-muted">{t('dictSync.none')}</span>;
  return (
    <span className="flex items-center gap-2">
      <DictTag text={item.text} color={item.color ?? undefined} />
      {item.status === '1' ? null : <span className="text-xs text-text-muted">{t('dictSync.disabled')}</span>}
      <span className="text-xs text-text-muted">#{item.sortOrder}</span>
    </span>
  );
}

/**
 * 字典同步: the school's own dictionary items that differ from the platform's (overrides and items
 * only the school has), chosen and brought back in line in one go. The platform picks the school.
 */
export default function DictionarySync() {
  const t = useT();
  const platform = useSession((state) => state.userInfo?.tenantId === 0);
  const mayApply = usePermissions((state) => state.codes.has('dictSync:apply'));
  const [dictCode, setDictCode] = useState('');
  const [tenantId, setTenantId] = useState('');
  const [codes, setCodes] = useState<{ value: string; text: string }[]>([]);
  const [schools, setSchools] = useState<{ value: string; text: string }[]>([]);
  const [rows, setRows] = useState<Difference[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void get<{ records: { dictCode: string; dictName: string }[] }>('/sys/dict/list', { pageNo: 1, pageSize: 200 }).then(
      (page) => setCodes(page.records.map((dict) => ({ value: dict.dictCode, text: `${dict.dictName}（${dict.dictCode}）` }))),
      () => undefined,
    );
    if (platform)
      void schoolsApi.list({ pageNo: 1, pageSize: 200 }).then(
        (page) => setSchools(page.records.map((school) => ({ value: school.id, text: `${school.id} · ${school.name}` }))),
        () => undefined,
      );
  }, [platform]);

  const load = useCallback(async () => {
    try {
      const found = await get<Difference[]>('/sys/dict/sync/diff', { ...(dictCode ? { dictCode } : {}), ...(tenantId ? { tenantId } : {}) });
      setRows(found);
      setChosen(new Set());
    } catch {
      setRows([]);
    }
  }, [dictCode, tenantId]);
  useEffect(() => void load(), [load]);

  const apply = async () => {
    if (!rows) return;
    const items = rows.filter((row) => chosen.has(keyOf(row))).map((row) => ({ dictCode: row.dictCode, value: row.value }));
    if (!items.length) {
      toast.warning(t('dictSync.chooseFirst'));
      return;
    }
    if (!(await openConfirm({ title: t('records.confirmTitle'), description: fill(t('dictSync.question'), { count: items.length }) }))) return;
    setBusy(true);
    try {
      await post('/sys/dict/sync/apply', { items, ...(tenantId ? { tenantId } : {}) });
      toast.success(t('dictSync.done'));
      // The school's own lists show the platform's items again at once.
      if (!tenantId) useDicts.getState().setAll(await systemApi.allDictItems());
      await load();
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  const all = rows ?? [];
  const allChosen = all.length > 0 && all.every((row) => chosen.has(keyOf(row)));
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="dictionary-sync">
      <Toolbar>
        {mayApply ? (
          <Button variant="primary" disabled={busy || !chosen.size} onClick={() => void apply()} data-testid="dict-sync-apply">
            {fill(t('dictSync.apply'), { count: chosen.size })}
          </Button>
        ) : null}
        <CommandButton id="session.clearCache" label={t('header.clearCache')} />
      </Toolbar>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label className="flex items-center gap-2">
          {t('dictSync.dictionary')}
          <Select value={dictCode} onChange={setDictCode} options={[{ value: '', text: t('dictSync.allDictionaries') }, ...codes]} className="w-72" testId="dict-sync-code" />
        </label>
        {platform ? (
          <label className="flex items-center gap-2">
            {t('dictSync.school')}
            <Select value={tenantId} onChange={setTenantId} options={[{ value: '', text: t('dictSync.ownSchool') }, ...schools]} className="w-64" testId="dict-sync-school" />
          </label>
        ) : null}
        <span className="text-text-muted" role="status">
          {rows === null ? t('common.loading') : fill(t('dictSync.count'), { count: all.length })}
        </span>
      </div>
      <p className="text-sm text-text-muted">{t('dictSync.hint')}</p>
      <table className="w-full text-sm" data-testid="dict-sync-table">
        <thead>
          <tr className="border-b border-border text-left text-text-muted">
            <th className="w-10 py-2">
              <input
                type="checkbox"
                aria-label={t('dictSync.chooseAll')}
                checked={allChosen}
                onChange={(event) => setChosen(event.target.checked ? new Set(all.map(keyOf)) : new Set())}
                className="size-4 accent-[var(--color-primary)]"
              />
            </th>
            <th className="py-2 font-normal">{t('dictSync.dictionary')}</th>
            <th className="py-2 font-normal">{t('dictSync.value')}</th>
            <th className="py-2 font-normal">{t('dictSync.kind')}</th>
            <th className="py-2 font-normal">{t('dictSync.platformItem')}</th>
            <th className="py-2 font-normal">{t('dictSync.schoolItem')}</th>
            <th className="py-2 font-normal">{t('dictSync.differs')}</th>
          </tr>
        </thead>
        <tbody>
          {all.map((row) => (
            <tr key={keyOf(row)} className="border-b border-border">
              <td className="py-2">
                <input
                  type="checkbox"
                  aria-label={`${row.dictName} ${row.value}`}
                  checked={chosen.has(keyOf(row))}
                  onChange={(event) =>
                    setChosen((current) => {
                      const next = new Set(current);
                      if (event.target.checked) next.add(keyOf(row));
                      else next.delete(keyOf(row));
                      return next;
                    })
                  }
                  className="size-4 accent-[var(--color-primary)]"
                />
              </td>
              <td className="py-2">
                {row.dictName}
                <span className="ml-1 text-xs text-text-muted">{row.dictCode}</span>
              </td>
              <td className="py-2">{row.value}</td>
              <td className="py-2">
                <DictTag text={t(row.kind === 'override' ? 'dictSync.override' : 'dictSync.schoolOnly')} color={row.kind === 'override' ? '#fa8c16' : '#1677ff'} />
              </td>
              <td className="py-2">
                <Item item={row.platform} />
              </td>
              <td className="py-2">
                <Item item={row.school} />
              </td>
              <td className="py-2 text-text-muted">{row.fields.map((field) => t(`dictSync.field.${field}` as 'dictSync.field.text')).join('、')}</td>
            </tr>
          ))}
          {rows && !all.length ? (
            <tr>
              <td colSpan={7} className="py-8 text-center text-text-muted">
                {t('dictSync.inLine')}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
