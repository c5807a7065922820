import { toast } from '@web/lib/toast';
import type { RecordServices } from '@commands/services';
import { MEMBER_TREE_OPERATIONS } from '@shared/cardOffice';
import { card } from '@shared/entities/members/card';
import { entityById } from '@shared/entities';
import { flowActionOf, selectionRefusal, type FlowActionSpec } from '@shared/engine/flow';
import type { EntitySpec, Titles } from '@shared/engine/spec';
import { cardOfficeApi } from '@web/api/cardOffice';
import { entityApi } from '@web/api/entities';
import { systemApi } from '@web/api/system';
import { announcementsApi } from '@web/api/announcements';
import { ossApi } from '@web/api/oss';
import { useNotices } from '@web/notices/store';
import { openConfirm } from '@web/components/dialogs';
import { selectionOf, useSelection } from '@web/stores/selection';
import { download, post } from '@web/api/client';
import { downloadsApi } from '@web/api/downloads';
import { peopleApi, type PersonHit } from '@web/api/people';
import { useListQueries } from '@web/stores/listQueries';
import { onlineReportApi } from '@web/api/onlineReports';
import { reportListKey } from '@web/online/publishedReports';
import { fill, translate, useLocale, type MessageKey } from '@web/i18n';
import { useDialogs } from '../stores/dialogs';

/** The browser's file chooser; resolves with the chosen file, or null when cancelled. */
function chooseFile(accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.addEventListener('change', () => resolve(input.files?.[0] ?? null), { once: true });
    input.addEventListener('cancel', () => resolve(null), { once: true });
    input.click();
  });
}

/** An export has started: where it will be, and a word when it is ready. */
function exportStarted(): void {
  toast.success(translate('records.exportStarted'), { action: { label: translate('records.downloadCentre'), onClick: () => void useDialogs.getState().open('downloads') } });
  void announceWhenReady();
}

/** Watches the newest export until it is ready (or failed) and says so, with its download. */
async function announceWhenReady(): Promise<void> {
  for (let i = 0; i < 120; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const job = (await downloadsApi.list(1, 1).catch(() => null))?.records[0];
    if (!job || job.status === '0') continue;
    if (job.status === '1')
      toast.success(fill(translate('records.exportReady'), { file: job.fileName }), {
        action: { label: translate('records.download'), onClick: () => void downloadsApi.save(job).catch(() => undefined) },
      });
    else toast.error(job.msg ?? translate('records.exportFailed'));
    return;
  }
}

/**
 * Asks, acts and tells the user; true when it was done. A refused request was already shown by
 * the API client, so it only answers false.
 */
export async function confirmThen(question: string, act: () => Promise<unknown>, done: string): Promise<boolean> {
  if (!(await openConfirm({ title: translate('records.confirmTitle'), description: question }))) return false;
  try {
    await act();
  } catch {
    return false;
  }
  toast.success(done);
  return true;
}

/** confirmThen, then clears the selection (the lists reload by themselves). */
async function confirmed(question: string, act: () => Promise<unknown>, done: string): Promise<void> {
  if (!(await confirmThen(question, act, done))) return;
  useSelection.getState().clear(window.location.pathname);
}

/** Records of the system screens not on the engine: how to delete them, and which lists they refresh. */
const SYSTEM_RECORDS: Readonly<Record<string, { question: MessageKey; remove: (ids: readonly string[]) => Promise<unknown>; done: MessageKey }>> = {
  'system.user': { question: 'records.deleteUsers', remove: (ids) => systemApi.deleteUsers(ids), done: 'records.usersDeleted' },
  'system.depart': { question: 'records.deleteDepart', remove: (ids) => systemApi.deleteDepart(ids[0]!), done: 'records.departDeleted' },
  'system.permission': { question: 'records.deletePermission', remove: (ids) => systemApi.deletePermission(ids[0]!), done: 'records.deleted' },
  'system.file': { question: 'records.deleteFiles', remove: (ids) => ossApi.remove(ids), done: 'records.deleted' },
};

/**
 * What a flow question names: one record by its noun and label, with its holder when it has one
 * (卡片「20260002」（黄博文）); several by their count.
 */
async function flowSubject(spec: EntitySpec, ids: readonly string[]): Promise<string> {
  const locale = useLocale.getState().locale;
  const noun = locale === 'en' ? spec.title.en : spec.title['zh-CN'];
  if (ids.length > 1) return fill(translate('records.countOf'), { count: ids.length, noun: locale === 'en' ? noun.toLowerCase() : noun });
  const shown = selectionOf(useSelection.getState(), window.location.pathname).find((row) => row.id === ids[0]);
  const record = shown && spec.labelField in shown ? shown : await entityApi.get(spec, ids[0]!).catch(() => null);
  const label = record?.[spec.labelField];
  if (label === undefined || label === null) return '';
  const holder = record?.memberId_dictText;
  if (locale === 'en') return `${noun} "${String(label)}"${holder ? ` (${String(holder)})` : ''}`;
  return `${noun}「${String(label)}」${holder ? `（${String(holder)}）` : ''}`;
}

/** Why the records cannot take the action in their present states (read from the rows on view, else the server), or null. */
async function stateRefusalOf(spec: EntitySpec, action: FlowActionSpec, ids: readonly string[]): Promise<Titles | null> {
  if (ids.length === 0 || Object.keys(action.from).length === 0) return null;
  const shown = selectionOf(useSelection.getState(), window.location.pathname);
  const states = Object.keys(action.from);
  const records = await Promise.all(ids.map((id) => shown.find((row) => row.id === id && states.every((field) => field in row)) ?? entityApi.get(spec, id).catch(() => null)));
  // A record that cannot be read is left to the server, which says why.
  return selectionRefusal(
    spec,
    { ...action, many: true },
    records.filter((record): record is Record<string, unknown> => record !== null),
  );
}

/** The one person a typed card number, 学/工号 or name names, or why not one. */
async function onePerson(person: string): Promise<PersonHit | Titles> {
  const hits = await peopleApi.search(person).catch(() => []);
  // A number names one person exactly (their card or 学/工号); a name may name several.
  const exact = hits.filter((hit) => hit.memberNo === person || hit.cardNo === person || hit.realName === person);
  const chosen = exact.length === 1 ? exact[0] : exact.length === 0 && hits.length === 1 ? hits[0] : undefined;
  if (chosen) return chosen;
  return exact.length > 1 || hits.length > 1
    ? { 'zh-CN': `「${person}」对应多个人员，请输入卡号或学/工号`, en: `"${person}" names several people: type a card or student/staff number` }
    : { 'zh-CN': `未找到人员「${person}」`, en: `No one found for "${person}"` };
}

export const recordActions: RecordServices = {
  runFlowAction: async (entity, actionId, ids, given) => {
    const spec = entityById(entity);
    if (!spec) throw new Error(`no records called ${entity}`);
    const action = flowActionOf(spec, actionId);
    // Records found by a person, a link or another screen's row: a state the action does not start
    // from (柜台消费 on a lost card) is said now, before the clerk types anything.
    const refusal = await stateRefusalOf(spec, action, ids);
    if (refusal) {
      toast.warning(refusal[useLocale.getState().locale]);
      return;
    }
    // Inputs (a reason, an amount typed again) are asked in the action's dialog.
    if (action.input?.length || action.lines || action.retype) {
      await useDialogs.getState().open('flowAction', { entity, action: actionId, ids: ids.join(','), ...(given ? { given: JSON.stringify(given) } : {}) });
      return;
    }
    const locale = useLocale.getState().locale;
    const subject = await flowSubject(spec, ids);
    const question = subject ? `${subject}${locale === 'en' ? ': ' : '：'}${action.confirm[locale]}` : action.confirm[locale];
    if (!(await openConfirm({ title: translate('records.confirmTitle'), description: question }))) return;
    const answer = await entityApi.act(spec, actionId, ids).catch(() => undefined);
    // A refusal was shown by the API client.
    if (answer === undefined) return;
    // The rows stay selected, reloaded in their new state: the next step is one key away (挂失 → 补卡).
    toast.success(answer?.done ?? action.done[locale]);
  },
  treeOperation: async (id, target) => {
    const operation = MEMBER_TREE_OPERATIONS[id];
    const locale = useLocale.getState().locale;
    await confirmThen(operation.question[locale], () => cardOfficeApi.treeOperation(operation, target), operation.done[locale]);
  },
  cardOfAccount: async (accountId) => {
    const { records } = await entityApi.list(card, { pageNo: 1, pageSize: 20, accountId });
    // The card in use first, else one reported lost (解挂); cancelled cards are history.
    const found = records.find((row) => row.cardStatus === '1') ?? records.find((row) => row.cardStatus !== '4');
    return found ? { id: found.id, cardNo: String(found.cardNo), cardStatus: String(found.cardStatus) } : null;
  },
  personOf: async (person) => {
    const found = await onePerson(person);
    return 'memberId' in found ? { id: found.memberId } : found;
  },
  accountOfPerson: async (person) => {
    const found = await onePerson(person);
    if (!('memberId' in found)) return found;
    if (!found.accountId) return { 'zh-CN': `${found.realName}（${found.memberNo}）尚未开户`, en: `${found.realName} (${found.memberNo}) has no account yet` };
    return { id: found.accountId };
  },
  removeRecords: async (entity, ids) => {
    const spec = entityById(entity);
    if (spec) {
      const noun = useLocale.getState().locale === 'en' ? spec.title.en.toLowerCase() : spec.title['zh-CN'];
      await confirmed(fill(translate('records.deleteQuestion'), { count: ids.length, noun }), () => entityApi.remove(spec, ids), translate('records.deleted'));
      return;
    }
    const system = SYSTEM_RECORDS[entity];
    if (!system) throw new Error(`no records called ${entity}`);
    await confirmed(fill(translate(system.question), { count: ids.length }), () => system.remove(ids), translate(system.done));
  },
  readAllNotices: async () => {
    try {
      await announcementsApi.readAll();
    } catch {
      return;
    }
    await useNotices.getState().load();
    toast.success(translate('notices.readAllDone'));
  },
  setUsersFrozen: (ids, frozen) =>
    confirmed(
      fill(translate(frozen ? 'records.freezeUsers' : 'records.unfreezeUsers'), { count: ids.length }),
      () => systemApi.frozenUsers(ids, frozen ? 2 : 1),
      translate(frozen ? 'records.frozen' : 'records.unfrozen'),
    ),
  importRecords: async (entity, master) => {
    const spec = entityById(entity);
    if (!spec) return;
    const file = await chooseFile('.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    if (!file) return;
    try {
      const { imported } = await entityApi.importExcel(spec, file, master);
      toast.success(fill(translate('records.imported'), { count: imported }));
    } catch (error) {
      // The answer names each bad row; nothing was written.
      toast.error(error instanceof Error ? error.message : String(error), {
        duration: 15_000,
        action: {
          label: translate('records.importTemplate'),
          onClick: () => void download(`${spec.api}/importTemplate`, {}, `${spec.title['zh-CN']}导入模板.xlsx`).catch(() => undefined),
        },
      });
    }
  },
  importWorkbook: async (route, template, templateName) => {
    const file = await chooseFile('.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    try {
      const { imported, already } = await post<{ imported: number; already: number }>(route, form, { silent: true });
      toast.success(fill(translate(already ? 'records.importedSome' : 'records.imported'), { count: imported, already }));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error), {
        duration: 15_000,
        action: { label: translate('records.importTemplate'), onClick: () => void download(template, {}, templateName).catch(() => undefined) },
      });
    }
  },
  exportRecords: async (entity, ids) => {
    const spec = entityById(entity);
    if (!spec) return;
    try {
      await entityApi.exportXls(spec, useListQueries.getState().queries[spec.id] ?? {}, ids);
    } catch {
      return;
    }
    exportStarted();
  },
  exportReport: async (reportId) => {
    try {
      await onlineReportApi.exportXls(reportId, useListQueries.getState().queries[reportListKey(reportId)] ?? {});
    } catch {
      return;
    }
    exportStarted();
  },
};
