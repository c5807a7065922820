import { and, eq, sql } from 'drizzle-orm';
import type { FlowEffect } from '../../crud/flowActions';
import { cards } from '../../db/schema';

/**
 * 挂失, 解挂 and 坏卡登记 (the card's flow): besides the state, the card lists the terminals hold move
 * on a version, so every consumption terminal picks up the change at its next sync.
 */
export const cardActions: Readonly<Record<string, FlowEffect>> = {
  async reportLoss() {
    return { set: { listVersion: sql`${cards.listVersion} + 1` } };
  },
  async cancelLoss() {
    return { set: { lossTime: null, listVersion: sql`${cards.listVersion} + 1` } };
  },
  async markDamaged() {
    return { set: { listVersion: sql`${cards.listVersion} + 1` } };
  },
};

/**
 * 冻结账户 and 解冻账户 (the account's flow): the account's card in use is frozen with it (冻结: the
 * terminals refuse it offline too, their lists moving on a version) and back in use when it thaws.
 */
export const accountActions: Readonly<Record<string, FlowEffect>> = {
  async freeze({ work, row }) {
    const frozen = await work.update(cards, { cardStatus: '3', listVersion: sql`${cards.listVersion} + 1` }, and(eq(cards.accountId, String(row.id)), eq(cards.cardStatus, '1')));
    return frozen.length ? { note: `卡片 ${frozen.map((card) => card.cardNo).join('、')} 随账户冻结` } : undefined;
  },
  async unfreeze({ work, row }) {
    const thawed = await work.update(cards, { cardStatus: '1', listVersion: sql`${cards.listVersion} + 1` }, and(eq(cards.accountId, String(row.id)), eq(cards.cardStatus, '3')));
    return thawed.length ? { note: `卡片 ${thawed.map((card) => card.cardNo).join('、')} 随账户解冻` } : undefined;
  },
};
