import { memberDepartment } from '@shared/entities/members/department';
import { member } from '@shared/entities/members/member';
import { memberType } from '@shared/entities/members/memberType';
import { account } from '@shared/entities/members/account';
import { card } from '@shared/entities/members/card';
import { cardBalance } from '@shared/entities/members/cardBalance';
import { cardReplacement } from '@shared/entities/members/cardReplacement';
import { parent } from '@shared/entities/members/parent';
import { visitor } from '@shared/entities/members/visitor';
import { visitorBlock } from '@shared/entities/members/visitorBlock';
import { leave } from '@shared/entities/members/leave';
import { owner } from '@shared/entities/members/owner';
import { stopMeal } from '@shared/entities/members/stopMeal';
import { subsidy } from '@shared/entities/members/subsidy';
import { subsidyItem } from '@shared/entities/members/subsidyItem';
import { graduation } from '@shared/entities/members/graduation';
import { graduationItem } from '@shared/entities/members/graduationItem';
import { scoreRecord } from '@shared/entities/members/scoreRecord';
import { scoreSummary } from '@shared/entities/members/scoreSummary';
import { feeStandard } from '@shared/entities/members/feeStandard';
import { tuitionBill } from '@shared/entities/members/tuitionBill';
import { typeDiscount } from '@shared/entities/members/typeDiscount';
import type { EntityRegistration } from '../entities';
import {
  accountBalances,
  accounts,
  cardReplacements,
  cards,
  memberDepartments,
  members,
  memberTypes,
  parents,
  typeDiscounts,
  visitorBlocks,
  visitors,
  leaves,
  owners,
  mealStops,
  subsidyBatches,
  subsidyItems,
  graduationBatches,
  graduationItems,
  scoreRecords,
  scoreSummaries,
  feeStandards,
  tuitionBills,
} from '../../db/schema';
import type { EntityTable } from '../../crud/registerEntity';
import { memberHooks } from './member.hooks';
import { parentHooks } from './parent.hooks';
import { parentActions } from './parent.actions';
import { typeDiscountHooks } from './typeDiscount.hooks';
import { visitorHooks } from './visitors';
import { visitorActions } from './visitor.actions';
import { accountActions, cardActions } from './card.actions';
import { leaveHooks } from './leave.hooks';
import { leaveActions } from './leave.actions';
import { ownerActions } from './owner.actions';
import { stopMealHooks } from './stopMeal.hooks';
import { stopMealActions } from './stopMeal.actions';
import { subsidyHooks, subsidyItemHooks } from './subsidy.hooks';
import { subsidyActions, subsidyItemActions } from './subsidy.actions';
import { graduationHooks } from './graduation.hooks';
import { graduationActions } from './graduation.actions';
import { scoreRecordActions, scoreRecordHooks } from './score.hooks';
import { tuitionActions } from './tuition';
import { accountLedgerActions, accountLedgerQuotes } from '../ledger/account.actions';
import { cardLedgerActions, cardLedgerQuotes } from '../ledger/card.actions';
import { cardReplacementLedgerActions } from '../ledger/cardReplacement.actions';

/** 人员与卡务's declarations with their tables and hooks, a member's type and class before the member. */
export const MEMBER_ENTITIES: readonly EntityRegistration[] = [
  [memberDepartment, memberDepartments],
  [memberType, memberTypes],
  [typeDiscount, typeDiscounts, typeDiscountHooks],
  [member, members, memberHooks],
  // Read and exported here; written only by the ledger service.
  [account, accounts, { actions: accountActions, ledgerActions: accountLedgerActions, ledgerQuotes: accountLedgerQuotes }],
  [card, cards, { actions: cardActions, ledgerActions: cardLedgerActions, ledgerQuotes: cardLedgerQuotes }],
  [cardReplacement, cardReplacements, { ledgerActions: cardReplacementLedgerActions }],
  // A list whose source is a view (v_account_balance): read and exported only.
  [cardBalance, accountBalances as unknown as EntityTable],
  [parent, parents, { ...parentHooks, actions: parentActions }],
  [visitor, visitors, { ...visitorHooks, actions: visitorActions }],
  // Written by 拉黑 (the visit's flow); lifted by its own 解除拉黑.
  [visitorBlock, visitorBlocks],
  [leave, leaves, { ...leaveHooks, actions: leaveActions }],
  [owner, owners, { actions: ownerActions }],
  [stopMeal, mealStops, { ...stopMealHooks, actions: stopMealActions }],
  [subsidy, subsidyBatches, { ...subsidyHooks, actions: subsidyActions }],
  [subsidyItem, subsidyItems, { ...subsidyItemHooks, actions: subsidyItemActions }],
  [graduation, graduationBatches, { ...graduationHooks, actions: graduationActions }],
  // Written only by the batch's 预检 and 执行.
  [graduationItem, graduationItems],
  [scoreRecord, scoreRecords, { ...scoreRecordHooks, actions: scoreRecordActions }],
  // The view over the records in force: read and exported only.
  [scoreSummary, scoreSummaries as unknown as EntityTable],
  [feeStandard, feeStandards, { actions: tuitionActions }],
  // Made by 生成账单; changed only by its flow (waivers, payments through the ledger, reminders).
  [tuitionBill, tuitionBills, { actions: tuitionActions }],
];
