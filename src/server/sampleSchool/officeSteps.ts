import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '@shared/schoolTime';

const yuanOfCents = (cents: unknown) => (Number(cents ?? 0) / 100).toFixed(2);

/**
 * Reads what a step needs from the sample school (a resident's mobile, a batch's lines), in the
 * school's own transaction: a query names its school as `THIS_SCHOOL`.
 */
export type Find = (query: SQL) => Promise<Record<string, unknown>[]>;
/** The school a step's query reads: the one its transaction is bound to (`inSchool`). */
export const THIS_SCHOOL = sql.raw("current_setting('app.tenant_id')::int");

/** One step of the office's work in the sample weeks (`officeWork.ts`). */
export interface OfficeStep {
  /**
   * Days before today (0 is today), and the school's time of day; or `now` (today), after the weeks:
   * a step on a record the seed made, which is made at the real time the sample school is.
   */
  daysAgo: number;
  at: string;
  /** Who sends it: the administrator, the canteen's clerk, or the logistics office's (made on the first day). */
  by: 'admin' | 'canteen' | 'houqin';
  /** An entity of the engine, or `console` for a request of its own (`url`). */
  entity: string;
  /** A flow action's id; `add`; `edit` (the record read, changed by `input`, saved); or the console's `url`. */
  action: string;
  url?: string | ((find: Find) => Promise<string>);
  /** The console request's method, where it is not POST. */
  method?: 'PUT';
  /** The record, by its columns' values or a query answering its id; else the oldest in the action's starting states. */
  pick?: Record<string, string | number | boolean> | ((find: Find) => Promise<string>);
  /** The oldest may be the last in its starting states (no other keeps that state shown). */
  last?: boolean;
  input?: Record<string, unknown> | ((find: Find, date: string) => Promise<Record<string, unknown>>);
}

/** The first value of a query's first row (an id), or a refusal naming the query's purpose. */
export async function one(find: Find, query: SQL, what: string): Promise<string> {
  const [row] = await find(query);
  if (!row) throw new Error(`sample school: no ${what}`);
  return String(Object.values(row)[0]);
}

/** Who lives in a house (its owner or tenant, from 业主管理): a repair or complaint is theirs. */
const resident =
  (house: string, role: '1' | '2' | '3' = '1') =>
  async (find: Find) => {
    const [row] = await find(sql`select name, mobile from prop_owner where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and houses like ${`%${house}%`} and owner_role = ${role} order by name limit 1`);
    if (!row) throw new Error(`sample school: nobody lives in ${house}`);
    return { name: String(row.name), mobile: String(row.mobile) };
  };
const repairBy = (house: string, role: '1' | '2' | '3', fields: Record<string, unknown>) => async (find: Find) => {
  const who = await resident(house, role)(find);
  return { urgency: '1', location: house, reporterName: who.name, reporterMobile: who.mobile, ...fields };
};
const complaintBy = (house: string, role: '1' | '2' | '3', fields: Record<string, unknown>) => async (find: Find) => {
  const who = await resident(house, role)(find);
  return { submitterName: who.name, submitterMobile: who.mobile, ...fields };
};
const houseId = (find: Find, name: string) => one(find, sql`select id from prop_house where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and name = ${name}`, `house ${name}`);
const ingredientId = (find: Find, name: string) => one(find, sql`select id from sup_ingredient where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and name = ${name}`, `ingredient ${name}`);
const supplierId = (find: Find, name: string) => one(find, sql`select id from sup_supplier where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and name = ${name}`, `supplier ${name}`);
export const canteenId = (find: Find) => one(find, sql`select id from meal_canteen where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and name = '第一食堂'`, 'first canteen');
export const memberId = (find: Find, memberNo: string) =>
  one(find, sql`select id from memb_member where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and member_no = ${memberNo}`, `member ${memberNo}`);
/** A bill of the day's purchases by its remark, the sample's way of naming the record it made. */
export const byRemark = (table: string, remark: string) => (find: Find) =>
  one(find, sql`select id from ${sql.identifier(table)} where tenant_id = ${THIS_SCHOOL} and remark = ${remark} order by create_time desc`, `${table} "${remark}"`);

/** A purchase of the first canteen, named by its remark. */
const purchase = (supplier: string, remark: string, items: readonly (readonly [string, string, string])[]) => async (find: Find, date: string) => ({
  supplierId: await supplierId(find, supplier),
  canteenId: await canteenId(find),
  purchaseType: '1',
  purchaseDate: date,
  expectedDate: addDays(date, 1),
  remark,
  items: await Promise.all(items.map(async ([name, qty, unitPrice]) => ({ ingredientId: await ingredientId(find, name), qty, unitPrice }))),
});
/** Half of each line of a purchase received today (验收入库 in part). */
const halfReceived = (remark: string) => async (find: Find) => ({
  lines: (await find(sql`select i.id, i.qty_milli as qty from sup_purchase_item i join sup_purchase p on p.id = i.purchase_id where p.tenant_id = ${THIS_SCHOOL} and p.remark = ${remark}`)).map(
    (line) => ({
      id: String(line.id),
      receiveQty: String(Number(line.qty) / 2000),
      acceptResult: '1',
    }),
  ),
});
const shipment = (remark: string, receiver: string, items: readonly (readonly [string, string])[]) => async (find: Find, date: string) => ({
  outType: '1',
  canteenId: await canteenId(find),
  receiver,
  outDate: date,
  remark,
  items: await Promise.all(items.map(async ([name, qty]) => ({ ingredientId: await ingredientId(find, name), qty }))),
});
/** A count of the first batch of each ingredient, named by its remark. */
const stocktake = (remark: string, counted: readonly (readonly [string, string])[]) => async (find: Find, date: string) => ({
  takeDate: date,
  remark,
  items: await Promise.all(
    counted.map(async ([name, countedQty]) => ({
      batchId: await one(
        find,
        sql`select b.id from sup_stock_batch b join sup_ingredient g on g.id = b.ingredient_id where b.tenant_id = ${THIS_SCHOOL} and g.name = ${name} order by b.create_time, b.id`,
        `batch of ${name}`,
      ),
      countedQty,
    })),
  ),
});

/** The purchase received in part, which the canteen's returns come from. */
const RECEIVED_IN_PART = '下周蔬菜（分两次送）';
/** A return made from that purchase (采购管理's 退货), named by its remark, then taken through its steps. */
function supplyReturn(
  daysAgo: number,
  at: string,
  remark: string,
  reason: string,
  lines: readonly (readonly [string, string])[],
  ...actions: [by: OfficeStep['by'], action: string, input?: OfficeStep['input']][]
): OfficeStep[] {
  const [made, ...steps] = life(daysAgo, at, 'canteen', 'supply.return', undefined, byRemark('sup_return', remark), ...actions);
  return [
    {
      ...made!,
      entity: 'supply.purchase',
      action: 'return',
      pick: byRemark('sup_purchase', RECEIVED_IN_PART),
      input: async (find) => ({
        reason,
        remark,
        lines: await Promise.all(
          lines.map(async ([name, returnQty]) => ({
            id: await one(
              find,
              sql`select i.id from sup_purchase_item i join sup_purchase p on p.id = i.purchase_id join sup_ingredient g on g.id = i.ingredient_id where p.tenant_id = ${THIS_SCHOOL} and p.remark = ${RECEIVED_IN_PART} and g.name = ${name}`,
              `line ${name}`,
            ),
            returnQty,
          })),
        ),
      }),
    },
    ...steps,
  ];
}

/** A draft's whole life in steps: added, then each action in turn, a few minutes apart. */
function life(
  daysAgo: number,
  at: string,
  by: OfficeStep['by'],
  entity: string,
  input: OfficeStep['input'],
  pick: OfficeStep['pick'],
  ...actions: [by: OfficeStep['by'], action: string, input?: OfficeStep['input'], later?: number][]
): OfficeStep[] {
  const [hour, minute] = at.split(':').map(Number) as [number, number];
  return [
    { daysAgo, at, by, entity, action: 'add', input },
    ...actions.map(([actor, action, actionInput, later = 0], index): OfficeStep => {
      const days = daysAgo - later;
      const minutes = hour * 60 + minute + (index + 1) * 7;
      return {
        daysAgo: days,
        // A life of today's work (now) takes its steps in turn at the real time.
        at: at === 'now' ? 'now' : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
        by: actor,
        entity,
        action,
        pick,
        ...(actionInput ? { input: actionInput } : {}),
      };
    }),
  ];
}

/** The logistics clerk's passwords: the one the administrator gives, and the clerk's own (nobody signs in as the sample's clerk until the administrator resets it). */
const GIVEN_PASSWORD = `${randomBytes(12).toString('base64url')}-Aa1`;
const OWN_PASSWORD = `${randomBytes(12).toString('base64url')}-Bb2`;
/** The logistics office's clerk, made by the administrator on the weeks' first morning: these menus with their screens and buttons, 学费管理 and 补助管理 (with their menu's row). */
const LOGISTICS_MENUS = ['/dashboard/analysis', '/property', '/payments', '/calls', '/activities', '/members/tuition', '/members/subsidies'];
const administration: OfficeStep[] = [
  {
    daysAgo: 27,
    at: '08:30',
    by: 'admin',
    entity: 'console',
    action: 'role',
    url: '/sys/role/add',
    input: { roleName: '后勤管理员', roleCode: 'logistics_admin', description: '物业、缴费、亲情通话与食堂活动' },
  },
  {
    daysAgo: 27,
    at: '08:32',
    by: 'admin',
    entity: 'console',
    action: 'grant',
    url: '/sys/permission/saveRolePermission',
    input: async (find) => ({
      roleId: await one(find, sql`select id from roles where tenant_id = ${THIS_SCHOOL} and role_code = 'logistics_admin'`, 'logistics role'),
      permissionIds: (
        await find(
          sql`with recursive tree as (select id from permissions where url in (${sql.join(
            LOGISTICS_MENUS.map((url) => sql`${url}`),
            sql`, `,
          )}) union all select p.id from permissions p join tree on p.parent_id = tree.id) select id from tree union select id from permissions where url = '/members'`,
        )
      )
        .map((row) => String(row.id))
        .join(','),
      lastpermissionIds: '',
    }),
  },
  {
    daysAgo: 27,
    at: '08:35',
    by: 'admin',
    entity: 'console',
    action: 'user',
    url: '/sys/user/add',
    input: async (find) => ({
      username: 'houqin',
      realname: '后勤管理员',
      workNo: '00003',
      password: GIVEN_PASSWORD,
      selectedroles: await one(find, sql`select id from roles where tenant_id = ${THIS_SCHOOL} and role_code = 'logistics_admin'`, 'logistics role'),
    }),
  },
  // A password given by another is changed before its holder audits anything (four eyes).
  {
    daysAgo: 27,
    at: '09:10',
    by: 'houqin',
    entity: 'console',
    action: 'password',
    method: 'PUT',
    url: '/sys/user/updatePassword',
    input: { username: 'houqin', oldpassword: GIVEN_PASSWORD, password: OWN_PASSWORD, confirmpassword: OWN_PASSWORD },
  },
];

/** 物业管理: requests, repairs, complaints, customers, the market and the noticeboard, each through its steps. */
const property: OfficeStep[] = [
  // 挪车: one owner came at once, one could not be reached, last night's still waits.
  ...life(
    12,
    '08:05',
    'houqin',
    'property.moveCar',
    { plateNo: '粤BD66881', plateColor: '3', location: '1号教学楼门口', reason: '1', applicantName: '孙老师', applicantMobile: '13800138131', notifyWay: '1' },
    { location: '1号教学楼门口' },
    ['houqin', 'notify'],
    ['houqin', 'responded'],
  ),
  ...life(
    5,
    '21:40',
    'houqin',
    'property.moveCar',
    { plateNo: '粤B7K2Q9', plateColor: '1', location: '体育馆南侧消防通道', reason: '3', applicantName: '值班保安', applicantMobile: '13800138132', notifyWay: '2' },
    { location: '体育馆南侧消防通道' },
    ['houqin', 'notify'],
    ['houqin', 'unreachable', { remark: '车主电话无人接听，已在车窗贴挪车通知' }],
  ),
  ...life(
    1,
    '18:10',
    'houqin',
    'property.moveCar',
    { plateNo: '粤B12345', plateColor: '1', location: '食堂后门卸货区（晚）', reason: '2', applicantName: '王师傅', applicantMobile: '13800138222', notifyWay: '1' },
    { location: '食堂后门卸货区（晚）' },
    ['houqin', 'notify'],
  ),
  // 维修: a socket fixed and confirmed, a window being fixed, a light waiting for the owner's word, a tap the owner changed himself.
  ...life(
    15,
    '09:00',
    'houqin',
    'property.repair',
    repairBy('5栋1单元0301', '3', { repairType: '1', description: '客厅插座跳闸' }),
    { description: '客厅插座跳闸' },
    ['houqin', 'dispatch', { worker: '陈师傅' }],
    ['houqin', 'start'],
    ['houqin', 'finish', { result: '更换插座并检查线路', materialFee: '25', laborFee: '30' }],
    ['houqin', 'confirm', undefined, 1],
  ),
  ...life(
    3,
    '10:00',
    'houqin',
    'property.repair',
    repairBy('3栋1单元1201', '1', { repairType: '2', description: '卧室窗户关不严，漏风' }),
    { description: '卧室窗户关不严，漏风' },
    ['houqin', 'dispatch', { worker: '李师傅' }],
    ['houqin', 'start', undefined, 1],
  ),
  ...life(
    2,
    '15:00',
    'houqin',
    'property.repair',
    repairBy('5栋2单元0602', '1', { repairType: '1', description: '卫生间灯不亮' }),
    { description: '卫生间灯不亮' },
    ['houqin', 'dispatch', { worker: '陈师傅' }],
    ['houqin', 'finish', { result: '更换灯泡', materialFee: '8', laborFee: '0' }],
  ),
  ...life(7, '19:00', 'houqin', 'property.repair', repairBy('3栋1单元1201', '2', { repairType: '3', description: '阳台水龙头滴水' }), { description: '阳台水龙头滴水' }, [
    'houqin',
    'cancel',
    { remark: '业主已自行更换水龙头' },
  ]),
  // 投诉与建议: one answered and visited, one being handled, one closed.
  ...life(
    10,
    '09:20',
    'houqin',
    'property.complaint',
    complaintBy('2栋2单元0502', '1', { kind: '1', category: '1', content: '2栋楼道垃圾清运不及时' }),
    { content: '2栋楼道垃圾清运不及时' },
    ['houqin', 'accept'],
    ['houqin', 'assign', { assignee: '保洁组' }],
    ['houqin', 'reply', { result: '已调整为每日上午、傍晚各清运一次' }],
    ['houqin', 'visit', { satisfaction: 5, remark: '业主表示满意' }, 2],
  ),
  ...life(
    4,
    '07:50',
    'houqin',
    'property.complaint',
    complaintBy('6栋1单元0101', '1', { kind: '1', category: '2', content: '夜间有外来人员翻越北侧围墙' }),
    { content: '夜间有外来人员翻越北侧围墙' },
    ['houqin', 'accept'],
    ['houqin', 'assign', { assignee: '保卫处' }],
  ),
  ...life(
    6,
    '16:30',
    'houqin',
    'property.complaint',
    complaintBy('5栋2单元0602', '1', { kind: '2', category: '4', content: '建议篮球场夜间照明延长到 21 点' }),
    { content: '建议篮球场夜间照明延长到 21 点' },
    ['houqin', 'close', { remark: '冬季照明时间已按作息调整，建议记录备查' }, 1],
  ),
  // 客户: one bought, one rented elsewhere, one still being followed.
  {
    daysAgo: 11,
    at: '14:00',
    by: 'houqin',
    entity: 'property.customer',
    action: 'add',
    input: { name: '许先生', mobile: '13800138303', customerType: '5', source: '3', followStatus: '2', remark: '想买 3 栋三室' },
  },
  { daysAgo: 4, at: '10:30', by: 'houqin', entity: 'property.customer', action: 'edit', pick: { name: '许先生' }, input: { followStatus: '3', remark: '已签约购买校外学区房，成交' } },
  {
    daysAgo: 13,
    at: '15:00',
    by: 'houqin',
    entity: 'property.customer',
    action: 'add',
    input: { name: '钟女士', mobile: '13800138304', customerType: '5', source: '1', followStatus: '2', remark: '询问 2 栋两室出租' },
  },
  { daysAgo: 4, at: '11:00', by: 'houqin', entity: 'property.customer', action: 'edit', pick: { name: '钟女士' }, input: { followStatus: '4', remark: '已在校外租房' } },
  // 二手市场: sold, taken down, rejected, and one waiting.
  ...life(
    8,
    '10:00',
    'houqin',
    'property.secondhand',
    { title: '九成新台灯', category: '3', price: '45', condition: '2', publisherName: '郑老师', contact: '13800138402' },
    { title: '九成新台灯' },
    ['admin', 'approve'],
    ['houqin', 'sold', undefined, 6],
  ),
  ...life(
    6,
    '09:30',
    'houqin',
    'property.secondhand',
    { title: '电饭煲（3 升）', category: '3', price: '60', condition: '3', publisherName: '刘芳', contact: '13700000102' },
    { title: '电饭煲（3 升）' },
    ['admin', 'approve'],
    ['houqin', 'takeDown', { reason: '发布人已自行处理' }, 3],
  ),
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'property.secondhand', action: 'reject', pick: { title: '26 寸自行车' }, input: { reason: '请补充实物照片后重新提交' } },
  {
    daysAgo: 1,
    at: '20:15',
    by: 'houqin',
    entity: 'property.secondhand',
    action: 'add',
    input: { title: '英语四级词汇书', category: '1', price: '15', condition: '2', publisherName: '吴同学家长', contact: '13800138401' },
  },
  // 租售: one let, one withdrawn, one refused, one waiting; a flat put up for sale.
  ...life(
    9,
    '09:00',
    'houqin',
    'property.listing',
    async (find) => ({ houseId: await houseId(find, '2栋2单元0502'), listingType: '1', price: '2200', decoration: '2', layout: '两室一厅', contactName: '物业服务中心', contactMobile: '13800138000' }),
    async (find) => one(find, sql`select l.id from prop_listing l join prop_house h on h.id = l.house_id where h.name = '2栋2单元0502'`, 'listing 0502'),
    ['admin', 'approve'],
    ['houqin', 'deal', undefined, 5],
  ),
  ...life(
    7,
    '09:00',
    'houqin',
    'property.listing',
    async (find) => ({ houseId: await houseId(find, '商业街A01'), listingType: '1', price: '4500', decoration: '1', layout: '商铺', contactName: '物业服务中心', contactMobile: '13800138000' }),
    async (find) => one(find, sql`select l.id from prop_listing l join prop_house h on h.id = l.house_id where h.name = '商业街A01'`, 'listing A01'),
    ['admin', 'approve'],
    ['houqin', 'offShelf', undefined, 5],
  ),
  ...life(
    3,
    '14:00',
    'houqin',
    'property.listing',
    async (find) => ({ houseId: await houseId(find, '6栋1单元0101'), listingType: '2', price: '1280000', decoration: '3', layout: '三室两厅', contactName: '王磊', contactMobile: '13700000105' }),
    async (find) => one(find, sql`select l.id from prop_listing l join prop_house h on h.id = l.house_id where h.name = '6栋1单元0101'`, 'listing 0101'),
    ['admin', 'reject', { reason: '未上传产权证明' }, 1],
  ),
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'property.house', action: 'edit', pick: { name: '5栋2单元0602' }, input: { houseStatus: '4' } },
  {
    daysAgo: 0,
    at: 'now',
    by: 'houqin',
    entity: 'property.listing',
    action: 'add',
    input: async (find) => ({
      houseId: await houseId(find, '5栋2单元0602'),
      listingType: '2',
      price: '1060000',
      decoration: '3',
      layout: '三室一厅',
      contactName: '物业服务中心',
      contactMobile: '13800138000',
    }),
  },
  // 资讯, 话题 and 评论.
  ...life(
    6,
    '08:40',
    'houqin',
    'property.news',
    { title: '国庆假期物业服务安排', category: '1', content: '假期物业服务中心 9:00–17:00 值班，报修请拨服务电话。' },
    { title: '国庆假期物业服务安排' },
    ['houqin', 'publish'],
    ['houqin', 'offline', undefined, 1],
  ),
  ...life(10, '21:00', 'houqin', 'property.topic', { title: '低价转让健身卡', category: '9', authorName: '匿名', content: '加微信私聊，价格好商量。' }, { title: '低价转让健身卡' }, [
    'houqin',
    'block',
    { reason: '含商业广告' },
    1,
  ]),
  ...life(5, '12:30', 'houqin', 'property.topic', { title: '3 栋电梯又坏了？', category: '3', authorName: '刘芳', content: '今天早上电梯停在 5 楼不动。' }, { title: '3 栋电梯又坏了？' }, [
    'houqin',
    'remove',
    { reason: '已转为报修单处理' },
  ]),
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'property.topicComment', action: 'remove', pick: { content: '加微信领取优惠券' }, input: { reason: '广告' } },
];

/** 食材供应: purchases refused and voided, received in part and closed; shipments and returns in every step; a supplier struck off. */
const supply: OfficeStep[] = [
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'supply.supplier', action: 'block', pick: { name: '惠民综合食品有限公司' }, input: { reason: '抽检两次不合格' } },
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'supply.supplier', action: 'terminate', pick: { name: '山珍干货批发部' }, input: { reason: '合同到期不再续签' } },
  ...life(
    16,
    '09:00',
    'canteen',
    'supply.purchase',
    purchase('绿源蔬菜配送有限公司', '周末加餐蔬菜', [
      ['大白菜', '50', '2.6'],
      ['土豆', '30', '3.2'],
    ]),
    byRemark('sup_purchase', '周末加餐蔬菜'),
    ['canteen', 'submit'],
    ['admin', 'reject', { auditOpinion: '单价高于合同价，请核实' }],
    ['canteen', 'void'],
  ),
  ...life(
    9,
    '09:00',
    'canteen',
    'supply.purchase',
    purchase('绿源蔬菜配送有限公司', '下周蔬菜（分两次送）', [
      ['西红柿', '40', '4.5'],
      ['黄瓜', '30', '3.8'],
    ]),
    byRemark('sup_purchase', '下周蔬菜（分两次送）'),
    ['canteen', 'submit'],
    ['admin', 'audit', { auditOpinion: '同意' }],
    ['canteen', 'receive', halfReceived('下周蔬菜（分两次送）'), 1],
  ),
  ...life(
    6,
    '09:00',
    'canteen',
    'supply.purchase',
    purchase('绿源蔬菜配送有限公司', '青椒胡萝卜补货', [
      ['青椒', '20', '5'],
      ['胡萝卜', '25', '2.8'],
    ]),
    byRemark('sup_purchase', '青椒胡萝卜补货'),
    ['canteen', 'submit'],
    ['admin', 'audit'],
    ['canteen', 'close', { reason: '供应商缺货，不再送' }, 1],
  ),
  ...life(
    2,
    '09:00',
    'canteen',
    'supply.purchase',
    purchase('绿源蔬菜配送有限公司', '菠菜临时加量', [['菠菜', '15', '6.5']]),
    byRemark('sup_purchase', '菠菜临时加量'),
    ['canteen', 'submit'],
    ['admin', 'reject', { auditOpinion: '本周菠菜库存足够' }],
  ),
  ...life(3, '16:00', 'canteen', 'supply.stocktake', stocktake('干货库抽盘（录错仓库）', [['大米', '50']]), byRemark('sup_stocktake', '干货库抽盘（录错仓库）'), ['canteen', 'void']),
  ...life(
    2,
    '16:00',
    'canteen',
    'supply.stocktake',
    stocktake('干货库周盘', [['面粉', '20']]),
    byRemark('sup_stocktake', '干货库周盘'),
    ['canteen', 'submit'],
    ['admin', 'reject', { auditOpinion: '面粉数量与出库单不符，请复盘' }],
  ),
  { daysAgo: 2, at: '17:00', by: 'canteen', entity: 'supply.stocktake', action: 'add', input: stocktake('干货库周盘（复盘）', [['面粉', '22']]) },
  ...life(4, '14:00', 'canteen', 'supply.shipment', shipment('晚餐备料（改由二食堂）', '张师傅', [['土豆', '5']]), byRemark('sup_stock_out', '晚餐备料（改由二食堂）'), ['canteen', 'void']),
  ...life(
    3,
    '14:00',
    'canteen',
    'supply.shipment',
    shipment('周三午餐备料', '李师傅', [['大白菜', '8']]),
    byRemark('sup_stock_out', '周三午餐备料'),
    ['canteen', 'submit'],
    ['admin', 'reject', { auditOpinion: '数量超出当餐用量，请重填' }],
  ),
  ...life(1, '15:00', 'canteen', 'supply.shipment', shipment('明日早餐备料', '张师傅', [['土豆', '4']]), byRemark('sup_stock_out', '明日早餐备料'), ['canteen', 'submit']),
  { daysAgo: 1, at: '16:00', by: 'canteen', entity: 'supply.shipment', action: 'add', input: shipment('明日午餐备料', '李师傅', [['大白菜', '6']]) },
  ...supplyReturn(5, '10:00', '西红柿软烂', '1', [['西红柿', '3']], ['canteen', 'submit'], ['admin', 'audit', { auditOpinion: '同意退货' }]),
  ...supplyReturn(4, '10:00', '黄瓜数量不符', '3', [['黄瓜', '2']], ['canteen', 'submit'], ['admin', 'reject', { auditOpinion: '已与供应商核对，数量无误' }]),
  ...supplyReturn(3, '10:00', '西红柿磕碰（改为让步使用）', '1', [['西红柿', '2']], ['canteen', 'void']),
  ...supplyReturn(1, '10:00', '黄瓜发软', '1', [['黄瓜', '1']], ['canteen', 'submit']),
  ...supplyReturn(1, '11:00', '西红柿规格不符', '4', [['西红柿', '1']]),
];

/** The first of this month's water (1) or electricity (2) bills still unpaid, and what it owes. */
const unpaidUtility = (type: '1' | '2') => (find: Find) =>
  find(
    sql`select id, owed_cents from pay_utility_bill where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and utility_type = ${type} and bill_status = '1' and pay_status = '0' order by bill_no limit 1`,
  );
const firstUnpaid = (type: '1' | '2') => async (find: Find) => {
  const [bill] = await unpaidUtility(type)(find);
  if (!bill) throw new Error('sample school: no unpaid utility bill');
  return String(bill.id);
};
const owedInFull = (type: '1' | '2') => async (find: Find) => ({ amount: (Number((await unpaidUtility(type)(find))[0]?.owed_cents ?? 0) / 100).toFixed(2) });
/** The bill of the type last paid from a card balance, and what the card paid. */
const paidFromCard = (type: '1' | '2') => (find: Find) =>
  find(
    sql`select id, card_paid_cents from pay_utility_bill where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and utility_type = ${type} and card_paid_cents > 0 and refunded_cents = 0 order by last_pay_time desc, id limit 1`,
  );
const cardPaidBack = (type: '1' | '2', reason: string) => async (find: Find) => ({ amount: (Number((await paidFromCard(type)(find))[0]?.card_paid_cents ?? 0) / 100).toFixed(2), reason });
/** This month's utility bills: generated from the meters' readings, one paid in part at the counter, one paid from the card and refunded. */
const utilities = (type: '1' | '2', entity: string, url: string, prices: Record<string, string>, refundReason: string): OfficeStep[] => [
  // All but one meter, whose reading is still to be checked.
  {
    daysAgo: 0,
    at: 'now',
    by: 'houqin',
    entity: 'console',
    action: 'generate',
    url,
    input: async (find, date) => {
      const read = await find(
        sql`select id from pay_utility_bill where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and utility_type = ${type} and bill_status = '0' and period = ${date.slice(0, 7)} order by bill_no`,
      );
      return { ids: read.slice(0, -1).map((bill) => String(bill.id)), period: date.slice(0, 7), ...prices, dueDate: addDays(date, 15) };
    },
  },
  { daysAgo: 0, at: 'now', by: 'houqin', entity, action: 'payOffline', pick: firstUnpaid(type), input: { amount: '10', payWay: '2', receiptNo: `SJ-${type}01` } },
  // The payer tops the card up at the counter first, then pays the bill from it.
  {
    daysAgo: 0,
    at: 'now',
    by: 'admin',
    entity: 'members.account',
    action: 'recharge',
    pick: async (find) =>
      one(
        find,
        sql`select a.id from memb_account a join pay_utility_bill b on b.member_id = a.member_id and b.tenant_id = a.tenant_id where b.id = ${await firstUnpaid(type)(find)}`,
        'payer of the bill',
      ),
    input: async (find) => ({ amount: String(Math.ceil(Number((await unpaidUtility(type)(find))[0]?.owed_cents ?? 0) / 1000) * 10), channel: 'cash', remark: '缴水电费前充值' }),
  },
  { daysAgo: 0, at: 'now', by: 'houqin', entity, action: 'payFromCard', pick: firstUnpaid(type), input: owedInFull(type) },
  { daysAgo: 0, at: 'now', by: 'houqin', entity, action: 'refund', pick: async (find) => String((await paidFromCard(type)(find))[0]?.id ?? ''), input: cardPaidBack(type, refundReason) },
];
/** The newest utility bill of the type in a state, and what it owes. */
const utilityIn = (type: '1' | '2', where: SQL) =>
  sql`select id, owed_cents from pay_utility_bill where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and utility_type = ${type} and bill_status = '1' and ${where} order by create_time desc, id desc limit 1`;
const utilityId = (type: '1' | '2', where: SQL) => (find: Find) => one(find, utilityIn(type, where), `utility bill of type ${type} in the state asked for`);
/** A waiver of all a bill owes, asked by the logistics clerk and granted by the administrator (the bill is 已减免). */
const wholeWaiver = (entity: string, table: string, reason: string, which: SQL = sql`true`): OfficeStep[] => {
  const bill = (find: Find) =>
    find(
      sql`select id, owed_cents from ${sql.identifier(table)} where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and pay_status = '0' and waive_status = '0' and owed_cents > 0 and ${which} order by create_time desc, id desc limit 1`,
    );
  return [
    {
      daysAgo: 0,
      at: 'now',
      by: 'houqin',
      entity,
      action: 'requestWaive',
      pick: async (find) => String((await bill(find))[0]?.id ?? ''),
      input: async (find) => ({ waiveRequest: yuanOfCents((await bill(find))[0]?.owed_cents), waiveReason: reason }),
    },
    {
      daysAgo: 0,
      at: 'now',
      by: 'admin',
      entity,
      action: 'approveWaive',
      // The request just made (a kind's bills may share a table: 水费 and 电费).
      pick: (find) =>
        one(
          find,
          sql`select id from ${sql.identifier(table)} where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and waive_status = '1' and ${which} order by waive_time desc, id desc limit 1`,
          `waiver asked of ${table}`,
        ),
    },
  ];
};
/**
 * The utility bills' waivers, each asked by the logistics clerk and audited by the administrator: a
 * month the meter ran while a flat stood empty waived whole (已减免); a late bill's plea refused; a
 * part-paid bill's waiting for its audit.
 */
const utilityWaivers = (type: '1' | '2', entity: string, noun: string): OfficeStep[] => [
  ...wholeWaiver(entity, 'pay_utility_bill', `住户外派，房屋空置；${noun}表读数为管网渗漏所致`, sql`utility_type = ${type} and bill_status = '1'`),
  { daysAgo: 0, at: 'now', by: 'houqin', entity, action: 'requestWaive', pick: utilityId(type, sql`pay_status = '5'`), input: { waiveRequest: '5', waiveReason: '住户称当月出差，用量偏高' } },
  { daysAgo: 0, at: 'now', by: 'admin', entity, action: 'rejectWaive', pick: utilityId(type, sql`waive_status = '1'`) },
  { daysAgo: 0, at: 'now', by: 'houqin', entity, action: 'requestWaive', pick: utilityId(type, sql`pay_status = '1'`), input: { waiveRequest: '3', waiveReason: `${noun}表更换当天停用半日` } },
];
/** A house's property bill of the coming half-year (the later of its two). */
const nextPropertyBill = (house: string) => (find: Find) =>
  one(
    find,
    sql`select b.id from pay_property_bill b join prop_house h on h.id = b.house_id where b.tenant_id = ${THIS_SCHOOL} and b.del_flag = 0 and h.name = ${house} order by b.due_date desc limit 1`,
    `next property bill of ${house}`,
  );
/** The bills of the seed, made at the real time the sample school is: their steps come after the weeks. */
const bills: OfficeStep[] = [
  // 学费: a waiver granted, one refused, one waiting.
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'members.tuitionBill', action: 'requestWaive', input: { waiveRequest: '120', waiveReason: '家庭经济困难，已提交低保证明' } },
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'members.tuitionBill', action: 'approveWaive', last: true },
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'members.tuitionBill', action: 'requestWaive', input: { waiveRequest: '100', waiveReason: '二孩同校就读' } },
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'members.tuitionBill', action: 'rejectWaive', last: true },
  ...wholeWaiver('members.tuitionBill', 'pay_tuition_bill', '孤儿，学费全免'),
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'members.tuitionBill', action: 'requestWaive', input: { waiveRequest: '80', waiveReason: '家长失业' } },
  // 物业费: the waiting waiver granted, another refused and a third waiting; a part paid at the counter.
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'payments.propertyBill', action: 'approveWaive', last: true },
  // Named by house: the first half-year of 6栋1单元0101 stays unpaid past its due date (逾期).
  {
    daysAgo: 0,
    at: 'now',
    by: 'houqin',
    entity: 'payments.propertyBill',
    action: 'requestWaive',
    pick: nextPropertyBill('6栋1单元0101'),
    input: { waiveRequest: '100', waiveReason: '房屋漏水期间无法居住' },
  },
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'payments.propertyBill', action: 'rejectWaive', last: true },
  ...wholeWaiver(
    'payments.propertyBill',
    'pay_property_bill',
    '房屋交付前空置，免收当期物业费',
    sql`house_id = (select id from prop_house where tenant_id = ${THIS_SCHOOL} and name = '3栋1单元1201')`,
  ),
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'payments.propertyBill', action: 'requestWaive', pick: nextPropertyBill('5栋1单元0301'), input: { waiveRequest: '50', waiveReason: '电梯停运一周' } },
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'payments.propertyBill', action: 'payOffline', pick: nextPropertyBill('5栋1单元0301'), input: { amount: '200', payWay: '2', receiptNo: 'SJ-0301' } },
  ...utilities('1', 'payments.waterBill', '/pay/water/generate', { price1: '3.5' }, '水表读数有误，退还后重新出账'),
  ...utilityWaivers('1', 'payments.waterBill', '水'),
  ...utilities('2', 'payments.electricBill', '/pay/electric/generate', { price1: '0.6' }, '电表读数有误，退还后重新出账'),
  ...utilityWaivers('2', 'payments.electricBill', '电'),
];

/** The subscription made last in a state (a renewal just made, or just paid). */
const newestSubscription = (status: string) => (find: Find) =>
  one(find, sql`select id from call_subscription where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and status = ${status} order by create_time desc, id desc limit 1`, `subscription in ${status}`);

/** 亲情通话, 商铺 and the office's messages, notices and templates. */
const office: OfficeStep[] = [
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'calls.number', action: 'add', input: async (find) => ({ memberId: await memberId(find, '20220905'), phone: '13800138561', relation: '2' }) },
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'calls.number', action: 'reject', pick: { phone: '13800138561' }, input: { rejectReason: '号码与家长登记的手机号不一致' } },
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'calls.number', action: 'disable' },
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'calls.package', action: 'add', input: { name: '暑期语音套餐', kind: '1', monthlyMinutes: 300, price: '20', validMonths: 2, remark: '暑假期间开通' } },
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'calls.package', action: 'offSale', pick: { name: '暑期语音套餐' } },
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'calls.subscription', action: 'unsubscribe', input: { reason: '家长申请退订' } },
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'shops.shop', action: 'close', pick: { name: '书香文具店' }, input: { remark: '租约到期，不再续租' } },
  {
    daysAgo: 0,
    at: 'now',
    by: 'admin',
    entity: 'messages.template',
    action: 'add',
    input: { code: 'HEALTH_CHECK', name: '体检通知', channel: '3', scene: '1', content: '{name}家长您好，学校将于近期组织体检，请留意班级通知。' },
  },
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'messages.template', action: 'disable', pick: { code: 'HEALTH_CHECK' } },
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'online.report', action: 'publish' },
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'calls.package', action: 'subscribe', pick: { name: '基础语音套餐' }, input: async (find) => ({ memberId: await memberId(find, '20220905') }) },
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'calls.subscription', action: 'payOffline', last: true, input: { amount: '5', payWay: '2', receiptNo: 'SJ-C01' } },
  // A parent renews a package and pays it from the card, then cancels the renewal before it begins: all of it back (已退费).
  {
    daysAgo: 0,
    at: 'now',
    by: 'houqin',
    entity: 'calls.subscription',
    action: 'renew',
    pick: (find) =>
      one(
        find,
        sql`select s.id from call_subscription s join call_package p on p.id = s.package_id where s.tenant_id = ${THIS_SCHOOL} and s.del_flag = 0 and s.status = '1' and p.name = '基础语音套餐' order by s.bill_no limit 1`,
        'a live basic package',
      ),
  },
  {
    daysAgo: 0,
    at: 'now',
    by: 'houqin',
    entity: 'calls.subscription',
    action: 'payFromCard',
    pick: newestSubscription('0'),
    input: async (find) => ({ amount: yuanOfCents((await find(sql`select owed_cents from call_subscription where id = ${await newestSubscription('0')(find)}`))[0]?.owed_cents) }),
  },
  { daysAgo: 0, at: 'now', by: 'houqin', entity: 'calls.subscription', action: 'unsubscribe', pick: newestSubscription('1'), input: { reason: '家长改为寒假再续' } },
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'meals.refundItem', action: 'refuse', input: { remark: '已在窗口现金退还' } },
  ...life(
    6,
    '16:00',
    'admin',
    'messages.message',
    async (find) => ({ title: '体检通知（发错班级）', content: '请于周五上午到校医室体检。', scene: '1', channels: '1', audience: '2', scope: '1', memberId: await memberId(find, '20220917') }),
    { title: '体检通知（发错班级）' },
    ['admin', 'send'],
    ['admin', 'withdraw'],
  ),
  ...life(
    1,
    '16:30',
    'admin',
    'messages.message',
    async (find, date) => ({
      title: '明早升旗仪式提醒',
      content: '明早 7:20 升旗仪式，请穿校服。',
      scene: '1',
      channels: '1',
      audience: '2',
      scope: '1',
      memberId: await memberId(find, '20220929'),
      planAt: `${addDays(date, 2)} 07:00:00`,
    }),
    { title: '明早升旗仪式提醒' },
    ['admin', 'send'],
  ),
  {
    daysAgo: 1,
    at: '17:30',
    by: 'admin',
    entity: 'messages.message',
    action: 'add',
    input: async (find) => ({
      title: '家长开放日邀请（草稿）',
      content: '本周六上午家长开放日，欢迎参加。',
      scene: '1',
      channels: '1',
      audience: '2',
      scope: '1',
      memberId: await memberId(find, '20220809'),
    }),
  },
  ...life(
    3,
    '09:00',
    'admin',
    'messages.schoolNotice',
    { title: '教职工体检安排（已更正）', kind: '1', scope: '4', content: '教职工体检改到下周二，请以新通知为准。' },
    { title: '教职工体检安排（已更正）' },
    ['admin', 'publish'],
    ['admin', 'withdraw'],
  ),
];

/** A person's account, by the person's number. */
const accountOf = (memberNo: string) => (find: Find) =>
  one(find, sql`select a.id from memb_account a join memb_member m on m.id = a.member_id where a.tenant_id = ${THIS_SCHOOL} and m.member_no = ${memberNo}`, `account of ${memberNo}`);
/** A leave's meal refund, by the leave's reason. */
const leaveRefund = (reason: string) => (find: Find) =>
  one(find, sql`select r.id from pay_meal_leave_refund r join memb_leave l on l.id = r.leave_id where r.tenant_id = ${THIS_SCHOOL} and l.reason = ${reason}`, `meal refund of ${reason}`);
/** 请假退餐费: one audited and waiting for the next 退款合并, one merged since the last, one refused. */
const leaveRefunds: OfficeStep[] = [
  {
    daysAgo: 12,
    at: '10:00',
    by: 'admin',
    entity: 'payments.mealLeaveRefund',
    action: 'approve',
    pick: leaveRefund('肠胃炎，回家休养'),
    input: { refundWay: '3', auditOpinion: '家长到窗口领取现金' },
  },
  {
    daysAgo: 3,
    at: '10:00',
    by: 'admin',
    entity: 'payments.mealLeaveRefund',
    action: 'approve',
    pick: leaveRefund('回家参加祖父寿宴'),
    input: { refundWay: '1', auditOpinion: '核对无误，退至卡余额' },
  },
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'payments.mealLeaveRefund', action: 'merge', pick: leaveRefund('回家参加祖父寿宴') },
  { daysAgo: 8, at: '10:00', by: 'admin', entity: 'payments.mealLeaveRefund', action: 'reject', pick: leaveRefund('参加区运动会集训'), input: { auditOpinion: '集训期间由学校统一供餐，不退餐费' } },
];

/** 人员与卡务 and 订餐: a batch made twice, a stop-meal refused and one withdrawn. */
/**
 * 离校结算 of a class of last summer's leavers (brought over from the old card system, frozen since
 * June): the card office checks it (预检), then runs it; what they held goes back the way it came.
 */
const leaversSettled = (daysAgo: number, klass: string): OfficeStep[] =>
  life(
    daysAgo,
    '10:00',
    'admin',
    'members.graduation',
    async (find) => ({
      name: `${klass}离校结算`,
      gradYear: 2026,
      deptId: await departmentId(find, klass),
      leaveDate: '2026-06-30',
      cashRule: '1',
      depositRule: '1',
      remark: '旧卡系统迁入的毕业生余额清退',
    }),
    { name: `${klass}离校结算` },
    ['admin', 'precheck'],
    ['admin', 'run'],
  );

const members: OfficeStep[] = [
  // Last summer's leavers: the first class settled whole (已完成); in the second, the boarder who still
  // owes last spring's boarding fee waits for it (部分失败, with the reason on the line).
  ...leaversSettled(12, '2026届高三（1）班'),
  ...leaversSettled(5, '2026届高三（2）班'),
  ...life(
    6,
    '10:00',
    'admin',
    'members.subsidy',
    async (_find, date) => ({ name: '12 月困难补助（重复建立）', subsidyType: '2', fundSource: '2', startDate: date, clearMode: '0' }),
    { name: '12 月困难补助（重复建立）' },
    ['admin', 'void'],
  ),
  ...life(
    6,
    '11:00',
    'admin',
    'members.stopMeal',
    async (find, date) => ({
      memberId: await memberId(find, '20220917'),
      stopType: '1',
      startDate: addDays(date, 2),
      endDate: addDays(date, 3),
      mealTypes: '2',
      reasonType: '9',
      reason: '外出参加比赛',
      source: '1',
    }),
    async (find) => one(find, sql`select s.id from meal_stop s join memb_member m on m.id = s.member_id where m.member_no = '20220917' order by s.create_time desc`, 'stop-meal of 20220917'),
    ['admin', 'reject', { auditOpinion: '比赛已取消，照常就餐' }, 1],
  ),
  ...life(
    3,
    '11:00',
    'admin',
    'members.stopMeal',
    async (find, date) => ({
      memberId: await memberId(find, '20220929'),
      stopType: '1',
      startDate: addDays(date, 5),
      endDate: addDays(date, 6),
      mealTypes: '3',
      reasonType: '9',
      reason: '周末回家',
      source: '3',
    }),
    async (find) => one(find, sql`select s.id from meal_stop s join memb_member m on m.id = s.member_id where m.member_no = '20220929' order by s.create_time desc`, 'stop-meal of 20220929'),
    ['admin', 'revoke', undefined, 1],
  ),
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'members.scoreRecord', action: 'revoke', input: { revokeReason: '录入重复' } },
  // A teacher on long leave has the account frozen; one who moved away closes it.
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'members.account', action: 'freeze', pick: accountOf('T05006') },
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'members.account', action: 'close', pick: accountOf('T05007'), input: { deposit: 'refund', reason: '调离本校' } },
  // A parent's number out of use: no more notices to it.
  {
    daysAgo: 0,
    at: 'now',
    by: 'admin',
    entity: 'members.parent',
    action: 'edit',
    pick: (find) =>
      one(find, sql`select p.id from memb_parent p join memb_member m on m.id = p.student_id where m.member_no = '20220833' order by p.relation desc, p.id limit 1`, 'parent of 20220833'),
    input: { status: '0', remark: '号码已停用，改由另一位家长接收通知' },
  },
  // Next term's boarding fee set, its bills not generated yet; next summer's graduation drafted.
  {
    daysAgo: 0,
    at: 'now',
    by: 'houqin',
    entity: 'members.feeStandard',
    action: 'add',
    input: async (find) => ({
      name: '2026-2027 第二学期住宿费',
      termId: await one(find, sql`select id from pay_school_term where tenant_id = ${THIS_SCHOOL} and name = '2026-2027 第二学期'`, 'next term'),
      feeType: '2',
      amount: '800',
      deptId: await one(find, sql`select id from member_departments where tenant_id = ${THIS_SCHOOL} and name = '高二年级'`, '高二年级'),
      boardingType: '2',
      dueDate: '2027-02-28',
    }),
  },
  {
    daysAgo: 0,
    at: 'now',
    by: 'admin',
    entity: 'members.graduation',
    action: 'add',
    input: async (find) => ({
      name: '2027 届高三毕业离校',
      gradYear: 2027,
      deptId: await one(find, sql`select id from member_departments where tenant_id = ${THIS_SCHOOL} and name = '高三年级'`, '高三年级'),
      leaveDate: '2027-06-30',
      cashRule: '1',
      depositRule: '1',
      remark: '草稿，待年级核对名单',
    }),
  },
];

/** A teacher's card, by the teacher's number, in a state. */
const cardOf = (memberNo: string, status: string) => (find: Find) =>
  one(
    find,
    sql`select c.id from memb_card c join memb_member m on m.id = c.member_id where c.tenant_id = ${THIS_SCHOOL} and m.member_no = ${memberNo} and c.card_status = ${status} order by c.create_time desc`,
    `card of ${memberNo}`,
  );

/**
 * A parent (or owner) pays a bill from the card, then at the bank too: the card payment refunded whole
 * (已退费). The bill is the newest of the table still owed in whole where `which` holds; the payer tops
 * the card up at the counter first.
 */
function paidTwiceRefunded(entity: string, table: string, which: SQL, reason: string): OfficeStep[] {
  const owed = (find: Find) =>
    find(
      sql`select id, owed_cents, member_id from ${sql.identifier(table)} where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and pay_status = '0' and owed_cents > 0 and member_id is not null and ${which} order by bill_no desc limit 1`,
    );
  const paidFromCard = (find: Find) =>
    find(
      sql`select id, card_paid_cents from ${sql.identifier(table)} where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and card_paid_cents > 0 and refunded_cents = 0 order by last_pay_time desc, id limit 1`,
    );
  return [
    {
      daysAgo: 0,
      at: 'now',
      by: 'admin',
      entity: 'members.account',
      action: 'recharge',
      pick: async (find) =>
        one(find, sql`select id from memb_account where tenant_id = ${THIS_SCHOOL} and member_id = ${String((await owed(find))[0]?.member_id ?? '')}`, `payer of a bill of ${table}`),
      input: async (find) => ({ amount: yuanOfCents((await owed(find))[0]?.owed_cents), channel: 'cash', remark: '缴费前充值' }),
    },
    {
      daysAgo: 0,
      at: 'now',
      by: 'houqin',
      entity,
      action: 'payFromCard',
      pick: async (find) => String((await owed(find))[0]?.id ?? ''),
      input: async (find) => ({ amount: yuanOfCents((await owed(find))[0]?.owed_cents) }),
    },
    {
      daysAgo: 0,
      at: 'now',
      by: 'houqin',
      entity,
      action: 'refund',
      pick: async (find) => String((await paidFromCard(find))[0]?.id ?? ''),
      input: async (find) => ({ amount: yuanOfCents((await paidFromCard(find))[0]?.card_paid_cents), reason }),
    },
  ];
}

/** The office's housekeeping and the day's slips, on records the seed made (after the weeks). */
const housekeeping: OfficeStep[] = [
  // Last year's first term no longer takes new fees; the licence reminder paused while the office checks them by hand.
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'payments.schoolTerm', action: 'edit', pick: { name: '2025-2026 第一学期' }, input: { status: '0', remark: '上学年学期，不再用于新的收费' } },
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'system.quartzJob', action: 'pause', pick: { jobClassName: 'supplierLicenceReminder' } },
  // A west gate fitted and closed again while the road outside is dug up.
  {
    daysAgo: 0,
    at: 'now',
    by: 'admin',
    entity: 'access.door',
    action: 'add',
    input: { name: '西门人行通道', serialNo: 'SN-ACS-WEST-01', doorKind: '1', deviceKind: '1', location: '学校西门', forAttendance: false, remark: '门外道路施工期间封闭' },
  },
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'access.door', action: 'disable', pick: { name: '西门人行通道' } },
  // A teacher reports a card lost, is given a new one, then finds the old one the same afternoon: 补卡撤销 (today's only).
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'members.card', action: 'reportLoss', pick: cardOf('T03003', '1') },
  {
    daysAgo: 0,
    at: 'now',
    by: 'admin',
    entity: 'members.card',
    action: 'replace',
    pick: cardOf('T03003', '2'),
    input: { cardNo: '20269237', physNo: 'B0106EF9', feePay: '2', remark: '在操场丢失' },
  },
  {
    daysAgo: 0,
    at: 'now',
    by: 'admin',
    entity: 'members.cardReplacement',
    action: 'cancel',
    pick: (find) =>
      one(
        find,
        sql`select r.id from memb_card_replace r join memb_member m on m.id = r.member_id where r.tenant_id = ${THIS_SCHOOL} and m.member_no = 'T03003' order by r.create_time desc`,
        'replacement of T03003',
      ),
    input: { reason: '原卡已在办公室找到' },
  },
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'members.card', action: 'cancelLoss', pick: cardOf('T03003', '2') },
  // A gift given by mistake taken back while the wallet still holds it whole.
  {
    daysAgo: 0,
    at: 'now',
    by: 'admin',
    entity: 'activities.participant',
    action: 'withdraw',
    pick: (find) =>
      one(
        find,
        sql`select p.id from act_participant p join memb_account a on a.member_id = p.member_id and a.tenant_id = p.tenant_id where p.tenant_id = ${THIS_SCHOOL} and p.status = '1' and p.wallet = 'GIFT' and a.gift_cents >= p.gift_cents order by p.create_time desc, p.id limit 1`,
        'a gift still held whole',
      ),
    input: { reason: '重复赠送，收回' },
  },
  // A parent pays a pupil's tuition from the card, then at the bank too; an owner the same with the property fee.
  ...paidTwiceRefunded('members.tuitionBill', 'pay_tuition_bill', sql`waive_status = '0'`, '家长已在银行缴纳，卡内缴费退回'),
  ...paidTwiceRefunded(
    'payments.propertyBill',
    'pay_property_bill',
    sql`house_id = (select id from prop_house where tenant_id = ${THIS_SCHOOL} and name = '5栋2单元0602')`,
    '业主已通过银行代扣缴纳，卡内缴费退回',
  ),
];

/** A class's or department's id, by its name. */
export const departmentId = (find: Find, name: string) => one(find, sql`select id from member_departments where tenant_id = ${THIS_SCHOOL} and name = ${name}`, `department ${name}`);

/**
 * A line of the month's meal subsidy issued this morning, taken back: the pupil had it twice. The
 * online order a parent walked away from, closed (`onlineBills.ts`). And a card that no longer reads,
 * recorded as damaged until its holder comes to change it.
 */
const corrections: OfficeStep[] = [
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'members.card', action: 'markDamaged', pick: cardOf('20240240', '1') },
  { daysAgo: 1, at: '09:05', by: 'houqin', entity: 'payments.payment', action: 'closeOrder', last: true },
  {
    daysAgo: 25,
    at: '08:10',
    by: 'admin',
    entity: 'members.subsidyItem',
    action: 'reverse',
    pick: (find) =>
      one(
        find,
        sql`select i.id from memb_subsidy_item i join memb_subsidy_batch b on b.id = i.batch_id where b.tenant_id = ${THIS_SCHOOL} and b.issue_status = '1' and i.status = '2' order by i.id desc limit 1`,
        'an issued subsidy line',
      ),
    input: { errMsg: '名单重复：该生本月伙食补助已在困难补助中发放' },
  },
];

/**
 * 活动管理 lived: a week's exam breakfast for 高一（1）班, its gifts good for five days — what is left of
 * them is taken back by the day's job (已过期); and today a winter supper for the mathematics group,
 * which the frozen and the closed account cannot take (未发放, each with its reason). The logistics
 * office proposes, the administrator approves and gives (two people).
 */
const campaigns: OfficeStep[] = [
  ...life(
    20,
    '08:30',
    'houqin',
    'activities.activity',
    async (find, date) => ({
      name: '期中考试加油早餐',
      activityType: '3',
      startDate: date,
      endDate: addDays(date, 4),
      deptId: await departmentId(find, '高一（1）班'),
      gift: '5',
      maxTimes: 1,
      wallet: 'GIFT',
      giftValidDays: 5,
      budget: '300',
      description: '期中考试期间每人赠送早餐金5元，5天内有效。',
    }),
    { name: '期中考试加油早餐' },
    ['houqin', 'submit'],
    ['admin', 'approve'],
    ['admin', 'give', async (find) => ({ deptId: await departmentId(find, '高一（1）班') })],
  ),
  ...life(
    0,
    'now',
    'houqin',
    'activities.activity',
    async (find, date) => ({
      name: '冬季暖心加餐',
      activityType: '3',
      startDate: date,
      endDate: addDays(date, 6),
      deptId: await departmentId(find, '数学教研组'),
      gift: '10',
      maxTimes: 1,
      wallet: 'SUBSIDY',
      budget: '200',
      description: '冬季教研组加餐补贴，每人10元，记入补助钱包。',
    }),
    { name: '冬季暖心加餐' },
    ['houqin', 'submit'],
    ['admin', 'approve'],
    ['admin', 'give', async (find) => ({ deptId: await departmentId(find, '数学教研组') })],
  ),
];

/**
 * The mathematics group's invigilation meals, drafted by the logistics office and audited yesterday, issued
 * today after the freeze and the move away of two of its teachers: those two are not paid (账户已冻结,
 * no account), and the batch stays 发放中 until the office settles them.
 */
const INVIGILATION = '期中监考误餐补助';
const invigilation: OfficeStep[] = [
  ...life(
    1,
    '15:00',
    'houqin',
    'members.subsidy',
    async (_find, date) => ({ name: INVIGILATION, subsidyType: '3', fundSource: '2', startDate: date, clearMode: '0', remark: '期中考试监考教师误餐补助，每人15元' }),
    { name: INVIGILATION },
    ['houqin', 'addMembers', async (find) => ({ deptId: await departmentId(find, '数学教研组'), amount: '15' })],
    ['houqin', 'submit'],
    ['admin', 'audit', { auditOpinion: '监考名单已核对' }],
  ),
  { daysAgo: 0, at: 'now', by: 'admin', entity: 'members.subsidy', action: 'issue', pick: { name: INVIGILATION } },
];

/** The first pupils of 高一（1）班 (by 学号), each a query of their id. */
const pupilOfClassOne = (index: number) => (find: Find) =>
  one(
    find,
    sql`select m.id from memb_member m join member_departments d on d.id = m.dept_id where m.tenant_id = ${THIS_SCHOOL} and m.del_flag = 0 and d.name = '高一（1）班' order by m.member_no offset ${index} limit 1`,
    `pupil ${index + 1} of 高一（1）班`,
  );
const uniformForm = (find: Find) => one(find, sql`select id from onl_form where tenant_id = ${THIS_SCHOOL} and del_flag = 0 and code = 'uniform_orders'`, 'the uniform order form');
const uniformOrder = (pupil: number, size: string, sets: number): OfficeStep => ({
  daysAgo: 5,
  at: `16:${String(10 + pupil).padStart(2, '0')}`,
  by: 'admin',
  entity: 'console',
  action: 'url',
  url: async (find) => `/online/cgform/api/form/${await uniformForm(find)}/add`,
  input: async (find) => ({ pupil: await pupilOfClassOne(pupil)(find), size, sets, amount: String(sets * 185) }),
});

/**
 * Online 表单 lived: the administrator designs 校服征订 (the pupil, the size, how many sets, the
 * amount), publishes it in 在线开发 and enters the orders 高一（1）班's teacher handed in; 寒假留校申请
 * is designed yesterday and not published yet.
 */
const onlineForms: OfficeStep[] = [
  {
    daysAgo: 6,
    at: '15:10',
    by: 'admin',
    entity: 'online.form',
    action: 'add',
    input: {
      code: 'uniform_orders',
      title: '校服征订',
      titleEn: 'Uniform orders',
      menuArea: '/online',
      remark: '冬季校服征订，每套 185 元，由班主任汇总后录入',
      fields: [
        { key: 'pupil', label: '学生', labelEn: 'Pupil', fieldType: 'ref', refEntity: 'members.member', required: '1', queryMode: 'eq' },
        { key: 'size', label: '尺码', labelEn: 'Size', fieldType: 'text', required: '1', maxValue: 10, queryMode: 'eq' },
        { key: 'sets', label: '套数', labelEn: 'Sets', fieldType: 'number', required: '1', maxValue: 5 },
        { key: 'amount', label: '金额', labelEn: 'Amount', fieldType: 'money' },
      ],
    },
  },
  { daysAgo: 6, at: '15:20', by: 'admin', entity: 'online.form', action: 'publish', pick: { code: 'uniform_orders' } },
  uniformOrder(0, '165', 1),
  uniformOrder(1, '170', 2),
  uniformOrder(2, '175', 1),
  {
    daysAgo: 1,
    at: '16:30',
    by: 'admin',
    entity: 'online.form',
    action: 'add',
    input: {
      code: 'winter_stay',
      title: '寒假留校申请',
      titleEn: 'Staying over the winter break',
      menuArea: '/members',
      remark: '寒假期间需留校的住校生登记，放假前两周发布',
      fields: [
        { key: 'pupil', label: '学生', labelEn: 'Pupil', fieldType: 'ref', refEntity: 'members.member', required: '1', queryMode: 'eq' },
        { key: 'fromDay', label: '留校开始', labelEn: 'From', fieldType: 'date', required: '1' },
        { key: 'toDay', label: '留校结束', labelEn: 'To', fieldType: 'date', required: '1' },
        { key: 'reason', label: '留校原因', labelEn: 'Why', fieldType: 'textarea', required: '1' },
        { key: 'parentAgreed', label: '家长同意', labelEn: 'Parent agrees', fieldType: 'switch' },
      ],
    },
  },
];

/** The steps of the sample weeks, in the order of the areas. */
export const OFFICE_STEPS: readonly OfficeStep[] = [
  ...administration,
  ...property,
  ...supply,
  ...bills,
  ...office,
  ...members,
  ...leaveRefunds,
  ...housekeeping,
  ...campaigns,
  ...corrections,
  ...invigilation,
  ...onlineForms,
];
