import { buffetRule } from '@shared/entities/meals/buffetRule';
import { canteen } from '@shared/entities/meals/canteen';
import { dishCategory } from '@shared/entities/meals/dishCategory';
import { mealConfig } from '@shared/entities/meals/mealConfig';
import { store } from '@shared/entities/meals/store';
import { diningTable } from '@shared/entities/meals/table';
import type { EntityRegistration } from '../entities';
import { mealBuffetRules, mealCanteens, mealComboItems, mealCombos, mealConfigs, mealDishCategories, mealStores, mealTables, mealWhiteList } from '../../db/schema';
import { combo } from '@shared/entities/meals/combo';
import { whiteList } from '@shared/entities/meals/whiteList';
import { diningTableHooks } from './diningTable.hooks';
import { mealConfigHooks } from './mealConfig.hooks';
import { mealOrder } from '@shared/entities/meals/mealOrder';
import { refundBatch } from '@shared/entities/meals/refundBatch';
import { refundItem } from '@shared/entities/meals/refundItem';
import { mealOrders, mealRefundBatches, mealRefundItems } from '../../db/schema';
import { mealOrderActions } from './mealOrder.actions';
import { refundBatchHooks, refundItemHooks } from './refundBatch.hooks';
import { refundBatchActions } from './refundBatch.actions';

/** 订餐管理's declarations with their tables and hooks, a canteen before what refers to it. */
export const MEAL_ENTITIES: readonly EntityRegistration[] = [
  [canteen, mealCanteens],
  [store, mealStores],
  [diningTable, mealTables, diningTableHooks],
  [dishCategory, mealDishCategories],
  [buffetRule, mealBuffetRules],
  // The terminals keep their canteen's meals: a change drops them on every instance.
  [mealConfig, mealConfigs, ({ terminals }) => ({ ...mealConfigHooks, afterChange: () => terminals.changed() })],
  [combo, mealCombos, undefined, { items: mealComboItems }],
  [whiteList, mealWhiteList],
];

/** The canteen's day: orders (placed by their own route, cancelled by their flow), refund batches and their lines — after the members they name. */
export const MEAL_DAY_ENTITIES: readonly EntityRegistration[] = [
  [mealOrder, mealOrders, { actions: mealOrderActions }],
  [refundBatch, mealRefundBatches, { ...refundBatchHooks, actions: refundBatchActions }],
  [refundItem, mealRefundItems, refundItemHooks],
];
