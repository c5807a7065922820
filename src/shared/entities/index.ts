/** Every entity declared for the engine, in registration order (a reference comes after its target). */
import { cardBalance } from './members/cardBalance';
import type { EntitySpec } from '../engine/spec';
import { sharedAreas } from '../areas';
import { buffetRule } from './meals/buffetRule';
import { canteen } from './meals/canteen';
import { combo } from './meals/combo';
import { dishCategory } from './meals/dishCategory';
import { mealConfig } from './meals/mealConfig';
import { store } from './meals/store';
import { diningTable } from './meals/table';
import { dictionary } from './system/dictionary';
import { dictionaryItem } from './system/dictionaryItem';
import { dictionaryOrgItem } from './system/dictionaryOrgItem';
import { role } from './system/role';
import { operationLog } from './system/operationLog';
import { announcement } from './system/announcement';
import { loginLog } from './system/loginLog';
import { quartzJob } from './system/quartzJob';
import { quartzJobRun } from './system/quartzJobRun';
import { school } from './system/school';
import { memberDepartment } from './members/department';
import { member } from './members/member';
import { memberType } from './members/memberType';
import { account } from './members/account';
import { card } from './members/card';
import { cardReplacement } from './members/cardReplacement';
import { parent } from './members/parent';
import { adjustment } from './members/adjustment';
import { pendingRefund } from './members/pendingRefund';
import { visitor } from './members/visitor';
import { visitorBlock } from './members/visitorBlock';
import { leave } from './members/leave';
import { owner } from './members/owner';
import { stopMeal } from './members/stopMeal';
import { subsidy } from './members/subsidy';
import { subsidyItem } from './members/subsidyItem';
import { graduation } from './members/graduation';
import { schoolTerm } from './payments/schoolTerm';
import { scoreRecord } from './members/scoreRecord';
import { scoreSummary } from './members/scoreSummary';
import { feeStandard } from './members/feeStandard';
import { tuitionBill } from './members/tuitionBill';
import { pushTask } from './devices/pushTask';
import { pushItem } from './devices/pushItem';
import { graduationItem } from './members/graduationItem';
import { mealOrder } from './meals/mealOrder';
import { refundBatch } from './meals/refundBatch';
import { refundItem } from './meals/refundItem';
import { typeDiscount } from './members/typeDiscount';
import { chargeRecord } from './payments/chargeRecord';
import { payment } from './payments/payment';
import { expiringBill } from './payments/expiringBill';
import { electricBill, waterBill } from './payments/utilityBill';
import { mealLeaveRefund } from './payments/mealLeaveRefund';
import { consumptionRecord } from './payments/consumptionRecord';
import { terminal } from './devices/terminal';
import { whiteList } from './meals/whiteList';
import { messageTemplate } from './messages/template';
import { message } from './messages/message';
import { messageRecipient } from './messages/recipient';
import { smsLog } from './messages/smsLog';
import { schoolNotice } from './messages/schoolNotice';
import { noticeReceipt } from './messages/noticeReceipt';
import { onlineReport } from './online/report';
import { onlineForm } from './online/form';

/** The product's own entities (the platform's and the areas not yet in packages of their own). */
const PRODUCT_ENTITIES: readonly EntitySpec[] = [
  role,
  operationLog,
  loginLog,
  announcement,
  quartzJob,
  quartzJobRun,
  dictionary,
  dictionaryItem,
  dictionaryOrgItem,
  canteen,
  store,
  diningTable,
  dishCategory,
  buffetRule,
  mealConfig,
  combo,
  schoolTerm,
  memberDepartment,
  memberType,
  typeDiscount,
  member,
  whiteList,
  account,
  card,
  cardReplacement,
  cardBalance,
  parent,
  visitor,
  visitorBlock,
  leave,
  owner,
  stopMeal,
  subsidy,
  subsidyItem,
  graduation,
  graduationItem,
  scoreRecord,
  scoreSummary,
  tuitionBill,
  feeStandard,
  refundBatch,
  refundItem,
  payment,
  waterBill,
  electricBill,
  mealLeaveRefund,
  expiringBill,
  chargeRecord,
  consumptionRecord,
  // Below 消费记录's payments on their screen.
  mealOrder,
  adjustment,
  pendingRefund,
  terminal,
  pushTask,
  pushItem,
  messageTemplate,
  message,
  // Below the messages, and the notices, on their screens.
  messageRecipient,
  smsLog,
  schoolNotice,
  noticeReceipt,
  // A screen's main entity first (its commands act on the selection), then those below it.
  onlineReport,
  onlineForm,
];

/**
 * Records whose screens and routes are their own but whose state operations are the flow engine's
 * (学校管理's 冻结/解冻): declared for the flow only.
 */
export const FLOW_ONLY: readonly EntitySpec[] = [school];

let all: readonly EntitySpec[] | null = null;

/** Every entity declared for the engine, in registration order: the product's, then each area's. */
export function entities(): readonly EntitySpec[] {
  return (all ??= [...PRODUCT_ENTITIES, ...sharedAreas().flatMap((area) => area.entities)]);
}

/** Every declaration with a flow: the engine's entities and the flow-only ones. */
export const flowEntities = (): readonly EntitySpec[] => [...entities(), ...FLOW_ONLY].filter((spec) => spec.flow);

/** Declarations that arrive at run time: a school's published online forms (the same engine, data only). */
const RUNTIME = new Map<string, EntitySpec>();

/** The declarations that arrived at run time. */
export const runtimeEntities = (): EntitySpec[] => [...RUNTIME.values()];

/** Adds (or replaces, when its form changed) a declaration that arrived at run time. */
export function addRuntimeEntity(spec: EntitySpec): void {
  RUNTIME.set(spec.id, spec);
}

/** The declaration of an entity by id (a flow-only one too: its actions and history are the engine's; an online form's). */
export function entityById(id: string): EntitySpec | undefined {
  return entities().find((spec) => spec.id === id) ?? FLOW_ONLY.find((spec) => spec.id === id) ?? RUNTIME.get(id);
}
