import { useCallback, useEffect, useMemo, useState } from 'react';
import { authApi, type RegistrationSettings } from '@web/api/auth';
import { put } from '@web/api/client';
import { Select, type SelectOption } from '@web/components/ui/Select';
import { Switch } from '@web/components/ui/Switch';
import { toast } from '@web/lib/toast';
import { usePermissions } from '@web/stores/permissions';
import { schoolsApi, type SchoolRecord } from '@web/api/schools';
import { CommandButton, Toolbar } from '@web/components/CommandButton';
import { useRunCommand } from '@web/components/commandPort';
import { ListGrid, type ListColumn, type ListQuery } from '@web/grid/ListGrid';
import type { QueryField } from '@web/grid/QueryArea';
import { RowActions, type RowAction } from '@web/engine/RowActions';
import { translate, useLocale, useT, type Locale } from '@web/i18n';
import { useListVersion } from '@web/stores/dataVersion';
import { flowActions } from '@shared/engine/flow';
import { school } from '@shared/entities/system/school';
import type { CommandId } from '@commands/index';

const columnsIn = (locale: Locale): ListColumn[] => [
  { key: 'id', title: translate('schools.id', locale), sortable: true, width: 90 },
  { key: 'name', title: translate('schools.name', locale), sortable: true, width: 220 },
  { key: 'status', title: translate('common.status', locale), dictCode: 'tenant_status', sortable: true, width: 90 },
  { key: 'userCount', title: translate('schools.userCount', locale), width: 90 },
  { key: 'copyright', title: translate('schools.copyright', locale), width: 260 },
  { key: 'icp', title: translate('schools.icp', locale), width: 180 },
  { key: 'createBy', title: translate('schools.createBy', locale), width: 110 },
  { key: 'createTime', title: translate('common.createTime', locale), sortable: true, width: 170, format: 'datetime' },
];

// 编辑, then the flow's 冻结 or 解冻 (each offered by the school's state) and its history.
const ROW_ACTIONS: readonly RowAction[] = [
  { command: 'school.edit', label: 'common.edit' },
  ...flowActions(school).map(({ action, command }) => ({ command, label: action.title })),
  { command: 'record.history', label: 'history.rowAction', args: { entity: school.id } },
];

/**
 * The platform's self-registration switch and the school new accounts join (they come with no
 * roles): closed until opened, and it opens only once a school is chosen. For those who edit schools.
 */
function RegistrationSwitch() {
  const t = useT();
  const mayEdit = usePermissions((state) => state.codes.has('tenant:edit'));
  const [settings, setSettings] = useState<RegistrationSettings | null>(null);
  const [schools, setSchools] = useState<SelectOption[]>([]);
  useEffect(() => {
    if (!mayEdit) return;
    void authApi.registrationSettings().then(setSettings, () => undefined);
    void schoolsApi.list({ pageNo: 1, pageSize: 200, column: 'id', order: 'asc' }).then(
      (page) => setSchools(page.records.map((school) => ({ value: school.id, text: `${school.name}（${school.id}）` }))),
      () => undefined,
    );
  }, [mayEdit]);
  if (!settings || !mayEdit) return null;
  const save = async (next: RegistrationSettings, done: string) => {
    try {
      await put('/sys/registration', { open: next.open, ...(next.tenantId === null ? {} : { tenantId: next.tenantId }) });
    } catch {
      return;
    }
    setSettings(next);
    toast.success(done);
  };
  const chooseSchool = (value: string) => {
    // The select also reports its own value when it changes from here: only a new choice saves.
    if (Number(value) === settings.tenantId) return;
    void save({ ...settings, tenantId: Number(value) }, t('schools.registrationSchoolSaved', { school: schools.find((school) => school.value === value)?.text ?? value }));
  };
  return (
    <span className="ml-auto flex items-center gap-2 text-sm">
      {t('schools.registrationSchool')}
      <Select
        value={settings.tenantId === null ? '' : String(settings.tenantId)}
        onChange={chooseSchool}
        options={schools}
        placeholder={t('schools.registrationChoose')}
        aria-label={t('schools.registrationSchool')}
        className="w-48"
        testId="registration-school"
      />
      {t('schools.registration')}
      <Switch
        checked={settings.open}
        disabled={settings.tenantId === null}
        onChange={(next) => void save({ ...settings, open: next }, t(next ? 'schools.registrationOpened' : 'schools.registrationClosed'))}
        label={t('schools.registration')}
        testId="registration-switch"
      />
    </span>
  );
}

/** 学校管理: the installation's schools, for the platform's own administrators. */
export default function SchoolList() {
  const locale = useLocale((state) => state.locale);
  const t = useT();
  const columns = useMemo(() => columnsIn(locale), [locale]);
  const version = useListVersion('schools');
  const run = useRunCommand();
  const query: QueryField[] = [
    { key: 'name', label: t('schools.name'), type: 'text' },
    { key: 'status', label: t('common.status'), type: 'select', dictCode: 'tenant_status' },
  ];
  const fetchPage = useCallback((q: ListQuery) => schoolsApi.list(q), []);
  const rowActions = useCallback((row: SchoolRecord) => <RowActions id={row.id} row={row} actions={ROW_ACTIONS} entity={school.id} />, []);
  return (
    <section className="flex flex-col gap-3 rounded bg-surface p-4" data-testid="school-list">
      <Toolbar>
        <CommandButton id="school.add" variant="primary" label={t('common.add')} />
        <CommandButton id="school.edit" label={t('common.edit')} />
        {flowActions(school).map(({ action, command }) => (
          <CommandButton key={command} id={command as CommandId} label={action.title[locale]} />
        ))}
        <RegistrationSwitch />
      </Toolbar>
      <ListGrid<SchoolRecord> columns={columns} rowActions={rowActions} queryFields={query} fetchPage={fetchPage} reloadKey={version} onOpenRow={(row) => void run('school.edit', { id: row.id })} />
    </section>
  );
}
