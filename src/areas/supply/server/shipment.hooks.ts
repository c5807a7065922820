import type { EntityHooks } from '@server/crud/registerEntity';
import { billHooks } from '@server/modules/bills/billHooks';

/** A shipment's lines are valued when issued (at the batches' prices), not when written. */
export const shipmentHooks: EntityHooks = billHooks('CK');
