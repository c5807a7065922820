import { and, eq, ne } from 'drizzle-orm';
import type { FlowEffect } from '../../crud/flowActions';
import { cards, owners } from '../../db/schema';
import { badRequest } from '../../http/envelope';

/**
 * 业主管理's flow (declared in owner.ts): 发门禁卡 gives a card number no other owner of the school
 * holds and no member's card carries (the gate reads one number as one person); 迁出 records the
 * day and takes the card away.
 */
export const ownerActions: Readonly<Record<string, FlowEffect>> = {
  async issueCard({ tx, caller, row, input }) {
    const cardNo = String(input.cardNo).trim();
    if (!/^\d{4,20}$/.test(cardNo)) throw badRequest('门禁卡号应为4到20位数字', 'An access card number is 4 to 20 digits');
    const [taken] = await tx
      .select({ name: owners.name })
      .from(owners)
      .where(and(eq(owners.tenantId, caller.tenantId), eq(owners.accessCardNo, cardNo), eq(owners.delFlag, 0), ne(owners.id, String(row.id))))
      .limit(1);
    const [card] = await tx
      .select({ id: cards.id })
      .from(cards)
      .where(and(eq(cards.tenantId, caller.tenantId), eq(cards.cardNo, cardNo)))
      .limit(1);
    if (taken || card) throw badRequest('该门禁卡号已被使用', 'This card number is in use');
    return { set: { accessCardNo: cardNo }, ...(row.accessCardNo ? { note: `换发，原卡 ${String(row.accessCardNo)} 失效` } : {}) };
  },
  async moveOut({ input }) {
    return { set: { moveOutDate: input.moveOutDate, accessCardNo: null } };
  },
};
