/** The record rules of each entity (its `<entity>.rules.ts`), by entity id. */
import type { EntitySpec } from '../engine/spec';
import type { RecordRule } from '../engine/rules';
import { mealConfig } from './meals/mealConfig';
import { mealConfigRules } from './meals/mealConfig.rules';
import { whiteList } from './meals/whiteList';
import { whiteListRules } from './meals/whiteList.rules';
import { visitor } from './members/visitor';
import { visitorRules } from './members/visitor.rules';
import { typeDiscount } from './members/typeDiscount';
import { typeDiscountRules } from './members/typeDiscount.rules';

const ENTITY_RULES: Readonly<Record<string, readonly RecordRule[]>> = {
  [mealConfig.id]: mealConfigRules,
  [whiteList.id]: whiteListRules,
  [visitor.id]: visitorRules,
  [typeDiscount.id]: typeDiscountRules,
};

export const rulesOf = (spec: EntitySpec): readonly RecordRule[] => ENTITY_RULES[spec.id] ?? [];
