import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@server/db/client';
import { newId } from '@server/db/ids';
import { Work } from '@server/db/work';
import * as t from '@server/db/schema';
import { ingredients, purchaseItems, purchases, stockBatches, stockOutItems, stockOuts, stocktakeItems, stocktakes, suppliers, supplyReturnItems, supplyReturns } from './tables';
import { stockService, valueOf } from './stock';
import { schoolNow } from '@server/db/seed/schoolClock';

/** [code, name, category, unit, spec, reference price (yuan), shelf life (days), storage, safety low, safety high]. */
const INGREDIENTS: readonly (readonly [string, string, string, string, string, number, number, string, number, number])[] = [
  ['V001', '大白菜', '1', 'kg', '净菜', 2.2, 7, '2', 30, 400],
  ['V002', '土豆', '1', 'kg', '黄心', 2.8, 20, '1', 50, 400],
  ['V003', '西红柿', '1', 'kg', '', 4.5, 7, '2', 20, 200],
  ['V004', '黄瓜', '1', 'kg', '', 3.6, 5, '2', 20, 200],
  ['V005', '青椒', '1', 'kg', '', 5.0, 7, '2', 15, 150],
  ['V006', '胡萝卜', '1', 'kg', '', 2.6, 20, '2', 20, 200],
  ['V007', '洋葱', '1', 'kg', '', 2.4, 30, '1', 20, 200],
  ['V008', '菠菜', '1', 'kg', '', 6.0, 3, '2', 10, 100],
  ['V009', '豆腐', '1', 'kg', '北豆腐', 4.0, 3, '2', 10, 100],
  ['V010', '西兰花', '1', 'kg', '', 7.5, 5, '2', 10, 100],
  ['M001', '五花肉', '2', 'kg', '带皮冻品', 26.0, 30, '3', 20, 200],
  ['M002', '猪里脊', '2', 'kg', '', 32.0, 5, '3', 10, 150],
  ['M003', '鸡腿', '2', 'kg', '琵琶腿冻品', 16.0, 30, '3', 20, 200],
  ['M004', '鸡胸肉', '2', 'kg', '', 18.0, 5, '3', 10, 150],
  ['M005', '牛腩', '2', 'kg', '', 58.0, 5, '3', 10, 100],
  ['M006', '鸡蛋', '2', 'box', '360枚/箱', 168.0, 30, '2', 2, 20],
  ['F001', '带鱼', '3', 'kg', '冻品段', 30.0, 90, '3', 10, 100],
  ['F002', '虾仁', '3', 'kg', '冻品', 60.0, 90, '3', 5, 50],
  ['F003', '草鱼', '3', 'kg', '鲜活', 14.0, 2, '2', 0, 80],
  ['G001', '大米', '4', 'bag', '25kg/袋', 110.0, 365, '1', 10, 60],
  ['G002', '面粉', '4', 'bag', '25kg/袋', 95.0, 180, '1', 4, 30],
  ['G003', '食用油', '4', 'bottle', '5L/桶', 72.0, 540, '1', 10, 80],
  ['G004', '挂面', '4', 'box', '10kg/箱', 58.0, 365, '1', 3, 30],
  ['S001', '食盐', '5', 'bag', '400g/袋', 2.0, 1095, '1', 20, 200],
  ['S002', '酱油', '5', 'bottle', '1.9L', 16.0, 540, '1', 10, 80],
  ['S003', '醋', '5', 'bottle', '1.9L', 12.0, 540, '1', 5, 60],
  ['S004', '白糖', '5', 'bag', '1kg/袋', 7.5, 720, '1', 5, 60],
  ['S005', '生抽', '5', 'bottle', '1.9L', 15.0, 540, '1', 5, 60],
  ['S006', '料酒', '5', 'bottle', '1.75L', 10.0, 540, '1', 5, 60],
  ['S007', '鸡精', '5', 'bag', '1kg/袋', 28.0, 540, '1', 3, 30],
  ['Z001', '水饺', '6', 'bag', '1kg/袋', 18.0, 180, '3', 20, 200],
  ['Z002', '包子', '6', 'bag', '20个/袋', 16.0, 180, '3', 20, 200],
  ['Z003', '汤圆', '6', 'bag', '500g/袋', 9.0, 180, '3', 0, 100],
  ['D001', '木耳', '7', 'kg', '干', 60.0, 365, '1', 2, 20],
  ['D002', '香菇', '7', 'kg', '干', 56.0, 365, '1', 2, 20],
  ['D003', '粉丝', '7', 'kg', '', 12.0, 365, '1', 5, 50],
  ['D004', '花生米', '7', 'kg', '', 14.0, 180, '1', 5, 50],
  ['R001', '牛奶', '8', 'box', '250ml×24', 62.0, 7, '2', 5, 60],
  ['R002', '酸奶', '8', 'box', '100g×24', 48.0, 21, '2', 5, 60],
  ['R003', '豆浆粉', '8', 'bag', '1kg/袋', 22.0, 365, '1', 2, 30],
];

/** [code, name, categories, contact, status, licence valid for (days from today)]. One licence about to run out; one awaiting admission; one paused. */
const SUPPLIERS: readonly (readonly [string, string, string, string, string, number])[] = [
  ['GYS001', '绿源蔬菜配送有限公司', '1', '周立新', '1', 400],
  ['GYS002', '鲜达肉类食品有限公司', '2', '钱卫东', '1', 12],
  ['GYS003', '海之味水产有限公司', '3,6', '孙海波', '1', 300],
  ['GYS004', '金穗粮油贸易有限公司', '4', '李金穗', '1', 500],
  ['GYS005', '百味调味品商行', '5', '赵百川', '1', 260],
  ['GYS006', '冰川冻品有限公司', '6', '冯冰', '1', 330],
  ['GYS007', '山珍干货批发部', '7', '陈山', '1', 210],
  ['GYS008', '晨光乳业有限公司', '8', '林晨', '1', 190],
  ['GYS009', '农家禽蛋合作社', '2', '郑农', '1', 365],
  ['GYS010', '惠民综合食品有限公司', '9', '吴惠民', '1', 420],
  ['GYS011', '新鲜果蔬种植基地', '1', '黄果', '0', 365],
  ['GYS012', '诚信冷链物流有限公司', '3,6', '王诚', '2', 150],
];

/** The supplier (index into SUPPLIERS) of each category. */
const SUPPLIER_OF: Readonly<Record<string, number>> = { '1': 0, '2': 1, '3': 2, '4': 3, '5': 4, '6': 5, '7': 6, '8': 7 };

/**
 * 食材供应 as a school shows it after a month: a dozen suppliers, forty ingredients, purchases
 * every other day received into the first canteen's store, daily requisitions issued from it
 * first-expiring-first-out — and the states a storekeeper should see: a low stock, an expiring and
 * an expired batch, an overstock, a purchase awaiting audit and a draft. Every move goes through
 * the stock service, as the screens' would; one return of cracked eggs.
 */
export async function seedSupply(tx: Executor, tenantId: number, maker: string, auditor: string): Promise<void> {
  const [canteen] = await tx
    .select({ id: t.mealCanteens.id })
    .from(t.mealCanteens)
    .where(and(eq(t.mealCanteens.tenantId, tenantId), eq(t.mealCanteens.code, 'C01')));
  if (!canteen) return;
  const today = schoolNow();
  const day = (offset: number) => today.add(offset, 'day').format('YYYY-MM-DD');

  const supplierIds = SUPPLIERS.map(() => newId());
  await tx.insert(suppliers).values(
    SUPPLIERS.map(([code, name, categories, contact, status, validDays], index) => ({
      id: supplierIds[index]!,
      tenantId,
      createBy: maker,
      code,
      name,
      creditCode: `9132010${String(71234500 + index * 7919).padStart(11, '0')}`,
      categories,
      contact,
      phone: `139${String(21000000 + index * 137).slice(0, 8)}`,
      address: `南京市玄武区供应路${index + 1}号`,
      foodLicenseNo: `JY1320102${String(100000 + index * 31).padStart(7, '0')}`,
      foodLicenseExpiry: day(validDays),
      licenseExpiry: day(validDays + 365),
      settleMode: index % 3 === 0 ? '2' : '1',
      status,
      score: 80 + (index % 5) * 4,
      ...(status !== '0' ? { auditBy: auditor, auditTime: today.subtract(60, 'day').toDate() } : {}),
    })),
  );

  const ingredientIds = INGREDIENTS.map(() => newId());
  await tx.insert(ingredients).values(
    INGREDIENTS.map(([code, name, category, unit, spec, price, shelfDays, storage, low, high], index) => ({
      id: ingredientIds[index]!,
      tenantId,
      createBy: maker,
      code,
      name,
      category,
      unit,
      spec: spec || null,
      refPrice: Math.round(price * 100),
      safetyLow: low * 1000,
      safetyHigh: high * 1000,
      shelfDays,
      storage,
    })),
  );
  const byName = new Map(INGREDIENTS.map((row, index) => [row[1], index]));
  const seq = new Map<string, number>();
  const billNo = (prefix: string, date: string) => {
    const key = `${prefix}${date}`;
    const next = (seq.get(key) ?? 0) + 1;
    seq.set(key, next);
    return `${prefix}${date.replaceAll('-', '')}${String(next).padStart(4, '0')}`;
  };
  // The bill counters go on from the seed's numbers.
  const counters = () => [...seq].map(([key, last]) => ({ tenantId, prefix: key.slice(0, 2), day: key.slice(2).replaceAll('-', ''), last }));

  /** A purchase of these [ingredient, quantity] at reference prices, received (or not) on its day. */
  const purchase = async (offset: number, lines: readonly (readonly [string, number])[], state: 'received' | 'submitted' | 'draft') => {
    const date = day(offset);
    const at = today.add(offset, 'day').hour(7).minute(30).toDate();
    const index = byName.get(lines[0]![0])!;
    const supplier = supplierIds[SUPPLIER_OF[INGREDIENTS[index]![2]] ?? 9]!;
    const id = newId();
    const no = billNo('CG', date);
    const items = lines.map(([name, qty], sortNo) => {
      const ingredient = INGREDIENTS[byName.get(name)!]!;
      const unitPrice = Math.round(ingredient[5] * 100);
      return {
        id: newId(),
        tenantId,
        purchaseId: id,
        sortNo: sortNo + 1,
        ingredientId: ingredientIds[byName.get(name)!]!,
        qty: qty * 1000,
        unitPrice,
        amount: valueOf(qty * 1000, unitPrice),
        batchNo: `${no.slice(2)}-${sortNo + 1}`,
        productionDate: date,
        expiryDate: day(offset + ingredient[6]),
      };
    });
    const received = state === 'received';
    await tx.insert(purchases).values({
      id,
      tenantId,
      createBy: maker,
      createdAt: at,
      billNo: no,
      canteenId: canteen.id,
      supplierId: supplier,
      purchaseType: '1',
      purchaseDate: date,
      expectedDate: date,
      totalAmount: items.reduce((sum, item) => sum + item.amount, 0),
      auditStatus: state === 'draft' ? '0' : received ? '2' : '1',
      inboundStatus: received ? '2' : '0',
      ...(state !== 'draft' ? { submitBy: maker, submitTime: at } : {}),
      ...(received ? { auditBy: auditor, auditTime: at, receiveBy: maker, receiveTime: at } : {}),
    });
    await tx.insert(purchaseItems).values(items.map((item) => ({ ...item, ...(received ? { acceptedQty: item.qty, acceptResult: '1' } : {}) })));
    if (!received) return;
    for (const item of items)
      await stockService.receive(
        tx,
        { tenantId, billType: 'purchase', billId: id, billNo: no, operator: maker, at },
        {
          canteenId: canteen.id,
          ingredientId: item.ingredientId,
          qty: item.qty,
          unitPrice: item.unitPrice,
          batchNo: item.batchNo,
          productionDate: item.productionDate,
          expiryDate: item.expiryDate,
          purchaseItemId: item.id,
        },
      );
  };

  /** A requisition of these [ingredient, quantity] for the kitchen, issued on its day. */
  const requisition = async (offset: number, lines: readonly (readonly [string, number])[]) => {
    const date = day(offset);
    const at = today.add(offset, 'day').hour(9).toDate();
    const id = newId();
    const no = billNo('CK', date);
    const bill = { tenantId, billType: 'shipment' as const, billId: id, billNo: no, operator: auditor, at };
    const items = [];
    let total = 0;
    for (const [sortNo, [name, qty]] of lines.entries()) {
      const ingredientId = ingredientIds[byName.get(name)!]!;
      const amount = await stockService.issue(tx, bill, { canteenId: canteen.id, ingredientId, qty: qty * 1000 });
      total += amount;
      items.push({ id: newId(), tenantId, stockOutId: id, sortNo: sortNo + 1, ingredientId, qty: qty * 1000, amount });
    }
    await tx.insert(stockOuts).values({
      id,
      tenantId,
      createBy: maker,
      createdAt: at,
      billNo: no,
      outType: '1',
      canteenId: canteen.id,
      receiver: '王建国',
      outDate: date,
      totalAmount: total,
      auditStatus: '2',
      outStatus: '1',
      submitBy: maker,
      submitTime: at,
      auditBy: auditor,
      auditTime: at,
    });
    await tx.insert(stockOutItems).values(items);
  };

  // A month: staples at the start, fresh food every other day, the kitchen's requisitions in between.
  await purchase(
    -30,
    [
      ['大米', 40],
      ['面粉', 12],
      ['食用油', 30],
      ['食盐', 60],
      ['酱油', 24],
    ],
    'received',
  );
  await purchase(
    -29,
    [
      ['木耳', 5],
      ['香菇', 5],
      ['粉丝', 20],
      ['挂面', 10],
    ],
    'received',
  );
  for (let offset = -28; offset <= -2; offset += 2) {
    await purchase(
      offset,
      [
        ['大白菜', 60],
        ['土豆', 50],
        ['西红柿', 30],
        ['青椒', 15],
      ],
      'received',
    );
    await purchase(
      offset,
      [
        ['五花肉', 30],
        ['鸡腿', 40],
        ['鸡蛋', 4],
      ],
      'received',
    );
    await requisition(offset + 1, [
      ['大白菜', 55],
      ['土豆', 45],
      ['西红柿', 28],
      ['青椒', 14],
      ['五花肉', 28],
      ['鸡腿', 38],
      ['鸡蛋', 3],
      ['大米', 2],
    ]);
  }
  // 超储: rice bought in bulk; 过期: milk left past its date; 临期: tofu bought yesterday (three days' life).
  await purchase(-20, [['大米', 80]], 'received');
  await purchase(-9, [['牛奶', 10]], 'received');
  await purchase(-1, [['豆腐', 20]], 'received');
  // 低库存: pork issued down below its safety stock.
  await requisition(-1, [['五花肉', 20]]);
  // One return: two boxes of the eggs of the last fresh-food purchase, cracked in transport.
  const [eggs] = await tx
    .select({ item: purchaseItems, billNo: purchases.billNo, supplierId: purchases.supplierId })
    .from(purchaseItems)
    .innerJoin(purchases, eq(purchases.id, purchaseItems.purchaseId))
    .where(and(eq(purchaseItems.tenantId, tenantId), eq(purchaseItems.ingredientId, ingredientIds[byName.get('鸡蛋')!]!), eq(purchases.purchaseDate, day(-2))));
  if (eggs) {
    const returnId = newId();
    const no = billNo('TH', day(-1));
    const at = today.add(-1, 'day').hour(10).toDate();
    const qty = 2000;
    await stockService.returnGoods(
      tx,
      { tenantId, billType: 'return', billId: returnId, billNo: no, operator: auditor, at },
      { canteenId: canteen.id, ingredientId: eggs.item.ingredientId, purchaseItemId: eggs.item.id, qty },
    );
    await tx.insert(supplyReturns).values({
      id: returnId,
      tenantId,
      createBy: maker,
      createdAt: at,
      billNo: no,
      purchaseId: eggs.item.purchaseId,
      supplierId: eggs.supplierId,
      canteenId: canteen.id,
      reason: '1',
      returnDate: day(-1),
      settleMode: '1',
      totalAmount: valueOf(qty, eggs.item.unitPrice),
      auditStatus: '2',
      returnStatus: '2',
      submitBy: maker,
      submitTime: at,
      auditBy: auditor,
      auditTime: at,
      confirmBy: maker,
      confirmTime: at,
      remark: '运输途中破损',
    });
    await tx.insert(supplyReturnItems).values({
      id: newId(),
      tenantId,
      returnId,
      sortNo: 1,
      purchaseItemId: eggs.item.id,
      ingredientId: eggs.item.ingredientId,
      qty,
      unitPrice: eggs.item.unitPrice,
      amount: valueOf(qty, eggs.item.unitPrice),
    });
  }
  // 盘点 at the month's end (yesterday afternoon): the dry store counted and audited — a bag of rice
  // short (spilt), salt over (a delivery not booked) — and the cold store counted, waiting for audit.
  const stocktake = async (name: string, lines: readonly (readonly [string, number])[], audited: boolean) => {
    const id = newId();
    const date = day(-1);
    const counted = today
      .add(-1, 'day')
      .hour(audited ? 16 : 17)
      .toDate();
    const no = billNo('PD', date);
    const batches = await tx
      .select({ id: stockBatches.id, ingredientId: stockBatches.ingredientId })
      .from(stockBatches)
      .where(
        and(
          new Work(tx, tenantId, maker).school(stockBatches),
          eq(stockBatches.canteenId, canteen.id),
          inArray(
            stockBatches.ingredientId,
            lines.map(([ingredient]) => ingredientIds[byName.get(ingredient)!]!),
          ),
        ),
      )
      .orderBy(asc(stockBatches.createdAt));
    const items = [];
    let total = 0;
    for (const [ingredient, difference] of lines) {
      // The last batch of the ingredient still held: the one on the shelf.
      const ingredientId = ingredientIds[byName.get(ingredient)!]!;
      let shelf: { id: string; book: number } | undefined;
      for (const batch of batches.filter((one) => one.ingredientId === ingredientId)) {
        const book = await stockService.heldIn(tx, batch.id);
        if (book > 0) shelf = { id: batch.id, book };
      }
      if (!shelf) continue;
      const countedQty = shelf.book + difference * 1000;
      const bill = { tenantId, billType: 'stocktake' as const, billId: id, billNo: no, operator: auditor, at: today.add(-1, 'day').hour(17).minute(30).toDate() };
      // 审核 brings the batch to what was counted, as the audit's effect does.
      const moved = audited ? await stockService.adjust(tx, bill, { batchId: shelf.id, counted: countedQty }) : { book: shelf.book, diff: 0, amount: 0 };
      total += moved.amount;
      items.push({ id: newId(), tenantId, stocktakeId: id, sortNo: items.length + 1, batchId: shelf.id, countedQty, bookQty: moved.book, diffQty: moved.diff });
    }
    await tx.insert(stocktakes).values({
      id,
      tenantId,
      createBy: maker,
      createdAt: counted,
      billNo: no,
      canteenId: canteen.id,
      takeDate: date,
      diffAmount: total,
      auditStatus: audited ? '2' : '1',
      submitBy: maker,
      submitTime: counted,
      ...(audited ? { auditBy: auditor, auditTime: today.add(-1, 'day').hour(17).minute(30).toDate(), auditOpinion: '差异已核实' } : {}),
      remark: name,
    });
    if (items.length) await tx.insert(stocktakeItems).values(items);
  };
  await stocktake(
    '月末盘点：干货库',
    [
      ['大米', -1],
      ['食盐', 2],
      ['食用油', 0],
    ],
    true,
  );
  await stocktake(
    '月末盘点：冷库',
    [
      ['五花肉', -0.5],
      ['鸡腿', 0],
    ],
    false,
  );

  // Today's bills: one waiting for the auditor, one still a draft.
  await purchase(
    0,
    [
      ['猪里脊', 15],
      ['鸡胸肉', 20],
      ['西兰花', 12],
    ],
    'submitted',
  );
  await purchase(
    0,
    [
      ['带鱼', 20],
      ['虾仁', 8],
    ],
    'draft',
  );
  await tx.insert(t.billSequences).values(counters());
}
