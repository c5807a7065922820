/**
 * What the server takes from each area's server manifest (`src/areas/<area>/server/index.ts`):
 * its entities with their tables and hooks, its own routes, its part of the sample school and its
 * messages' English. The composition root (`src/areas/server.ts`) installs them at start; the
 * platform reads them here and never imports an area.
 */
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { EntitySpec, Titles } from '@shared/engine/spec';
import type { StockLine } from '@shared/reports';
import { installable, type SharedArea } from '@shared/areas';
import type { AppContext } from '../context';
import type { DetailTable, EntityHooks, EntityTable } from '../crud/registerEntity';
import type { Database, Executor } from '../db/client';
import type { SchoolTable, Work } from '../db/work';
import { addEnglish } from '../http/language';
import type { ObjectStore } from '../modules/files/objectStore';
import type { BillBook, BillMoney } from '../modules/payments/billLedger';
import type { Caller, PostedTransaction, PostingAccount } from '../modules/ledger/core';
import type { TemplateEvent } from '../modules/messages/delivery';
import type { EventMark } from '../jobs/eventMarks';

/** A job's work: what it did in one line, or a throw (the run is recorded as failed with the error). */
export type JobHandler = (context: AppContext, parameter: string | null) => Promise<string>;

/**
 * A scheduled job an area ships: its handler, the handler's name in 定时任务's choice (dictionary
 * quartz_job_handler) and its schedule. A database that never had the job gets both at start
 * (`addShippedJobs`); one an administrator changed or deleted is left as they made it.
 */
export interface AreaJob {
  title: Titles;
  run: JobHandler;
  /** A Quartz cron (`0 * * * * ?`), the parameter and what the job does, as 定时任务 lists it. */
  schedule: { cron: string; parameter?: string; description: string };
}

/** What an area adds to the ledger's own operations, inside their transaction. */
export interface LedgerHooks {
  /** After a recharge posted (the account's balances after it): 充值赠送 gives its gifts in the same transaction. */
  onRecharge?(tx: Executor, caller: Caller, account: PostingAccount & { memberId: string }, recharge: PostedTransaction): Promise<void>;
}

/** Records waiting for a decision (首页's 待我审批): shown to whoever may run the deciding flow action, never to their makers. */
export interface Approval {
  /** What waits (采购单待审核). */
  title: Titles;
  spec: EntitySpec;
  /** The flow action that decides it (审批, 审核), whose code the user must hold. */
  action: string;
  table: SchoolTable;
  /** The records waiting for it (of the school's live ones). */
  waiting: SQL | undefined;
  /** Who made or asked for it: never decided by them (maker ≠ checker). */
  makers: readonly PgColumn[];
}

/** The period a tab of 综合报表 is asked for (its dates in the school's zone) and the query area's store. */
export interface ReportTabQuery {
  from: string;
  to: string;
  canteenId?: string | undefined;
}

/** Rows an area supplies to a tab the report declares (its columns are the report's). */
export interface ReportTabs {
  /** 食材进销存. */
  stock?(work: Work, zone: string, query: ReportTabQuery): Promise<StockLine[]>;
}

/**
 * A kind of 设备下发 task an area sends itself (门禁权限 when a door is granted, 车辆名单 from 下发道闸):
 * never written by hand on 设备下发, perhaps never cancelled there, and told when 重试失败项 queues
 * its items again.
 */
export interface AreaPushType {
  /** Why 设备下发 refuses to write one by hand. */
  madeElsewhere: Titles;
  /** 重试失败项 queued these items again: their subjects (the area's records) wait for delivery again. */
  retried?(work: Work, subjectIds: readonly string[]): Promise<void>;
}

/** One event since the mark, in the mark's order; no event: passed over (the mark still moves past it). */
export interface Happened {
  /** The database's own text of the event's time: a JavaScript date keeps only milliseconds. */
  at: string;
  id: string;
  event: TemplateEvent | null;
}

/** A school's events of a kind since the mark (the kind is its template's code), at most NOTICE_BATCH, in the mark's order. */
export type NoticeEvents = (work: Work, mark: EventMark, until: Date, zone: string, settleSeconds: number) => Promise<Happened[]>;

/** Hooks, or hooks that need the app's services (caches to drop). */
export type EntityHooksOf = EntityHooks | ((context: AppContext) => EntityHooks);

/** A declaration, its table, its hooks and its sub-tables' tables (by the detail's key). */
export type EntityRegistration = readonly [EntitySpec, EntityTable, EntityHooksOf?, Readonly<Record<string, DetailTable>>?];

/** What an area's part of the sample school is given: the seed's transaction, the school, who writes, where files go. */
export interface AreaSeedStep {
  tx: Executor;
  tenantId: number;
  by: string;
  /** Where sample uploads go (none: records without their files). */
  files: ObjectStore | undefined;
}

/**
 * One day of the sample school's simulated weeks (`src/server/sampleSchool`): what an area is told
 * to make that day's events through the product's own services, on the database itself (each
 * service opens its own transaction), the simulated clock set to each event's time.
 */
export interface SampleDay {
  db: Database;
  tenantId: number;
  /** The clerk who works the console in the sample school. */
  by: string;
  /** The school's date, `YYYY-MM-DD`, and its zone. */
  date: string;
  zone: string;
  /** Days before today (0: today, whose events stop at the real time). */
  daysAgo: number;
  /** The last instant of the day that happens: its end, or today's real time. */
  until: Date;
  /** Whether a person is away on an approved leave at an instant: they pay at no canteen and pass no gate. */
  away(memberId: string, at: Date): boolean;
  /** The instant of a time of that day on the school's wall clock (`HH:mm` or `HH:mm:ss`). */
  at(clock: string): Date;
}

/** Something that happens in the sample school at an instant: run with the clock set to it. */
export interface SampleEvent {
  at: Date;
  run(): Promise<void>;
  /** Queues nothing for after its commit (a card payment, a recharge): the outbox is not looked at after it. */
  quiet?: boolean;
}

export interface ServerArea {
  shared: SharedArea;
  /** Its entities on the engine, in the order of `shared.entities`. */
  entities: readonly EntityRegistration[];
  /** Its own routes (device APIs, named operations), under the API's prefix. */
  routes?(api: FastifyInstance, context: AppContext): void;
  /** Its part of the sample school, after the product's own (in the list's order). */
  seed?(step: AreaSeedStep): Promise<void>;
  /** Its events of a day of the sample school's simulated weeks, made by its services (after the seed). */
  sampleDay?(day: SampleDay): readonly SampleEvent[] | Promise<readonly SampleEvent[]>;
  /** Its scheduled jobs, by the handler's name a job names (dictionary quartz_job_handler). */
  jobs?: Readonly<Record<string, AreaJob>>;
  /** Its part of 到期处理 (the daily expiry job): what it expired, in one phrase. */
  dailyExpiry?(context: AppContext): Promise<string>;
  ledger?: LedgerHooks;
  /**
   * Why a terminal of the area's takes no payments (a shop paused or closed): a message of its
   * `messages`, answered 403 (the terminal keeps its batch); or null. Read when the
   * terminal directory loads the terminal and kept with it: an area whose answer changes drops the
   * directory (`context.terminals.changed()`).
   */
  terminalRefusal?(db: Executor, terminalId: string): Promise<string | null>;
  /** Its records waiting for a decision, on 首页. */
  approvals?: readonly Approval[];
  /** The queries behind its online-report sources (`SharedArea.reportSources`), by code: one school's live rows, aliased by the columns' keys. */
  reportQueries?: Readonly<Record<string, (work: Work) => SQL>>;
  /** The rows of 综合报表's tabs it supplies. */
  reportTabs?: ReportTabs;
  /**
   * The books of its kinds of bill (`SharedArea.billKinds`), by kind: how 线上缴费 and 缴费记录's
   * refunds lock, read and change such a bill, as they do the product's tuition and utility bills.
   */
  billBooks?: Readonly<Record<string, BillBook<BillMoney>>>;
  /** Its events 消费提醒's job also tells (到离校提醒), by template code: the job's word for them and what happened. */
  noticeEvents?: Readonly<Record<string, { title: string; events: NoticeEvents }>>;
  /** Its kinds of 设备下发 task (push_type), by value. */
  pushTypes?: Readonly<Record<string, AreaPushType>>;
  /** The English of the messages its routes send (Chinese → English). */
  messages?: Readonly<Record<string, string>>;
}

const registry = installable<readonly ServerArea[]>('areas (server)');

/** Installs the areas' server manifests: their messages' English joins the catalogue. */
export function installServerAreas(areas: readonly ServerArea[]): void {
  registry.install(areas);
  for (const area of areas) for (const [zh, en] of Object.entries(area.messages ?? {})) addEnglish(zh, en);
}

/** The installed areas' server manifests, in the list's order. */
export const serverAreas = (): readonly ServerArea[] => registry.read();

/** The rows of a tab of 综合报表, from the area that supplies it (none installed: undefined). */
export const areaReportTab = <K extends keyof ReportTabs>(tab: K): ReportTabs[K] | undefined => serverAreas().find((area) => area.reportTabs?.[tab])?.reportTabs?.[tab];

/** The first area's refusal of a terminal's payments, or null. */
export async function terminalRefusal(db: Executor, terminalId: string): Promise<string | null> {
  for (const area of serverAreas()) {
    const refusal = await area.terminalRefusal?.(db, terminalId);
    if (refusal) return refusal;
  }
  return null;
}

/** The area's rules of a kind of 设备下发 task, when an area sends such tasks itself. */
export const areaPushType = (pushType: string | null | undefined): AreaPushType | undefined => (pushType ? serverAreas().find((area) => area.pushTypes?.[pushType])?.pushTypes?.[pushType] : undefined);
