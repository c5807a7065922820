import { sql } from 'drizzle-orm';
import type { FlowEffect } from '../../crud/flowActions';
import { cards } from '../../db/schema';

/**
 * 挂失 and 解挂 (the card's flow): besides the state, the card lists the terminals hold move on a
 * version, so every consumption terminal picks up the change at its next sync.
 */
export const cardActions: Readonly<Record<string, FlowEffect>> = {
  async reportLoss() {
    return { set: { listVersion: sql`${cards.listVersion} + 1` } };
  },
  async cancelLoss() {
    return { set: { lossTime: null, listVersion: sql`${cards.listVersion} + 1` } };
  },
};
