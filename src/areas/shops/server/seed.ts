import { eq } from 'drizzle-orm';
import { addDays, addMonths, dayIn, DEFAULT_TIME_ZONE } from '@shared/schoolTime';
import type { Executor } from '@server/db/client';
import { newId } from '@server/db/ids';
import { devices } from '@server/db/schema';
import { shopCategories, shops, shopTerminals } from './tables';
import { schoolReads, Work } from '@server/db/work';
import type { SampleDay, SampleEvent } from '@server/registry/areas';
import { settleShop } from './settlements';

/** name, code, icon. */
const CATEGORIES: readonly (readonly [string, string, string])[] = [
  ['超市', 'CS', 'shopping-cart'],
  ['文具', 'WJ', 'pencil'],
  ['理发', 'LF', 'scissors'],
  ['水果', 'SG', 'apple'],
];

/**
 * 商铺管理's sample: four categories; the campus supermarket bound to its till (SHOP0101, made with the
 * platform's terminals; the ledger's sample shops there), a stationer's and a barber's paused for the holidays.
 */
export async function seedShops(tx: Executor, tenantId: number, createBy: string): Promise<void> {
  const common = { tenantId, createBy };
  const categories = CATEGORIES.map(([name, code, icon], index) => ({ ...common, id: newId(), name, code, icon, sortNo: index + 1 }));
  await tx.insert(shopCategories).values(categories);
  const today = dayIn(DEFAULT_TIME_ZONE);
  const contract = { contractStart: addMonths(today, -6), contractEnd: addMonths(today, 18) };
  const [market, stationer, barber] = [newId(), newId(), newId()];
  await tx.insert(shops).values([
    {
      ...common,
      ...contract,
      id: market,
      name: '校园超市',
      categoryId: categories[0]!.id,
      location: '商业街A01',
      manager: '周建国',
      phone: '13905710001',
      openHours: '07:00-22:00',
      commissionPermille: 30,
      rent: 300000,
      intro: '日用品、零食饮料、生活用品',
    },
    {
      ...common,
      ...contract,
      id: stationer,
      name: '书香文具店',
      categoryId: categories[1]!.id,
      location: '商业街A03',
      manager: '林晓梅',
      phone: '13905710002',
      openHours: '07:30-21:00',
      commissionPermille: 20,
      rent: 120000,
    },
    {
      ...common,
      ...contract,
      id: barber,
      name: '阿杰理发',
      categoryId: categories[2]!.id,
      location: '商业街B02',
      manager: '黄杰',
      phone: '13905710003',
      openHours: '10:00-20:00',
      status: '2',
      commissionPermille: 0,
      rent: 80000,
      remark: '假期暂停营业',
    },
  ]);
  // The till the platform's sample made (SHOP0101), where the ledger's sample shopped.
  const [till] = await new Work(tx, tenantId, createBy).rows(devices, eq(devices.serialNo, 'SHOP0101'));
  if (till) await tx.insert(shopTerminals).values({ id: newId(), tenantId, shopId: market, terminalId: till.id, sortNo: 1 });
}

/**
 * The supermarket's first settlement, in the sample school's weeks: five days ago in the morning, the
 * takings up to the day before paid out by bank (no rent kept); what was taken since waits for the next.
 */
export function sampleShopSettlement(day: SampleDay): SampleEvent[] {
  if (day.daysAgo !== 5) return [];
  return [
    {
      at: day.at('10:00'),
      async run() {
        const [market] = await schoolReads(day.db, { tenantId: day.tenantId, username: day.by }).rows(shops, eq(shops.name, '校园超市'));
        if (!market) return;
        await settleShop(
          day.db,
          { tenantId: day.tenantId, username: day.by },
          { key: `sample-settle-${market.id}`, id: market.id, periodTo: addDays(day.date, -1), rentMonths: 0, payWay: '2', remark: '首次结算' },
        );
      },
    },
  ];
}
