import { and, eq, inArray, ne } from 'drizzle-orm';
import { dayIn, startOfSchoolDay } from '@shared/schoolTime';
import type { EntityHooks } from '@server/crud/registerEntity';
import { devices } from '@server/db/schema';
import { shops, shopTerminals } from './tables';
import type { RowOf, Work } from '@server/db/work';
import { badRequest } from '@server/http/envelope';
import { schoolZone } from '@server/modules/schools/settings';
import { shopTakings } from './settlements';

/**
 * A terminal taken off a shop must have nothing unsettled on it: what it took since the last
 * settlement would belong to no shop any more.
 */
async function keepUnsettledTerminals(work: Work, shopId: string, settledUntil: Date | null, kept: readonly string[]): Promise<void> {
  const current = await work.tx
    .select({ terminalId: shopTerminals.terminalId, name: devices.name })
    .from(shopTerminals)
    .innerJoin(devices, eq(devices.id, shopTerminals.terminalId))
    .where(eq(shopTerminals.shopId, shopId));
  for (const removed of current.filter((row) => !kept.includes(row.terminalId))) {
    const taken = await shopTakings(work, shopId, settledUntil, new Date(), [removed.terminalId]);
    if (taken.takings - taken.refunds > 0)
      throw badRequest(`终端 ${removed.name} 尚有未结算的营业额，请先结算再解除绑定`, `Terminal ${removed.name} has unsettled takings: settle before unbinding it`);
  }
}

/**
 * 商铺信息 (declared in shop.ts): a contract ends after it starts; a terminal serves one shop (a
 * terminal bound elsewhere is named); a closed shop binds none; a terminal with unsettled takings
 * stays. 停业 waits until everything taken before today is settled; its terminals stay bound (and
 * refused) until the settlement of its last day frees them.
 */
type ShopRow = RowOf<typeof shops>;

export const SHOP_HOOKS: EntityHooks<ShopRow, { terminals: RowOf<typeof shopTerminals> }> = {
  async beforeSave({ work, id, values, before, details }) {
    const start = values.contractStart !== undefined ? values.contractStart : before?.contractStart;
    const end = values.contractEnd !== undefined ? values.contractEnd : before?.contractEnd;
    if (start && end && end < start) throw badRequest('合同结束日期不能早于开始日期', 'The contract cannot end before it starts');
    const bound = details.terminals;
    if (!bound) return;
    const terminalIds = bound.map((row) => row.terminalId ?? '');
    if (id) await keepUnsettledTerminals(work, id, before?.settledUntil ?? null, terminalIds);
    if (!bound.length) return;
    if (before?.status === '3') throw badRequest('已停业的商铺不能绑定终端', 'A closed shop binds no terminals');
    if (new Set(terminalIds).size !== terminalIds.length) throw badRequest('同一终端不能重复绑定', 'A terminal is bound once');
    const taken = await work.tx
      .select({ name: devices.name, serialNo: devices.serialNo })
      .from(shopTerminals)
      .innerJoin(devices, eq(devices.id, shopTerminals.terminalId))
      .where(and(work.school(shopTerminals), inArray(shopTerminals.terminalId, terminalIds), id ? ne(shopTerminals.shopId, id) : undefined))
      .limit(1);
    if (taken[0]) throw badRequest(`终端 ${taken[0].name}（${taken[0].serialNo}）已绑定其他商铺`, `Terminal ${taken[0].name} (${taken[0].serialNo}) is bound to another shop`);
  },
  // A shop deleted lets its terminals go, once nothing they took is left unsettled.
  async beforeDelete({ work, rows }) {
    for (const shop of rows) {
      await keepUnsettledTerminals(work, shop.id, shop.settledUntil, []);
      await work.remove(shopTerminals, eq(shopTerminals.shopId, shop.id));
    }
  },
  actions: {
    async close({ work, row: shop }) {
      const zone = await schoolZone(work.tx, work.tenantId);
      const taken = await shopTakings(work, shop.id, shop.settledUntil, startOfSchoolDay(zone));
      if (taken.takings - taken.refunds > 0) throw badRequest(`请先结算至昨天（${dayIn(zone)} 之前尚有未结算营业额）`, 'Settle up to yesterday first: takings before today are not settled');
    },
  },
};
