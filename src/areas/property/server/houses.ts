import type { house as houseSpec } from '@areas/property/shared/entities/house';
import type { FlowEffects } from '@server/crud/flowActions';
import { and, eq, ne } from 'drizzle-orm';
import type { EntityHooks } from '@server/crud/registerEntity';
import { owners } from '@server/db/schema';
import { houses } from './tables';
import type { RowOf } from '@server/db/work';
import { badRequest } from '@server/http/envelope';
import { billHouses } from './propertyBills';

/** 3栋 + 1单元 + 1201: a unit typed as a bare number reads 1单元 (a shop's A stays A: 商业街A01). */
export function houseName(building: string, unit: string | null | undefined, room: string): string {
  const part = (unit ?? '').trim();
  return `${building.trim()}${/^\d+$/.test(part) ? `${part}单元` : part}${room.trim()}`;
}

const yuan = (cents: number) => (cents / 100).toFixed(2);

/**
 * 房屋管理 (declared in house.ts): a house is named by its building, unit and room, once in the school;
 * 绑定业主 names its owner and adds it to the owner's houses; 生成物业费 bills each house chosen.
 */
export const HOUSE_HOOKS: EntityHooks<RowOf<typeof houses>> = {
  async beforeSave({ work, id, values, before }) {
    const pick = (key: 'building' | 'unit' | 'room') => (values[key] !== undefined ? values[key] : before?.[key]) as string | null | undefined;
    const name = houseName(String(pick('building') ?? ''), pick('unit'), String(pick('room') ?? ''));
    const [taken] = await work.rows(houses, and(eq(houses.name, name), id ? ne(houses.id, id) : undefined), { limit: 1 });
    if (taken) throw badRequest(`房屋 ${name} 已存在`, `House ${name} exists already`);
    values.name = name;
  },
  actions: {
    async bindOwner({ work, row, input }) {
      const ownerId = input.ownerId;
      const owner = await work.one(owners, ownerId);
      if (!owner) throw badRequest('业主不存在', 'No such owner');
      if (owner.status === '3') throw badRequest(`${owner.name} 已迁出，不能绑定房屋`, `${owner.name} has moved out`);
      const { name } = row;
      const listed = owner.houses.split(/[,，、]/).map((one) => one.trim());
      if (!listed.includes(name)) {
        const next = [...listed.filter(Boolean), name].join('、');
        if (next.length > 200) throw badRequest(`${owner.name} 的房屋过多，请先整理其房屋列表`, `${owner.name} has too many houses listed`);
        await work.update(owners, { houses: next }, eq(owners.id, owner.id));
      }
      return { set: { ownerId }, note: `业主 ${owner.name}` };
    },
    async generateFee({ work, caller, row, input }) {
      const period = { periodFrom: input.periodFrom, periodTo: input.periodTo, dueDate: input.dueDate };
      const { made, amount, skipped } = await billHouses(work.tx, caller, { ids: [row.id] }, period);
      return { note: made ? `物业费 ${period.periodFrom}~${period.periodTo} ${yuan(amount)} 元` : `未生成：${skipped[0]?.reason ?? ''}` };
    },
  } satisfies FlowEffects<typeof houseSpec, RowOf<typeof houses>>,
};
