import { canteen } from '@shared/entities/meals/canteen';
import { store } from '@shared/entities/meals/store';
import type { EntitySpec } from '@shared/engine/spec';
import type { EntityTable } from '../../crud/registerEntity';
import { mealCanteens, mealStores } from '../../db/schema';

/** 订餐管理's declarations with their tables, a canteen before the stores that refer to it. */
export const MEAL_ENTITIES: readonly (readonly [EntitySpec, EntityTable])[] = [
  [canteen, mealCanteens],
  [store, mealStores],
];
