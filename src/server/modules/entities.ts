import { MESSAGE_ENTITIES } from './messages/entities';
import { ONLINE_ENTITIES } from './online/entities';
import type { FastifyInstance } from 'fastify';
import { dictionary } from '@shared/entities/system/dictionary';
import { dictionaryItem } from '@shared/entities/system/dictionaryItem';
import { dictionaryOrgItem } from '@shared/entities/system/dictionaryOrgItem';
import { role } from '@shared/entities/system/role';
import { loginLog } from '@shared/entities/system/loginLog';
import { operationLog } from '@shared/entities/system/operationLog';
import { quartzJob } from '@shared/entities/system/quartzJob';
import { quartzJobRun } from '@shared/entities/system/quartzJobRun';
import { announcement } from '@shared/entities/system/announcement';
import type { AppContext } from '../context';
import { registerEntity } from '../crud/registerEntity';
import { serverAreas, type EntityRegistration } from '../registry/areas';
import { announcements, dictionaries, dictionaryItems, dictionaryOrgItems, loginLogs, operationLogs, quartzJobRuns, quartzJobs, roles } from '../db/schema';
import { dictionaryHooks } from './dictionaries/dictionary.hooks';
import { MEAL_DAY_ENTITIES, MEAL_ENTITIES } from './meals/entities';
import { MEMBER_ENTITIES } from './members/entities';
import { LEAVE_REFUND_ENTITIES } from './payments/leaveRefundEntities';
import { PAYMENT_ENTITIES } from './payments/entities';
import { LEDGER_ENTITIES } from './ledger/entities';
import { DEVICE_ENTITIES } from './devices/entities';
import { roleHooks } from './roles/role.hooks';
import { quartzJobHooks } from './jobs/job.hooks';
import { jobActions } from './jobs/job.actions';
import { announcementActions } from './announcements/announcement.actions';

export type { EntityHooksOf, EntityRegistration } from '../registry/areas';

/** The product's own entities on the engine (the platform's, and the areas not yet in packages of their own). */
const PRODUCT_ENTITY_TABLES: readonly EntityRegistration[] = [
  [role, roles, roleHooks],
  [dictionary, dictionaries, dictionaryHooks],
  [dictionaryItem, dictionaryItems, dictionaryHooks],
  [dictionaryOrgItem, dictionaryOrgItems, dictionaryHooks],
  ...MEAL_ENTITIES,
  ...PAYMENT_ENTITIES,
  ...MEMBER_ENTITIES,
  ...LEAVE_REFUND_ENTITIES,
  ...MEAL_DAY_ENTITIES,
  ...LEDGER_ENTITIES,
  ...DEVICE_ENTITIES,
  ...MESSAGE_ENTITIES,
  ...ONLINE_ENTITIES,
  // Written by the server itself (sign-in, and every changing request): read and exported only.
  [operationLog, operationLogs],
  [loginLog, loginLogs],
  [quartzJob, quartzJobs, { ...quartzJobHooks, actions: jobActions }],
  // Written by its own routes (modules/announcements): listed, deleted, released and revoked here.
  [announcement, announcements, { actions: announcementActions }],
  // Written by the scheduler: read only.
  [quartzJobRun, quartzJobRuns],
];

let all: readonly EntityRegistration[] | null = null;

/** Every entity on the engine with its table and hooks, a record's target before what refers to it: the product's, then each area's. */
export const entityTables = (): readonly EntityRegistration[] => (all ??= [...PRODUCT_ENTITY_TABLES, ...serverAreas().flatMap((area) => area.entities)]);

/** The generic routes of every declared entity. */
export function entityRoutes(api: FastifyInstance, context: AppContext): void {
  for (const [spec, table, hooks, details] of entityTables()) registerEntity(api, context, spec, table, typeof hooks === 'function' ? hooks(context) : hooks, details);
}
