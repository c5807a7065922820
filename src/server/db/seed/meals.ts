import { asc, eq } from 'drizzle-orm';
import { newId } from '../ids';
import type { Executor } from '../client';
import * as t from '../schema';

/** The school's meals as seeded: name, type, window, order deadline and standard price (cents). */
export const SEED_MEALS: readonly (readonly [string, string, string, string, string, number])[] = [
  ['早餐', '1', '06:30', '08:30', '20:00', 500],
  ['午餐', '2', '11:00', '13:00', '09:00', 1200],
  ['晚餐', '3', '17:00', '19:00', '15:00', 1000],
  ['夜宵', '4', '21:00', '22:30', '19:00', 600],
];

/**
 * A school's canteens as a new installation shows them: two canteens with their counters, a hall
 * of tables, dish categories, the school's meal times and a buffet lunch.
 */
export async function seedMeals(tx: Executor, tenantId: number, createBy: string): Promise<void> {
  const common = { tenantId, createBy };
  const east = {
    ...common,
    id: newId(),
    name: '第一食堂',
    code: 'C01',
    campus: '东校区',
    location: '东校区学生活动中心一楼',
    manager: '王建国',
    phone: '13800001001',
    seats: 800,
    status: '1',
    requireOrder: true,
    allowUnordered: true,
    sortNo: 1,
  };
  const west = {
    ...common,
    id: newId(),
    name: '第二食堂（清真）',
    code: 'C02',
    campus: '西校区',
    location: '西校区教学楼北侧',
    manager: '马晓东',
    phone: '13800001002',
    seats: 300,
    status: '1',
    sortNo: 2,
  };
  await tx.insert(t.mealCanteens).values([east, west]);

  const store = (canteenId: string, code: string, name: string, storeType: string, consumeMode: string, fixedAmount: number | null = null) => ({
    ...common,
    id: newId(),
    canteenId,
    code,
    name,
    storeType,
    consumeMode,
    fixedAmount,
    operator: storeType === '6' || storeType === '7' ? '2' : '1',
    commissionPermille: storeType === '6' || storeType === '7' ? 80 : 0,
    status: '1',
  });
  const stores = [
    store(east.id, 'S0101', '基本伙一号窗口', '1', '1', 800),
    store(east.id, 'S0102', '基本伙二号窗口', '1', '1', 800),
    store(east.id, 'S0103', '风味小吃', '2', '3'),
    store(east.id, 'S0104', '面点', '4', '4'),
    store(east.id, 'S0105', '小卖部', '6', '3'),
    store(east.id, 'S0106', '水吧', '7', '3'),
    store(west.id, 'S0201', '清真窗口', '5', '4'),
    store(west.id, 'S0202', '清真面食', '5', '3'),
  ];
  await tx.insert(t.mealStores).values(stores);

  await tx.insert(t.mealTables).values(
    Array.from({ length: 12 }, (_, i) => ({
      ...common,
      id: newId(),
      canteenId: east.id,
      area: i < 8 ? 'A区' : '教职工区',
      tableNo: `${i < 8 ? 'A' : 'T'}${String(i + 1).padStart(2, '0')}`,
      seats: i < 8 ? 6 : 4,
      tableType: i < 8 ? '1' : '3',
      status: '1',
    })),
  );

  const categories = ['主食', '荤菜', '素菜', '汤品', '饮品'].map((name, i) => ({ ...common, id: newId(), name, canteenId: null, status: '1', sortNo: i + 1 }));
  await tx.insert(t.mealDishCategories).values(categories);

  const meal = (mealName: string, mealType: string, startTime: string, endTime: string, orderDeadline: string, standardPrice: number) => ({
    ...common,
    id: newId(),
    mealName,
    mealType,
    canteenId: null,
    startTime,
    endTime,
    orderMode: '1',
    advanceDays: 1,
    orderDeadline,
    cancelDeadline: orderDeadline,
    standardPrice,
    noShowPolicy: '1',
    unorderedPolicy: '2',
    surcharge: 200,
    perMealLimit: 1,
    status: '1',
  });
  await tx.insert(t.mealConfigs).values(SEED_MEALS.map((row) => meal(...row)));

  await tx.insert(t.mealBuffetRules).values({
    ...common,
    id: newId(),
    name: '教工自助午餐',
    canteenId: east.id,
    mealType: '2',
    pricingMode: '1',
    unitPrice: 1500,
    perMealLimit: 1,
    overtimeSurcharge: 300,
    validFrom: '2026-09-01',
    validTo: '2027-07-15',
    status: '1',
  });

  // Set meals of the basic counters and the halal counter, each with its dishes.
  const combo = (name: string, canteenId: string, storeId: string, mealTypes: string, price: number, status: string, dishes: readonly (readonly [string, string])[]) => ({
    name,
    canteenId,
    storeId,
    mealTypes,
    price,
    status,
    dishes,
  });
  const combos = [
    combo('A 套餐（两荤一素）', east.id, stores[0]!.id, '2,3', 1200, '1', [
      ['米饭', '1 份'],
      ['红烧肉', '100 g'],
      ['宫保鸡丁', '100 g'],
      ['清炒时蔬', '150 g'],
      ['紫菜蛋花汤', '1 碗'],
    ]),
    combo('B 套餐（一荤两素）', east.id, stores[1]!.id, '2,3', 1000, '1', [
      ['米饭', '1 份'],
      ['鱼香肉丝', '100 g'],
      ['麻婆豆腐', '120 g'],
      ['炒土豆丝', '120 g'],
    ]),
    combo('营养早餐', east.id, stores[3]!.id, '1', 500, '1', [
      ['肉包', '2 个'],
      ['鸡蛋', '1 个'],
      ['豆浆', '1 杯'],
    ]),
    combo('清真牛肉面套餐', west.id, stores[6]!.id, '2,3', 1500, '1', [
      ['牛肉拉面', '1 碗'],
      ['凉拌黄瓜', '1 碟'],
    ]),
    combo('教工自选套餐', east.id, stores[2]!.id, '2', 1800, '3', [
      ['米饭', '1 份'],
      ['清蒸鱼', '1 条'],
      ['时令蔬菜', '150 g'],
    ]),
  ];
  for (const { dishes, ...values } of combos) {
    const id = newId();
    await tx.insert(t.mealCombos).values({ ...common, ...values, id, categoryId: categories[0]!.id, needsBooking: values.status === '3' });
    await tx.insert(t.mealComboItems).values(dishes.map(([dishName, portion], index) => ({ id: newId(), tenantId, comboId: id, dishName, portion, sortNo: index + 1 })));
  }
}

/**
 * The consumption terminals of the first canteen's counters, and the campus supermarket's till (商铺管理
 * binds it to its shop; the ledger's sample shops there); each gets its key with 生成密钥.
 */
export async function seedTerminals(tx: Executor, tenantId: number, createBy: string): Promise<void> {
  const [canteen] = await tx.select({ id: t.mealCanteens.id }).from(t.mealCanteens).where(eq(t.mealCanteens.tenantId, tenantId)).orderBy(asc(t.mealCanteens.sortNo)).limit(1);
  if (!canteen) return;
  const stores = await tx.select({ id: t.mealStores.id, name: t.mealStores.name }).from(t.mealStores).where(eq(t.mealStores.canteenId, canteen.id)).orderBy(asc(t.mealStores.code)).limit(3);
  await tx.insert(t.devices).values(
    stores.map((store, index) => ({
      id: newId(),
      tenantId,
      createBy,
      name: `${store.name}消费机`,
      serialNo: `POS01${String(index + 1).padStart(2, '0')}`,
      canteenId: canteen.id,
      storeId: store.id,
    })),
  );
  await tx.insert(t.devices).values({ id: newId(), tenantId, createBy, name: '校园超市收银机', serialNo: 'SHOP0101', canteenId: canteen.id });
}
