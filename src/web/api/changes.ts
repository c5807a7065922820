import { CARD_OFFICE_ENTITIES } from '@shared/cardOffice';
import { entities } from '@shared/entities';
import { onlineEntityId } from '@shared/online/formSpec';
import type { DataKind } from '@web/stores/dataVersion';

/**
 * What a successful change request changed, by its route: every list of those kinds reloads, so
 * no dialog or command keeps list versions by hand.
 */
const NAMED_ROUTES: readonly (readonly [prefix: string, kinds: readonly DataKind[]])[] = [
  ['/sys/user/', ['users']],
  ['/sys/tenant/', ['schools']],
  ['/sys/oss/file/', ['files']],
  ['/sys/sysAnnouncementSend/', ['notices']],
  ['/sys/sysDepart/', ['departments']],
  ['/sys/sysDepartRole/', ['departments', 'roles']],
  ['/sys/sysDepartPermission/', ['departments', 'permissions']],
  ['/sys/permission/', ['permissions']],
  ['/sys/role/', ['roles', 'permissions']],
  // A form published, unpublished or changed moves the menu (its screen and buttons).
  ['/online/cgform/head/', ['online.form', 'permissions']],
  // So does a report published, unpublished or renamed.
  ['/online/cgreport/head/', ['online.report', 'permissions']],
  // The card office's operations change members' cards and balances, accounts and the ledger.
  ['/memb/account/', CARD_OFFICE_ENTITIES],
  ['/memb/card/', CARD_OFFICE_ENTITIES],
  ['/pay/', CARD_OFFICE_ENTITIES],
  ['/memb/cardReplace/', CARD_OFFICE_ENTITIES],
  ['/memb/pendingRefund/', CARD_OFFICE_ENTITIES],
  // 拉黑 writes the blacklist below the visits, 解除拉黑 reads as a change of the visits' screen.
  ['/memb/visitor/', ['members.visitor', 'members.visitorBlock']],
  // Orders are paid, and refund batches paid back, through the ledger; stops and leaves cancel orders into refund lines.
  ['/meal/order/', [...CARD_OFFICE_ENTITIES, 'meals.refundItem']],
  ['/meal/refundBatch/', [...CARD_OFFICE_ENTITIES, 'meals.order', 'meals.refundItem', 'payments.mealLeaveRefund']],
  ['/meal/stop/', ['meals.order', 'meals.refundItem', 'payments.mealLeaveRefund']],
  ['/memb/leave/', ['members.stopMeal', 'meals.order', 'meals.refundItem', 'payments.mealLeaveRefund']],
  // 加入合并 makes 退款合并's lines.
  ['/pay/leaveRefund/', ['meals.refundItem']],
  // A batch's people are its own; 纠错 and 发放 move members' subsidy wallets.
  ['/memb/subsidy/', ['members.subsidy', 'members.subsidyItem', ...CARD_OFFICE_ENTITIES]],
  ['/memb/subsidyItem/', ['members.subsidy', 'members.subsidyItem', ...CARD_OFFICE_ENTITIES]],
  // 预检 writes the batch's people; 执行 settles accounts, cancels cards and orders, marks people graduated.
  ['/memb/graduation/', ['members.graduation', 'members.graduationItem', 'members.member', 'meals.order', ...CARD_OFFICE_ENTITIES]],
  // A score recorded or revoked moves its class's summary.
  ['/memb/score/', ['members.scoreRecord', 'members.scoreSummary']],
  // 生成账单 makes bills; a bill paid from or refunded to a card moves its balance.
  ['/pay/feeItem/', ['members.feeStandard', 'members.tuitionBill']],
  ['/pay/tuition/', ['members.tuitionBill', 'members.feeStandard', ...CARD_OFFICE_ENTITIES]],
  // 绑定业主 adds the house to its owner; 生成物业费 makes the houses' bills.
  ['/prop/house/', ['members.owner', 'payments.propertyBill']],
  // A plate registered or changed is what 挪车 requests match.
  ['/prop/car/', ['property.moveCar']],
  // 收费 writes 缴费记录.
  ['/prop/repair/', ['payments.payment']],
  // 转业主 adds a resident (and a house's owner).
  ['/prop/customer/', ['members.owner', 'property.house']],
  // 成交 changes the house's state.
  ['/prop/listing/', ['property.house']],
  // A comment added or removed changes its topic's count.
  ['/prop/topicComment/', ['property.topic']],
  // A task's items are made with it, and move as terminals take them.
  ['/dev/push/', ['devices.pushTask', 'devices.pushItem']],
  // Running a job by hand writes a run, and its last run time.
  ['/sys/quartzJob/', ['system.quartzJob', 'system.quartzJobRun']],
];

/** The kinds of data a change request to `url` (`/meals/canteen/add`) touches. */
export function changedKinds(url: string): DataKind[] {
  const path = url.split('?')[0]!;
  const kinds = new Set<DataKind>();
  for (const spec of entities()) if (path.startsWith(`${spec.api}/`)) kinds.add(spec.id);
  for (const [prefix, named] of NAMED_ROUTES) if (path.startsWith(prefix)) for (const kind of named) kinds.add(kind);
  // A published online form's records (its declaration arrived at run time).
  const online = /\/online\/cgform\/api\/form\/([^/]+)\//.exec(path);
  if (online) kinds.add(onlineEntityId(online[1]!));
  return [...kinds];
}
