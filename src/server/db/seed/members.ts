import { eq } from 'drizzle-orm';
import { schoolNow } from './schoolClock';
import { newId } from '../ids';
import type { Executor } from '../client';
import * as t from '../schema';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林', '何', '郭', '马', '罗'];
/** Given names of the parents' generation. */
const ADULT_GIVEN = [
  '建国',
  '伟',
  '芳',
  '秀英',
  '丽娟',
  '志强',
  '磊',
  '海军',
  '洋',
  '勇',
  '艳',
  '俊杰',
  '娟',
  '涛',
  '明辉',
  '超',
  '秀兰',
  '晓霞',
  '平',
  '建华',
  '桂英',
  '红梅',
  '国庆',
  '静',
  '卫东',
  '慧敏',
  '文斌',
];
const GIVEN = [
  '子涵',
  '欣怡',
  '浩然',
  '梓萱',
  '宇轩',
  '诗涵',
  '俊杰',
  '雨桐',
  '一诺',
  '思源',
  '嘉怡',
  '博文',
  '可馨',
  '明轩',
  '佳琪',
  '天佑',
  '若曦',
  '晨阳',
  '雅婷',
  '皓宇',
  '心怡',
  '泽宇',
  '梦琪',
  '奕辰',
  '语桐',
  '子墨',
  '思琪',
  '浩宇',
  '芷若',
  '沐阳',
];
/** Last summer's leavers' node of the member tree (their classes below it). */
export const LEAVERS_NODE = '2026届毕业生';
/** As many pupils and staff as there are names, each name once. */
const NAMES = SURNAMES.length * GIVEN.length;

type Department = { id: string; name: string; level: number; parentId: string | null };

/**
 * A school's people as a new installation shows them: the member types with their fees and
 * limits, forty pupils in each class of the member tree, the staff in their offices, and a few
 * allow-list entries.
 */
export async function seedMembers(tx: Executor, tenantId: number, createBy: string, departments: readonly Department[]): Promise<void> {
  const common = { tenantId, createBy };
  const type = (code: string, name: string, money: { deposit: number; cardFee: number; replaceFee: number; singleLimit?: number; dailyLimit?: number }, extra: Record<string, unknown> = {}) => ({
    ...common,
    id: newId(),
    code,
    name,
    ...money,
    ...extra,
  });
  // Money in cents.
  const pupil = type('STUDENT', '学生', { deposit: 2000, cardFee: 0, replaceFee: 2000, singleLimit: 5000, dailyLimit: 15000 }, { dailyLimitCount: 6, validMonths: 48 });
  const staff = type('STAFF', '教职工', { deposit: 0, cardFee: 0, replaceFee: 2000, singleLimit: 20000 }, { allowOverdraft: true, overdraftLimit: 20000, validMonths: 120 });
  const parent = type('PARENT', '家长', { deposit: 0, cardFee: 1000, replaceFee: 1000 }, { allowOffline: false, validMonths: 36 });
  const visitor = type('VISITOR', '访客', { deposit: 5000, cardFee: 0, replaceFee: 0, singleLimit: 5000, dailyLimit: 10000 }, { allowOffline: false, validMonths: 1 });
  const temporary = type('TEMP', '临时人员', { deposit: 2000, cardFee: 0, replaceFee: 2000, dailyLimit: 10000 }, { validMonths: 6, status: '0' });
  await tx.insert(t.memberTypes).values([pupil, staff, parent, visitor, temporary]);

  const school = departments.find((department) => department.level === 1)!;
  const offices = ['校长办公室', '教务处', '后勤处', '语文教研组', '数学教研组'].map((name, index) => ({ id: newId(), tenantId, parentId: null as string | null, name, level: 5, sortNo: index + 1 }));
  // Staff sit beside the grades: a department (level 4) of offices (level 5), never picked as a class.
  const staffNode = { id: newId(), tenantId, parentId: school.id, name: '教职工', level: 4, sortNo: 9 };
  offices.forEach((office) => (office.parentId = staffNode.id));
  await tx.insert(t.memberDepartments).values([staffNode, ...offices]);

  const classes = departments.filter((department) => department.level === 3);
  let serial = 0;
  const name = () => {
    serial += 1;
    // A multiplier prime to the number of names walks every surname and given name pair once,
    // the neighbours of a class unlike each other.
    const pair = (serial * 127) % NAMES;
    return `${SURNAMES[pair % SURNAMES.length]}${GIVEN[Math.floor(pair / SURNAMES.length)]}`;
  };
  const idNumber = (birth: string, index: number) => `320102${birth.replaceAll('-', '')}${String(100 + (index % 900)).padStart(3, '0')}${index % 10}`;
  const rows: (typeof t.members.$inferInsert)[] = [];
  classes.forEach((klass, classIndex) => {
    const grade = departments.find((department) => department.id === klass.parentId);
    const year = 2024 - (grade ? ['高一年级', '高二年级', '高三年级'].indexOf(grade.name) : 0);
    for (let seat = 1; seat <= 40; seat += 1) {
      const birth = `${year - 15}-${String(1 + ((seat + classIndex) % 12)).padStart(2, '0')}-${String(1 + ((seat * 3) % 28)).padStart(2, '0')}`;
      rows.push({
        ...common,
        id: newId(),
        memberNo: `${year}${String(classIndex + 1).padStart(2, '0')}${String(seat).padStart(2, '0')}`,
        realName: name(),
        sex: seat % 2 ? '1' : '2',
        memberTypeId: pupil.id,
        deptId: klass.id,
        memberStatus: '1',
        idType: '1',
        idNo: idNumber(birth, serial),
        boardingType: seat % 3 === 0 ? '2' : '1',
        mealPlan: seat % 3 === 0 ? '3' : '1',
        dorm: seat % 3 === 0 ? `${1 + (classIndex % 3)}号楼-${100 + seat}` : null,
        enrollDate: `${year}-09-01`,
        leaveDate: `${year + 3}-06-30`,
      });
    }
  });
  offices.forEach((office, officeIndex) => {
    for (let desk = 1; desk <= 8; desk += 1) {
      rows.push({
        ...common,
        id: newId(),
        memberNo: `T${String(officeIndex + 1).padStart(2, '0')}${String(desk).padStart(3, '0')}`,
        realName: name(),
        sex: desk % 2 ? '2' : '1',
        memberTypeId: staff.id,
        deptId: office.id,
        memberStatus: desk === 8 ? '2' : '1',
        mobile: `139${String(10000000 + officeIndex * 100 + desk).slice(0, 8)}`,
        idType: '1',
        idNo: idNumber(`19${80 + desk}-0${1 + (desk % 9)}-1${desk % 9}`, serial),
        boardingType: '1',
        mealPlan: '2',
        enrollDate: `20${10 + desk}-08-20`,
      });
    }
  });
  await tx.insert(t.members).values(rows);

  // 2026届毕业生: last summer's leavers whose 离校结算 the old card system never did, brought over with
  // their balances when the school moved to this console (their accounts frozen since June: the ledger's
  // seed). Class by class, not in the grades' lists; numbered as their year was. No parents on file.
  const leaversNode = { id: newId(), tenantId, parentId: school.id, name: LEAVERS_NODE, level: 2, sortNo: 8 };
  const leaverClasses = [12, 9].map((count, index) => ({
    count,
    row: { id: newId(), tenantId, parentId: leaversNode.id, name: `2026届高三（${index + 1}）班`, level: 3, sortNo: index + 1 },
  }));
  await tx.insert(t.memberDepartments).values([leaversNode, ...leaverClasses.map((klass) => klass.row)]);
  const leavers: (typeof t.members.$inferInsert)[] = [];
  leaverClasses.forEach(({ count, row }, index) => {
    for (let seat = 1; seat <= count; seat += 1) {
      const birth = `2008-${String(1 + ((seat + index) % 12)).padStart(2, '0')}-${String(1 + ((seat * 5) % 28)).padStart(2, '0')}`;
      leavers.push({
        ...common,
        id: newId(),
        // Their year's classes went on from 高三（9）班's number: 10 and 11.
        memberNo: `2023${10 + index}${String(seat).padStart(2, '0')}`,
        realName: name(),
        sex: seat % 2 ? '2' : '1',
        memberTypeId: pupil.id,
        deptId: row.id,
        memberStatus: '1',
        idType: '1',
        idNo: idNumber(birth, serial),
        // One boarder in the second class (last spring's boarding fee is still owed: the tuition's seed).
        boardingType: index === 1 && seat === 4 ? '2' : '1',
        mealPlan: '1',
        enrollDate: '2023-09-01',
        leaveDate: '2026-06-30',
      });
    }
  });
  await tx.insert(t.members).values(leavers);

  // 家长名单: most pupils have a mother and a father on file, some a grandparent who collects them.
  const pupils = rows.filter((row) => row.memberTypeId === pupil.id);
  const parentRows: (typeof t.parents.$inferInsert)[] = [];
  pupils.forEach((child, index) => {
    if (index % 10 === 9) return;
    const surname = child.realName!.slice(0, 1);
    const mobile = (offset: number) => `13${String(800000000 + index * 3 + offset).slice(0, 9)}`;
    const parent = (parentName: string, relation: string, offset: number, extra: Partial<typeof t.parents.$inferInsert> = {}) =>
      parentRows.push({ ...common, id: newId(), parentName, mobile: mobile(offset), relation, studentId: child.id!, wxBound: index % 4 !== 3, ...extra });
    const adult = (step: number) => ADULT_GIVEN[(index * step + step) % ADULT_GIVEN.length];
    parent(`${surname}${adult(5)}`, '1', 0, { isGuardian: index % 2 === 0 });
    parent(`${SURNAMES[(index * 7 + 3) % SURNAMES.length]}${adult(11)}`, '2', 1, { isGuardian: index % 2 === 1 });
    if (index % 7 === 0) parent(`${surname}${adult(13)}`, '3', 2, { receiveNotice: false, allowRecharge: false, pickupCardNo: `J${String(index).padStart(6, '0')}` });
  });
  await tx.insert(t.parents).values(parentRows);

  // 访客管理: the gate's last days and the visits booked for the next ones.
  const staffRows = rows.filter((row) => row.memberTypeId === staff.id);
  const today = schoolNow().startOf('day');
  const visit = (
    visitorName: string,
    mobile: string,
    visitReason: string,
    host: number,
    day: number,
    hour: number,
    visitStatus: string,
    extra: Partial<typeof t.visitors.$inferInsert> = {},
  ): typeof t.visitors.$inferInsert => {
    const at = today.add(day, 'day').hour(hour);
    const started = ['3', '4'].includes(visitStatus);
    return {
      ...common,
      id: newId(),
      visitorName,
      mobile,
      visitReason,
      hostMemberId: (host < 0 ? pupils[-host]! : staffRows[host % staffRows.length]!).id!,
      visitTime: at.toDate(),
      expectedLeaveTime: at.add(2, 'hour').toDate(),
      registerMode: day > 0 ? '1' : '2',
      passType: '2',
      visitStatus,
      checkBy: visitStatus === '0' ? null : createBy,
      arrivedAt: started ? at.add(5, 'minute').toDate() : null,
      leftAt: visitStatus === '4' ? at.add(95, 'minute').toDate() : null,
      tempCardNo: started ? `9900${String(host + 10).padStart(4, '0')}` : null,
      ...extra,
    };
  };
  await tx
    .insert(t.visitors)
    .values([
      visit('郑国栋', '13912345601', '4', 17, -3, 9, '4', { company: '恒安消防设备公司', companions: 1, plateNo: '苏A8K123' }),
      visit('林秀梅', '13912345602', '2', -12, -2, 16, '4', { remark: '给孩子送换季衣物' }),
      visit('周海波', '13912345603', '1', 2, -1, 10, '4', { company: '区教育局', companions: 2, plateNo: '苏A0G887' }),
      visit('吴晓丽', '13912345604', '5', 9, 0, 9, '3', { company: '应聘数学教师' }),
      visit('顺丰快递', '13912345605', '3', 25, 0, 11, '1', { passType: '1', remark: '教材配送' }),
      visit('陈立新', '13912345606', '2', -40, 0, 15, '0', { remark: '家长会前与班主任面谈' }),
      visit('黄建军', '13912345607', '4', 17, 1, 8, '0', { company: '城建维修队', companions: 3, plateNo: '苏A3M552' }),
      visit('马丽娟', '13912345608', '9', 30, 1, 14, '1', { company: '校服供应商' }),
      visit('孙伟', '13912345609', '1', 0, 2, 10, '0', { company: '市卫健委', companions: 1 }),
      visit('赵红', '13912345610', '2', -75, -1, 17, '2', { checkRemark: '未经班主任同意，请改约' }),
      visit('钱涛', '13912345611', '9', 5, -2, 13, '6', { checkRemark: '访客来电取消' }),
      visit('冯军', '13912345612', '9', 3, -4, 10, '5', { checkBy: null }),
    ]);
  // 访客黑名单: a man who twice came in as a courier, refused from his visit and blocked.
  const blockedVisit = visit('何强', '13912345613', '3', 8, -5, 12, '2', { checkRemark: '已拉黑：多次冒充快递人员进入校园', idType: '1', idNo: '320102198805061234' });
  await tx.insert(t.visitors).values(blockedVisit);
  await tx.insert(t.visitorBlocks).values({
    ...common,
    id: newId(),
    visitorName: '何强',
    mobile: '13912345613',
    idNo: '320102198805061234',
    reason: '多次冒充快递人员进入校园',
    visitorId: blockedVisit.id!,
  });

  // 请假管理 is lived in the sample weeks (sampleSchool/leaves.ts).

  // 业主管理: the staff housing's residents, a family member, a tenant, one who moved out.
  const resident = (name: string, mobile: string, ownerRole: string, houses: string, status: string, extra: Partial<typeof t.owners.$inferInsert> = {}) => ({
    ...common,
    id: newId(),
    name,
    mobile,
    ownerRole,
    houses,
    status,
    moveInDate: status === '2' ? null : today.add(-400, 'day').format('YYYY-MM-DD'),
    ...extra,
  });
  await tx
    .insert(t.owners)
    .values([
      resident(staffRows[0]!.realName!, '13700000101', '1', '3栋1单元1201', '1', { memberId: staffRows[0]!.id!, carCount: 1, accessCardNo: '88000101' }),
      resident('刘芳', '13700000102', '2', '3栋1单元1201', '1', { accessCardNo: '88000102' }),
      resident(staffRows[3]!.realName!, '13700000103', '1', '5栋2单元0602', '1', { memberId: staffRows[3]!.id!, carCount: 2 }),
      resident('张建华', '13700000104', '3', '5栋1单元0301', '1', { remark: '租期至明年8月' }),
      resident('王磊', '13700000105', '1', '6栋1单元0101', '2'),
      resident('陈静', '13700000106', '1', '2栋2单元0502', '3', { moveOutDate: today.add(-30, 'day').format('YYYY-MM-DD') }),
    ]);

  const [canteen] = await tx.select({ id: t.mealCanteens.id }).from(t.mealCanteens).where(eq(t.mealCanteens.tenantId, tenantId)).limit(1);
  // 折扣规则: pupils pay 80% at breakfast everywhere; staff 90% at the first canteen's dinner.
  await tx.insert(t.typeDiscounts).values([
    { ...common, id: newId(), memberTypeId: pupil.id, mealType: '1', discountPermille: 800, name: '学生早餐补贴' },
    { ...common, id: newId(), memberTypeId: staff.id, canteenId: canteen?.id ?? null, mealType: '3', discountPermille: 900, name: '教工晚餐优惠' },
    // Temporary staff (canteen helpers, substitutes) have lunch at the set price, ¥5 of it paid by the school, this term.
    {
      ...common,
      id: newId(),
      memberTypeId: temporary.id,
      mealType: '2',
      name: '临时人员午餐补贴',
      fixedPrice: 1200,
      allowanceMode: '1',
      allowance: 500,
      allowanceValidity: '1',
      validFrom: '2026-09-01',
      validTo: '2027-01-31',
    },
  ]);
  const entry = (memberId: string, whiteType: string, reason: string, extra: Record<string, unknown> = {}) => ({
    ...common,
    id: newId(),
    memberId,
    whiteType,
    validFrom: '2026-09-01',
    validTo: '2027-01-31',
    reason,
    approver: '后勤处',
    ...extra,
  });
  await tx
    .insert(t.mealWhiteList)
    .values([
      entry(rows[0]!.id!, '2', '家庭经济困难，学校资助免费午餐', { canteenId: canteen?.id ?? null, mealType: '2' }),
      entry(rows[5]!.id!, '1', '校队训练，晚餐不报餐可就餐', { mealType: '3' }),
      entry(rows[41]!.id!, '5', '因病请假，免违规处罚'),
      entry(rows[rows.length - 1]!.id!, '4', '值班教师允许透支', { validTo: '2026-12-31' }),
    ]);
}
