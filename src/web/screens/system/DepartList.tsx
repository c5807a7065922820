import { useEffect, useMemo, useState } from 'react';
import { fieldTitle } from '@shared/validation';
import { departUsersApi, systemApi, type DepartNode, type UserRecord } from '@web/api/system';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { Input } from '@web/components/ui/Input';
import { TreeTable, type TreeColumn } from '@web/components/tree/TreeTable';
import { useRunCommand } from '@web/components/commandPort';
import { translate, useLocale, useT, type Locale, type MessageKey } from '@web/i18n';
import { useListVersion } from '@web/stores/dataVersion';
import { useTreeSelection } from './useTreeSelection';

const CATEGORY: Record<string, MessageKey> = { '1': 'depart.category1', '2': 'depart.category2', '3': 'depart.category3' };
/** An organisation type's name (学校/公司, 部门, 岗位); an unknown type shows as its code. */
const categoryOf = (code: string, locale: Locale) => (CATEGORY[code] ? translate(CATEGORY[code], locale) : code);

const columnsIn = (locale: Locale): TreeColumn<DepartNode>[] => [
  { key: 'departName', title: fieldTitle(['departName'], locale), width: 'minmax(200px,2fr)', render: (node) => node.departName },
  { key: 'orgCode', title: translate('depart.orgCode', locale), width: '120px', render: (node) => node.orgCode },
  { key: 'orgCategory', title: fieldTitle(['orgCategory'], locale), width: '160px', render: (node) => categoryOf(node.orgCategory, locale) },
  { key: 'departOrder', title: fieldTitle(['departOrder'], locale), width: '70px', render: (node) => node.departOrder },
];

/** 部门管理: the department tree, the selected department and its users. */
export default function DepartList() {
  const locale = useLocale((state) => state.locale);
  const t = useT();
  const columns = useMemo(() => columnsIn(locale), [locale]);
  const version = useListVersion('departments');
  const [tree, setTree] = useState<DepartNode[]>([]);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useTreeSelection(tree);
  const [members, setMembers] = useState<UserRecord[] | null>(null);
  const run = useRunCommand();

  useEffect(() => {
    void systemApi.departTree().then(setTree, () => undefined);
  }, [version]);
  useEffect(() => {
    setMembers(null);
    if (selected) void departUsersApi.usersOf(selected.id).then(setMembers, () => setMembers([]));
  }, [selected]);
  const match = useMemo(() => (keyword.trim() ? (node: DepartNode) => node.departName.includes(keyword.trim()) : null), [keyword]);

  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="depart-list">
      <Toolbar>
        <CommandButton id="depart.add" variant="primary" label={t('common.add')} />
        <CommandButton id="depart.addChild" label={t('common.addChild')} />
        <CommandButton id="depart.edit" label={t('common.edit')} />
        <CommandButton id="depart.authorize" label={t('common.authorize')} />
        <CommandButton id="depart.roles" />
        <CommandButton id="depart.delete" label={t('common.delete')} />
      </Toolbar>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex h-[560px] flex-col gap-2">
          <Input value={keyword} onChange={(event) => setKeyword(event.target.value)} placeholder={t('depart.searchPlaceholder')} aria-label={t('depart.search')} className="h-8" />
          <TreeTable
            nodes={tree}
            columns={columns}
            label={t('depart.tree')}
            selectedId={selected?.id ?? null}
            onSelect={setSelected}
            onOpen={(node) => void run('depart.edit', { id: node.id })}
            match={match}
            openDepth={2}
            testId="depart-tree"
          />
        </div>
        <aside className="flex flex-col gap-3 rounded border border-border p-4 text-sm" data-testid="depart-detail">
          {selected ? (
            <>
              <h2 className="text-base font-medium">{selected.departName}</h2>
              <dl className="grid grid-cols-[minmax(88px,max-content)_1fr] gap-x-3 gap-y-1.5">
                <dt className="text-text-muted">{t('depart.orgCode')}</dt>
                <dd>{selected.orgCode}</dd>
                <dt className="text-text-muted">{fieldTitle(['orgCategory'], locale)}</dt>
                <dd>{categoryOf(selected.orgCategory, locale)}</dd>
                <dt className="text-text-muted">{fieldTitle(['departNameEn'], locale)}</dt>
                <dd>{selected.departNameEn || '—'}</dd>
                <dt className="text-text-muted">{t('depart.notes')}</dt>
                <dd>{selected.description || '—'}</dd>
              </dl>
              <h3 className="mt-2 font-medium">{t('depart.users', { count: members?.length ?? '…' })}</h3>
              <ul className="flex max-h-72 flex-col divide-y divide-border overflow-auto" data-testid="depart-users">
                {(members ?? []).map((user) => (
                  <li key={user.id} className="flex items-center gap-2 py-1.5">
                    <span>{user.realname}</span>
                    <span className="text-text-muted">{user.username}</span>
                    <CommandButton
                      id="depart.userRoles"
                      args={{ id: selected.id, userId: user.id }}
                      label={t('depart.assignRoles')}
                      aria-label={t('depart.assignRolesTo', { name: user.realname })}
                      variant="link"
                      size="sm"
                      className="ml-auto"
                    />
                  </li>
                ))}
                {members && members.length === 0 ? <li className="py-1.5 text-text-muted">{t('depart.noUsers')}</li> : null}
              </ul>
            </>
          ) : (
            <p className="text-text-muted">{t('depart.hint')}</p>
          )}
        </aside>
      </div>
    </section>
  );
}
