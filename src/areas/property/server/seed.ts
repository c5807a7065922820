import { addDays, addMonths } from '@shared/schoolTime';
import type { Executor } from '@server/db/client';
import { newId } from '@server/db/ids';
import { Work } from '@server/db/work';
import { owners } from '@server/db/schema';
import { cars, complaints, customers, houses, listings, moveCarRequests, propertyBills, propertyNews, repairs, secondhandItems, topicComments, topics } from './tables';
import { schoolNow } from '@server/db/seed/schoolClock';
import { nextBillNo } from '@server/modules/bills/billNo';
import { CHANNEL_OF_PAY_WAY, recordPayment } from '@server/modules/payments/billPayments';
import { propertyFee } from './propertyBills';
import { houseName } from './houses';

/** building, unit, floor, room, layout, area (㎡), use, state, price (cents a ㎡ and month). */
const HOUSES: readonly (readonly [string, string, number, string, string, number, string, string, number])[] = [
  ['3栋', '1', 12, '1201', '三室两厅', 112.56, '1', '1', 120],
  ['3栋', '1', 12, '1202', '两室一厅', 86.3, '1', '3', 120],
  ['5栋', '2', 6, '0602', '三室一厅', 98.42, '1', '1', 120],
  ['5栋', '1', 3, '0301', '两室一厅', 79.8, '1', '2', 120],
  ['6栋', '1', 1, '0101', '三室两厅', 125.0, '1', '5', 120],
  ['2栋', '2', 5, '0502', '两室一厅', 82.15, '1', '3', 120],
  ['商业街', 'A', 1, '01', '商铺', 45.6, '3', '2', 350],
];

/**
 * 房屋管理's staff housing and a shop, and their property fees: the half year just over billed and
 * mostly paid at the counter (in 缴费记录), the coming half billed and due within days (so 到期账单
 * lists them), one waiver waiting for audit.
 */
export async function seedProperty(tx: Executor, tenantId: number, operator: string): Promise<void> {
  const ownerRows = await tx
    .select({ id: owners.id, name: owners.name, mobile: owners.mobile, memberId: owners.memberId, houses: owners.houses, role: owners.ownerRole, status: owners.status })
    .from(owners)
    .where(new Work(tx, tenantId, operator).school(owners));
  // The house's owner (or tenant) living there, from 业主管理's list of houses.
  const holderOf = (name: string) => ownerRows.find((owner) => owner.houses.includes(name) && ['1', '3'].includes(owner.role) && owner.status !== '3');
  const common = { tenantId, createBy: operator };
  const rows = HOUSES.map(([building, unit, floor, room, layout, area, usage, houseStatus, feePrice]) => ({
    ...common,
    id: newId(),
    building,
    unit,
    floor,
    room,
    name: houseName(building, unit, room),
    layout,
    buildArea: Math.round(area * 1000),
    usage,
    houseStatus,
    ownerId: holderOf(houseName(building, unit, room))?.id ?? null,
    feePrice,
    handoverDate: '2015-08-01',
  }));
  await tx.insert(houses).values(rows);
  const now = schoolNow();
  const thisMonth = now.format('YYYY-MM');
  const halves = [
    // The half just over, due twelve days ago: the unpaid ones are 逾期 and being chased (催缴).
    { from: addMonths(`${thisMonth}-01`, -6).slice(0, 7), to: addMonths(`${thisMonth}-01`, -1).slice(0, 7), dueDate: addDays(now.format('YYYY-MM-DD'), -12) },
    { from: thisMonth, to: addMonths(`${thisMonth}-01`, 5).slice(0, 7), dueDate: addDays(now.format('YYYY-MM-DD'), 5) },
  ];
  const caller = { tenantId, username: operator };
  for (const [index, house] of rows.filter((row) => row.ownerId).entries()) {
    const owner = ownerRows.find((candidate) => candidate.id === house.ownerId);
    for (const [half, period] of halves.entries()) {
      const amount = propertyFee(house.buildArea, house.feePrice, 6);
      const paid = half === 0 && index < 3 ? amount : 0;
      const waiting = half === 1 && index === 1;
      const bill = {
        ...common,
        id: newId(),
        billNo: await nextBillNo(tx, tenantId, 'WY'),
        houseId: house.id,
        building: house.building,
        ownerId: house.ownerId,
        memberId: owner?.memberId ?? null,
        area: house.buildArea,
        price: house.feePrice,
        periodFrom: period.from,
        periodTo: period.to,
        months: 6,
        amount,
        due: amount,
        paid,
        owed: amount - paid,
        dueDate: period.dueDate,
        payStatus: paid ? '2' : '0',
        ...(paid ? { lastPayWay: '3', lastPayTime: new Date(), receiptNo: `SJ-SEED-WY${index + 1}` } : {}),
        ...(waiting ? { waiveStatus: '1', waiveRequest: 20000, waiveReason: '装修期间未入住，减免两个月', waiveBy: 'canteen', waiveTime: new Date() } : {}),
      };
      await tx.insert(propertyBills).values(bill);
      if (paid)
        await recordPayment(tx, caller, {
          itemType: '4',
          billType: 'property',
          billId: bill.id,
          billNo: bill.billNo,
          target: `${house.name}（${period.from}~${period.to}${owner ? ` ${owner.name}` : ''}）`,
          memberId: bill.memberId,
          amount: paid,
          channel: CHANNEL_OF_PAY_WAY['3']!,
          receiptNo: bill.receiptNo ?? null,
        });
    }
  }

  // 车辆管理: the residents' cars, a monthly renter's gone past its validity, one blocked; 挪车: one waiting, one done.
  const owned = (name: string) => rows.find((row) => row.name === name);
  const holder = (name: string) => ownerRows.find((owner) => owner.id === owned(name)?.ownerId);
  const today = now.format('YYYY-MM-DD');
  const carRows = [
    { plateNo: '粤B12345', plateColor: '1', carType: '1', brand: '丰田', color: '白', house: '3栋1单元1201', validTo: addDays(today, 300), status: '1' },
    { plateNo: '粤BD66881', plateColor: '3', carType: '3', brand: '比亚迪', color: '灰', house: '5栋2单元0602', validTo: addDays(today, 200), status: '1' },
    { plateNo: '粤B7K2Q9', plateColor: '1', carType: '2', brand: '大众', color: '黑', house: null, validTo: addDays(today, -10), status: '2' },
    { plateNo: '粤A99999', plateColor: '1', carType: '4', brand: '本田', color: '银', house: null, validTo: null, status: '3' },
  ].map((row, index) => {
    const owner = row.house ? holder(row.house) : undefined;
    return {
      ...common,
      id: newId(),
      plateNo: row.plateNo,
      plateColor: row.plateColor,
      carType: row.carType,
      brand: row.brand,
      color: row.color,
      ownerName: owner?.name ?? ['李强', '赵敏', '陈刚', '孙悦'][index]!,
      mobile: `1380013${String(1000 + index)}`,
      ownerId: owner?.id ?? null,
      memberId: owner?.memberId ?? null,
      houseId: row.house ? (owned(row.house)?.id ?? null) : null,
      parkingNo: row.house ? `P-${index + 101}` : null,
      validTo: row.validTo,
      status: row.status,
      ...(row.status === '3' ? { blockReason: '多次占用消防通道' } : {}),
    };
  });
  await tx.insert(cars).values(carRows);
  await tx.insert(moveCarRequests).values([
    {
      ...common,
      id: newId(),
      billNo: await nextBillNo(tx, tenantId, 'NC'),
      applicantName: '刘老师',
      applicantMobile: '13800138111',
      plateNo: '粤B12345',
      plateColor: '1',
      location: '3栋楼下消防通道',
      reason: '3',
      carId: carRows[0]!.id,
      ownerName: carRows[0]!.ownerName,
      ownerMobile: carRows[0]!.mobile,
    },
    {
      ...common,
      id: newId(),
      billNo: await nextBillNo(tx, tenantId, 'NC'),
      applicantName: '王师傅',
      applicantMobile: '13800138222',
      plateNo: '粤BD66881',
      plateColor: '3',
      location: '食堂后门卸货区',
      reason: '1',
      carId: carRows[1]!.id,
      ownerName: carRows[1]!.ownerName,
      ownerMobile: carRows[1]!.mobile,
      status: '3',
      notifyCount: 1,
      notifiedAt: new Date(),
      handledBy: operator,
      handledAt: new Date(),
    },
  ]);

  // 维修管理, each reported by who lives there: a leak waiting, a door dispatched, a drain reported by
  // a tenant, the lobby's light fixed, charged and rated (reported by a family member of 1201).
  const house1201 = owned('3栋1单元1201');
  const reporter = holder('3栋1单元1201');
  const repair = async (house: string | null, values: Partial<typeof repairs.$inferInsert>, by = house ? holder(house) : reporter) =>
    tx.insert(repairs).values({
      ...common,
      id: newId(),
      billNo: await nextBillNo(tx, tenantId, 'WX'),
      reporterName: by?.name ?? '黄老师',
      reporterMobile: by?.mobile ?? '13700000101',
      houseId: house ? (owned(house)?.id ?? null) : null,
      location: house ?? '3栋1单元1201',
      repairType: '3',
      description: '厨房水管接口漏水',
      ...values,
    });
  await repair('3栋1单元1201', { urgency: '2' });
  await repair('5栋2单元0602', {
    repairType: '2',
    description: '阳台推拉门卡住',
    status: '1',
    worker: '陈师傅',
    dispatchedBy: operator,
    dispatchedAt: new Date(),
  });
  await repair('5栋1单元0301', { repairType: '3', description: '卫生间地漏堵塞，下水慢' });
  await repair(
    null,
    {
      repairType: '5',
      location: '3栋一楼大堂',
      description: '大堂吸顶灯不亮',
      status: '5',
      worker: '陈师傅',
      dispatchedBy: operator,
      dispatchedAt: new Date(),
      result: '更换灯管',
      materialFee: 1500,
      laborFee: 2000,
      finishedAt: new Date(),
      rating: 5,
      ratingComment: '及时',
    },
    ownerRows.find((owner) => owner.role === '2' && owner.houses.includes('3栋1单元1201')),
  );

  // 投诉管理: a noise complaint waiting, a suggestion answered.
  const complaint = async (values: Partial<typeof complaints.$inferInsert>) =>
    tx.insert(complaints).values({ ...common, id: newId(), billNo: await nextBillNo(tx, tenantId, 'TS'), category: '3', content: '', submitterName: '', submitterMobile: '', ...values });
  await complaint({ kind: '1', category: '3', content: '楼上夜间装修噪音，影响休息', submitterName: reporter?.name ?? '黄老师', submitterMobile: '13700000101', houseId: house1201?.id ?? null });
  await complaint({
    kind: '2',
    category: '4',
    content: '建议在3栋门口增设电动车充电桩',
    submitterName: '刘芳',
    submitterMobile: '13700000102',
    status: '2',
    acceptedBy: operator,
    acceptedAt: new Date(),
    assignee: '物业工程部',
    result: '已列入下学期改造计划',
    handledAt: new Date(),
  });

  // 客户管理, 租售管理, 二手市场 and 物业资讯: a few of each, in their usual states.
  await tx.insert(customers).values([
    { ...common, id: newId(), name: '蒋女士', mobile: '13800138301', customerType: '5', source: '1', followStatus: '2', houseId: owned('3栋1单元1202')?.id ?? null, remark: '想租 3 栋两室一厅' },
    { ...common, id: newId(), name: '韩先生', mobile: '13800138302', customerType: '4', source: '2', followStatus: '1', remark: '商业街铺面咨询' },
  ]);
  await tx.insert(listings).values({
    ...common,
    id: newId(),
    houseId: owned('3栋1单元1202')!.id,
    listingType: '1',
    price: 260000,
    area: owned('3栋1单元1202')!.buildArea,
    layout: '两室一厅',
    decoration: '2',
    contactName: '物业服务中心',
    contactMobile: '13800138000',
    status: '1',
    auditBy: operator,
    auditTime: new Date(),
  });
  await tx.insert(secondhandItems).values([
    {
      ...common,
      id: newId(),
      title: '高一物理教辅一套',
      category: '1',
      price: 3000,
      condition: '2',
      publisherName: '吴同学家长',
      contact: '13800138401',
      status: '1',
      auditBy: operator,
      auditTime: new Date(),
      views: 12,
    },
    { ...common, id: newId(), title: '26 寸自行车', category: '5', price: 12000, condition: '3', publisherName: '郑老师', contact: '13800138402' },
  ]);
  await tx.insert(propertyNews).values([
    {
      ...common,
      id: newId(),
      title: '本周六上午 3 栋停水检修',
      category: '1',
      content: '因管网检修，本周六 8:00–12:00 3 栋停水，请提前储水。',
      status: '1',
      pinned: true,
      publishedAt: new Date(),
      views: 86,
    },
    { ...common, id: newId(), title: '冬季用电安全提示', category: '3', content: '请勿使用大功率电器取暖，外出时关闭电源。', status: '0' },
  ]);

  // 话题管理: a published topic with its comments (one reported), one waiting for audit.
  const published = newId();
  await tx.insert(topics).values([
    {
      ...common,
      id: published,
      title: '周末篮球约起',
      content: '每周六下午 4 点，体育馆，欢迎教职工和家属参加。',
      category: '1',
      authorName: '体育组 周老师',
      likes: 18,
      comments: 2,
      status: '1',
      auditBy: operator,
      auditTime: new Date(),
      featured: true,
    },
    { ...common, id: newId(), title: '捡到一串钥匙', content: '在 3 栋楼下捡到一串钥匙，已交物业服务中心。', category: '4', authorName: '刘芳' },
  ]);
  await tx.insert(topicComments).values([
    { ...common, id: newId(), topicId: published, authorName: '黄老师', content: '算我一个！', likes: 3 },
    { ...common, id: newId(), topicId: published, authorName: '匿名', content: '加微信领取优惠券', reports: 4 },
  ]);
}
