import type { PageResult } from '@shared/envelope';
import type { EntitySpec } from '@shared/engine/spec';
import { flowActionOf, flowActionRoute, type LedgerQuote } from '@shared/engine/flow';
import type { ListQuery } from '@web/grid/ListGrid';
import { del, get, post, put } from './client';

/** A record of a declared entity as the API answers it (`<field>_dictText` beside dict and ref fields). */
export type EntityRecord = { id: string } & Record<string, unknown>;

/** One row of a record's history as the server words it. */
export interface RecordHistoryEntry {
  id: string;
  action: string;
  actionText: string;
  operator: string;
  createTime: string;
  from: { field: string; title: string; value: string | null; text: unknown }[];
  to: { field: string; title: string; value: string | null; text: unknown }[];
  inputs: { field: string; title: string; text: unknown }[];
  changes: { field: string; title: string; before: unknown; after: unknown }[];
  note: string | null;
  /** A ledger posting of a money record (action `posting`): its number and amount in yuan. */
  posting?: { txnNo: string; amount: string; reversal: boolean };
}

/** The JeecgBoot endpoint family of a declared entity. */
export const entityApi = {
  list: (spec: EntitySpec, query: ListQuery & Record<string, unknown>) => get<PageResult<EntityRecord>>(`${spec.api}/list`, { ...query }),
  get: (spec: EntitySpec, id: string) => get<EntityRecord>(`${spec.api}/queryById`, { id }),
  add: (spec: EntitySpec, body: Record<string, unknown>) => post<{ id: string }>(`${spec.api}/add`, body, { silent: true }),
  edit: (spec: EntitySpec, body: Record<string, unknown>) => put<null>(`${spec.api}/edit`, body, { silent: true }),
  /** Imports a workbook: every row or none (the answer names the bad rows). */
  /** A detail's rows go to the master named (`{ masterId }`), unless a row names its own. */
  importExcel: (spec: EntitySpec, file: File, master?: Readonly<Record<string, string>>) => {
    const form = new FormData();
    form.append('file', file);
    const query = master ? `?${new URLSearchParams(master).toString()}` : '';
    return post<{ imported: number }>(`${spec.api}/importExcel${query}`, form, { silent: true });
  },
  /** Starts an export job of what the list shows (its query), or of the selected rows. */
  exportXls: (spec: EntitySpec, query: Record<string, unknown>, ids: readonly string[]) =>
    get<{ id: string }>(`${spec.api}/exportXls`, { ...query, ...(ids.length ? { selections: ids.join(',') } : {}) }),
  /**
   * Records to pick for a reference, by their label: JeecgBoot's table dictionary, which anyone
   * who may open a screen that picks the entity may read (not only its own screen's users).
   */
  options: (spec: EntitySpec, keyword = '', pageSize = 500) => get<{ value: string; text: string }[]>(`/sys/dict/loadDict/${spec.table},${spec.labelField},id`, { keyword, pageSize }),
  /** A picker's page: records whose text fields hold the keyword, with what tells them apart. */
  pick: (spec: EntitySpec, query: { keyword: string; pageNo: number; pageSize: number }) => get<PageResult<EntityRecord>>(`${spec.api}/pick`, query),
  remove: (spec: EntitySpec, ids: readonly string[]) => del<null>(`${spec.api}/deleteBatch`, { ids: ids.join(',') }),
  /** A flow action on records (`POST <api>/<action>`, or the family's path): the server checks each one's state again. */
  act: (spec: EntitySpec, action: string, ids: readonly string[], input: Record<string, unknown> = {}, silent = false) =>
    post<{ done?: string; replayed?: boolean } | null>(flowActionRoute(spec, flowActionOf(spec, action)), { ...input, ...(ids.length === 1 ? { id: ids[0] } : { ids }) }, { silent }),
  /** A ledger action's figures before it posts (补卡费, 应退金额), for the record (`{ id }`, or the card read in) and the inputs its quote depends on. */
  quote: (spec: EntitySpec, action: string, record: Record<string, unknown>, input: Record<string, unknown>) =>
    post<LedgerQuote>(`${flowActionRoute(spec, flowActionOf(spec, action))}/quote`, { ...input, ...record }, { silent: true }),
  /** A wizard's check: what the action would do, run by the server and rolled back. */
  preview: (spec: EntitySpec, action: string, ids: readonly string[], input: Record<string, unknown> = {}) =>
    post<{ done?: string } | null>(`${flowActionRoute(spec, flowActionOf(spec, action))}?preview=1`, { ...input, ...(ids.length === 1 ? { id: ids[0] } : { ids }) }, { silent: true }),
  /** A record's history, newest first, in words. */
  history: (spec: EntitySpec, id: string) => get<RecordHistoryEntry[]>('/sys/recordHistory/list', { entity: spec.id, id }),
  /** Whether a unique field's value is free (the record itself aside); answers the message when taken. */
  async isTaken(spec: EntitySpec, field: string, value: string, id?: string): Promise<string | null> {
    try {
      await get<boolean>('/sys/duplicate/check', { tableName: spec.table, fieldName: field, fieldVal: value, ...(id ? { dataId: id } : {}) }, { silent: true });
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  },
};
