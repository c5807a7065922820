/** Every entity declared for the engine, in registration order (a reference comes after its target). */
import type { EntitySpec } from '../engine/spec';
import { canteen } from './meals/canteen';
import { store } from './meals/store';

export const ENTITIES: readonly EntitySpec[] = [canteen, store];

/** The declaration of an entity by id. */
export function entityById(id: string): EntitySpec | undefined {
  return ENTITIES.find((spec) => spec.id === id);
}
