import type { EntityHooks } from '../../crud/registerEntity';
import { billHooks } from '../bills/billHooks';

/** A shipment's lines are valued when issued (at the batches' prices), not when written. */
export const shipmentHooks: EntityHooks = billHooks('CK');
