import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEntity } from '../../crud/registerEntity';
import { MEAL_ENTITIES } from './entities';

/** 订餐管理 on the entity engine. */
export function mealRoutes(api: FastifyInstance, context: AppContext): void {
  for (const [spec, table, hooks] of MEAL_ENTITIES) registerEntity(api, context, spec, table, hooks);
}
