import { and, eq, ne } from 'drizzle-orm';
import type { owner as ownerSpec } from '@shared/entities/members/owner';
import type { FlowEffects } from '../../crud/flowActions';
import { cards, owners } from '../../db/schema';
import type { RowOf } from '../../db/work';
import { badRequest } from '../../http/envelope';

/**
 * 业主管理's flow (declared in owner.ts): 发门禁卡 gives a card number no other owner of the school
 * holds and no member's card carries (the gate reads one number as one person); 迁出 records the
 * day and takes the card away.
 */
export const ownerActions: FlowEffects<typeof ownerSpec, RowOf<typeof owners>> = {
  async issueCard({ work, row: owner, input }) {
    const cardNo = input.cardNo.trim();
    if (!/^\d{4,20}$/.test(cardNo)) throw badRequest('门禁卡号应为4到20位数字', 'An access card number is 4 to 20 digits');
    const [taken] = await work.rows(owners, and(eq(owners.accessCardNo, cardNo), ne(owners.id, owner.id)), { limit: 1 });
    // Any card of the school, cancelled or deleted too: its number stays its own.
    const [card] = await work.rows(cards, eq(cards.cardNo, cardNo), { deleted: true, limit: 1 });
    if (taken || card) throw badRequest('该门禁卡号已被使用', 'This card number is in use');
    return { set: { accessCardNo: cardNo }, ...(owner.accessCardNo ? { note: `换发，原卡 ${owner.accessCardNo} 失效` } : {}) };
  },
  async moveOut({ input }) {
    return { set: { moveOutDate: input.moveOutDate, accessCardNo: null } };
  },
};
