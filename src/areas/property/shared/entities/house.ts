import type { EntitySpec } from '@shared/engine/spec';

/**
 * 房屋管理 (DOMAIN.md §14): the school's houses — staff housing, dormitories, shops, offices — with
 * their areas (to the thousandth of a ㎡), use, state, owner and property-fee price. Its name is its
 * 楼栋 + 单元 + 房号, unique in the school. 绑定业主 names the owner (and adds the house to the owner's
 * list); 生成物业费 bills the selected houses for whole months (area × price × months) on 物业费缴纳.
 */
export const house = {
  id: 'property.house',
  title: { 'zh-CN': '房屋', en: 'House' },
  api: '/prop/house',
  table: 'prop_house',
  permissionPrefix: 'house',
  screen: { path: '/property/houses', component: 'property/HouseList', title: { 'zh-CN': '房屋管理', en: 'Houses' } },
  operations: ['add', 'edit', 'delete', 'import', 'export'],
  tenantScoped: true,
  labelField: 'name',
  fields: [
    { key: 'name', type: 'text', title: { 'zh-CN': '房屋', en: 'House' }, required: true, max: 80, form: false, query: 'like', sortable: true, width: 150 },
    { key: 'building', type: 'text', title: { 'zh-CN': '楼栋', en: 'Building' }, required: true, max: 30, query: 'like', sortable: true, width: 90 },
    { key: 'unit', type: 'text', title: { 'zh-CN': '单元', en: 'Unit' }, max: 20, width: 70 },
    { key: 'floor', type: 'number', title: { 'zh-CN': '楼层', en: 'Floor' }, min: -5, max: 200, width: 60 },
    { key: 'room', type: 'text', title: { 'zh-CN': '房号', en: 'Room' }, required: true, max: 20, query: 'like', width: 80 },
    { key: 'layout', type: 'text', title: { 'zh-CN': '户型', en: 'Layout' }, max: 30, width: 90 },
    { key: 'buildArea', type: 'quantity', title: { 'zh-CN': '建筑面积（㎡）', en: 'Floor area (㎡)' }, required: true, min: 0.001, max: 100000, width: 110 },
    { key: 'innerArea', type: 'quantity', title: { 'zh-CN': '套内面积（㎡）', en: 'Inner area (㎡)' }, max: 100000, width: 110 },
    { key: 'usage', type: 'dict', dict: 'house_usage', title: { 'zh-CN': '用途', en: 'Use' }, required: true, default: '1', query: 'eq', width: 70 },
    { key: 'houseStatus', type: 'dict', dict: 'house_status', title: { 'zh-CN': '房屋状态', en: 'State' }, required: true, default: '1', query: 'eq', width: 80 },
    { key: 'ownerId', type: 'ref', ref: 'members.owner', title: { 'zh-CN': '业主', en: 'Owner' }, query: 'eq', width: 90 },
    { key: 'feePrice', type: 'money', title: { 'zh-CN': '物业费单价（元/㎡·月）', en: 'Fee (¥/㎡·month)' }, max: 100, default: 0, width: 130 },
    { key: 'handoverDate', type: 'date', title: { 'zh-CN': '交房日期', en: 'Handed over' }, width: 100 },
    { key: 'remark', type: 'textarea', title: { 'zh-CN': '备注', en: 'Remarks' }, max: 200, list: false, span: 2 },
  ],
  form: { width: 760, columns: 2 },
  defaultSort: { field: 'name', order: 'asc' },
  flow: {
    status: ['houseStatus'],
    actions: [
      {
        id: 'bindOwner',
        title: { 'zh-CN': '绑定业主', en: 'Bind an owner' },
        from: { houseStatus: ['1', '2', '3', '4', '5'] },
        input: [{ key: 'ownerId', type: 'ref', ref: 'members.owner', title: { 'zh-CN': '业主', en: 'Owner' }, required: true }],
        show: ['name', 'ownerId'],
        confirm: { 'zh-CN': '房屋的业主改为所选业主，并加入其房屋列表。', en: "The house's owner becomes the one chosen, and it joins their houses." },
        done: { 'zh-CN': '已绑定业主', en: 'Owner bound' },
        effect: true,
        icon: 'link',
        keywords: ['house', 'owner', 'bind', 'fangwu', 'yezhu', 'bangding'],
      },
      {
        id: 'generateFee',
        title: { 'zh-CN': '生成物业费', en: 'Bill property fees' },
        from: { houseStatus: ['1', '2', '3', '4', '5'] },
        many: true,
        input: [
          { key: 'periodFrom', type: 'text', preset: 'ym', title: { 'zh-CN': '计费起（月）', en: 'From (month)' }, required: true, max: 7 },
          { key: 'periodTo', type: 'text', preset: 'ym', title: { 'zh-CN': '计费止（月）', en: 'To (month)' }, required: true, max: 7 },
          { key: 'dueDate', type: 'date', title: { 'zh-CN': '缴费截止日期', en: 'Due by' }, required: true },
        ],
        confirm: {
          'zh-CN': '按 建筑面积 × 物业费单价 × 月数 为所选房屋生成物业费账单；与已有账单期间重叠的房屋不重复生成。',
          en: 'Bills each house chosen its floor area × price × months; a house billed for any of those months already is skipped.',
        },
        done: { 'zh-CN': '物业费账单已生成', en: 'Property fees billed' },
        effect: true,
        icon: 'receipt',
        keywords: ['house', 'property', 'fee', 'generate', 'wuyefei', 'shengcheng'],
        toolbar: true,
      },
    ],
  },
} as const satisfies EntitySpec;
