import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListFilter, ListQuery } from '@shared/engine/schemas';
import type { EntitySpec, FieldSpec } from '@shared/engine/spec';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import type { Work } from '../db/work';
import type { AuthContext } from '../http/auth';
import { registerFlowActions, type FlowEffect } from './flowActions';
import type { LedgerEffect, LedgerQuoter } from './ledgerActions';
import { registerImportExportRoutes } from './entity/importExport';
import { registerQueryRoutes } from './entity/query';
import { entityRuntime } from './entity/runtime';
import { registerWriteRoutes } from './entity/write';
import { register } from './entity/registry';

/**
 * The columns the engine uses besides the declared fields. Only the id is required: a table
 * without `delFlag` deletes for real, one without `tenantId` is shared by all schools, and the
 * who/when columns are filled where they exist.
 */
type BusinessColumn = 'sysOrgCode' | 'tenantId' | 'createBy' | 'createdAt' | 'updateBy' | 'updatedAt' | 'delFlag';
export type EntityTable = PgTable & { id: PgColumn } & Partial<Record<BusinessColumn, PgColumn>>;
/** A sub-table's rows (see DetailRowsSpec): its school, its record's column and its order. */
export type DetailTable = PgTable & { id: PgColumn; tenantId: PgColumn; sortNo: PgColumn };

/** What a hook knows of the request: the caller and their school. */
interface HookContext {
  tx: Executor;
  /** The write's unit of work: its school, caller and transaction (db/work.ts). Prefer it to tx and tenantId. */
  work: Work;
  tenantId: number;
  caller: AuthContext;
}

/**
 * A record's values as guard, beforeSave and afterAdd receive them: its form's fields as the
 * entity's schema parsed them, by the table's columns — a datetime still as the text typed
 * (`stored()` makes it a Date only when written), amounts in cents — any of them possibly left out
 * (an edit drops the columns its editor cannot see). A hook may add what it derives.
 */
export type FormValues<Row> = { [K in keyof Row]?: Row[K] extends Date | null ? string | Row[K] : Row[K] } & Record<string, unknown>;

/** Behaviour of one entity that is code: named, typed, beside its declaration. */
/** `Row`: the table's stored row (`RowOf<typeof leaves>`), as the engine hands it to `before`, `rows` and the actions. */
/** `Details`: the stored row of each sub-table, by the detail's key (`{ items: RowOf<typeof stocktakeItems> }`): its rows as sent are their form values. */
export interface EntityHooks<Row = Record<string, unknown>, Details extends Record<string, unknown> = Record<string, Record<string, unknown>>> {
  /** Rewrites what a client sent before anything is checked (another client's names for our values). */
  normalise?(values: Record<string, unknown>): void;
  /** Whether the caller may write this record at all: runs before any other check (a 403 says nothing of the data). */
  guard?(context: HookContext & { id: string | null; values: FormValues<Row>; before: Row | null }): Promise<void>;
  /** Before a record is written (add: id null; edit: `before` is the stored row); may refuse with a 400. */
  beforeSave?(
    context: HookContext & {
      id: string | null;
      values: FormValues<Row>;
      before: Row | null;
      /** The sub-tables' rows as sent, by the detail's key (undefined: left as they are); a hook may fill their derived columns. */
      details: { [K in keyof Details]?: FormValues<Details[K]>[] };
    },
  ): Promise<void>;
  /** After a new record was written, in its transaction: what refers to it (the refund lines a batch gathers). */
  afterAdd?(context: HookContext & { id: string; values: FormValues<Row> }): Promise<void>;
  /** Before records are deleted (their stored rows), before the references check; may refuse with a 400, or let go of what they hold. */
  beforeDelete?(context: HookContext & { ids: string[]; rows: Row[] }): Promise<void>;
  /**
   * A record as an answer shows it: `list` for list pages and exports, `record` for queryById (the
   * form). Masks and derived values go here (an ID number shown as 3201**********1234 in lists).
   */
  shapeRecord?(record: Record<string, unknown>, view: 'list' | 'record', caller: AuthContext): void;
  /** The rows this entity is, when it is a slice of its table (the ledger's consumptions): ANDed into every read. */
  scope?(): SQL;
  /** What the 合计 line sums for a `total` field, when not its column (a refund counts against its payment). */
  totalOf?: Readonly<Record<string, SQL>>;
  /** A filter on a `joined` field (a payment's holder, class or card), as a condition on this table's rows. */
  joinedFilter?(filter: ListFilter): SQL | undefined;
  /**
   * A filter on one of this table's own fields that another index answers better than its column's
   * (a pass's holder by name, found by the member index); undefined for the plain condition.
   */
  indexedFilter?(filter: ListFilter): SQL | undefined;
  /**
   * Conditions every list and export of this entity must carry, given the caller's query (the
   * records' date range, bounded); may refuse the query with a 400.
   */
  listBounds?(query: ListQuery, reads: Work): Promise<SQL | undefined>;
  /**
   * The list's count and its `total` fields' sums (cents) without reading every matching row —
   * from kept daily sums where the query allows (the ledger's records); undefined to count and sum
   * as usual.
   */
  summaryOf?(query: ListQuery, work: Work): Promise<{ total: number; sums: Record<string, number> } | undefined>;
  /** The `joined` fields of a page of records (a list's, an export's, one read by id), read in one query by their ids. */
  joinList?(records: Record<string, unknown>[], reads: Work): Promise<void>;
  /** After any change was committed (caches to drop, and the like). */
  afterChange?(): Promise<void>;
  /** Deleting a record changes who holds what (a role and its grants): every instance's grant cache is dropped. */
  deleteChangesAccess?: boolean;
  /** The server functions of its flow's actions that declare `effect` (`<entity>.actions.ts`), by action id. */
  actions?: Readonly<Record<string, FlowEffect<Row>>>;
  /** The server functions of its ledger actions (an object `ledger`), by action id: they post through the ledger service. */
  ledgerActions?: Readonly<Record<string, LedgerEffect>>;
  /** The figures a ledger action declaring a quote works out before it posts. */
  ledgerQuotes?: Readonly<Record<string, LedgerQuoter>>;
}

/**
 * The JeecgBoot endpoint family for one declared entity, under its API base: list, queryById,
 * add, edit (PUT and POST), delete and deleteBatch, as its operations allow. Every route declares
 * its permission code; rows are scoped to the caller's school and soft-deleted; answers carry
 * `<field>_dictText` for dictionaries and references and leave out the data columns the caller may
 * not see (an edit keeps them as they were).
 */
export function registerEntity(
  api: FastifyInstance,
  context: AppContext,
  spec: EntitySpec,
  table: EntityTable,
  hooks: EntityHooks = {},
  detailTables: Readonly<Record<string, DetailTable>> = {},
): void {
  register(spec, table, hooks.scope);
  const rt = entityRuntime(context, spec, table, hooks, detailTables);
  // The routes in their order: the reads, the spreadsheets, the writes, then the flow's actions.
  registerQueryRoutes(api, rt);
  registerImportExportRoutes(api, rt);
  registerWriteRoutes(api, rt);
  if (spec.flow)
    registerFlowActions(api, context, spec, {
      table,
      live: rt.live,
      touched: rt.touched,
      writes: rt.writes,
      changed: rt.changed,
      effects: hooks.actions ?? {},
      ledgerEffects: hooks.ledgerActions ?? {},
      ledgerQuotes: hooks.ledgerQuotes ?? {},
    });
}

export { declaredColumn, liveRows, mayPick, registeredEntities, registeredEntity } from './entity/registry';
export type { FieldSpec };
